import DatePicker from 'react-datepicker';
import { parseIsoDate, toIsoDate } from '../format/format';
import { CalendarHeader, LOCALE, PORTAL_ID, yearOptions } from './datepicker';
import { controlProps, Field, shownError } from './Field';
import type { BaseFieldProps } from './types';
import { validateRequired } from './validators';

export interface DateInputProps extends BaseFieldProps<string | null> {
  /** Earliest selectable date, ISO YYYY-MM-DD. Dates before 1800 are never valid (spec 000 §9). */
  minDate?: string;
  /** Latest selectable date, ISO YYYY-MM-DD. */
  maxDate?: string;
}

const EARLIEST = '1800-01-01';

/** A calendar date (ISO YYYY-MM-DD) shown and typed as dd/MM/yyyy with an Italian calendar. */
export function DateInput(props: DateInputProps) {
  const { name, label, value, onChange, required, disabled, submitAttempted, error, placeholder, hint } = props;
  const shown = shownError(error, submitAttempted, required ? validateRequired(value) : null);
  const a11y = controlProps(name, shown, hint, required);
  const minDate = parseIsoDate(props.minDate && props.minDate > EARLIEST ? props.minDate : EARLIEST);
  const maxDate = parseIsoDate(props.maxDate);
  const years = (shownYear: number) =>
    yearOptions(shownYear, props.minDate ? (minDate?.getFullYear() ?? null) : null, maxDate?.getFullYear() ?? null);

  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <DatePicker
        id={a11y.id}
        name={a11y.name}
        ariaInvalid={String(a11y['aria-invalid'])}
        ariaDescribedBy={a11y['aria-describedby']}
        ariaRequired={required ? 'true' : undefined}
        selected={parseIsoDate(value)}
        onChange={(date: Date | null) => onChange(date ? toIsoDate(date) : null)}
        locale={LOCALE}
        dateFormat="dd/MM/yyyy"
        placeholderText={placeholder ?? 'Scegli una data'}
        minDate={minDate ?? undefined}
        maxDate={maxDate ?? undefined}
        renderCustomHeader={(header) => <CalendarHeader {...header} years={years} />}
        disabled={disabled}
        className="ui-control"
        wrapperClassName="ui-datepicker"
        portalId={PORTAL_ID}
        popperClassName="ui-datepicker-popper"
        autoComplete="off"
        showPopperArrow={false}
        isClearable={!required && !disabled}
        clearButtonTitle="Cancella data"
        ariaLabelClose="Cancella data"
        chooseDayAriaLabelPrefix="Scegli"
        disabledDayAriaLabelPrefix="Non disponibile"
        weekAriaLabelPrefix="Settimana"
        monthAriaLabelPrefix="Mese"
      />
    </Field>
  );
}
