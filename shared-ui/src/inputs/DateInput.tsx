import { useState } from 'react';
import { parseIsoDate, toIsoDate } from '../format/format';
import { typedDateProblem } from './date-text';
import { yearOptions } from './year-options';
import { LazyDatePicker, PickerPlaceholder } from './lazy-pickers';
import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';

export interface DateInputProps extends BaseFieldProps<string | null> {
  /** Earliest selectable date, ISO YYYY-MM-DD. Dates before 1800 are never valid (spec 000 §9). */
  minDate?: string;
  /** Latest selectable date, ISO YYYY-MM-DD. */
  maxDate?: string;
}

const EARLIEST = '1800-01-01';

/** A calendar date (ISO YYYY-MM-DD) shown and typed as dd/MM/yyyy with an Italian calendar. */
export function DateInput(props: DateInputProps) {
  const { name, label, value, onChange, required, disabled, error, placeholder, hint } = props;
  /** What is wrong with the date last typed, which the picker refused and cleared. */
  const [typedProblem, setTypedProblem] = useState<string | null>(null);
  /**
   * The refused text itself, kept in the field beside its message: the picker would put the date selected before back
   * in the field, and the message would then speak of a date no longer shown (walk-forms-7).
   */
  const [refusedText, setRefusedText] = useState<string | null>(null);
  const shown = typedProblem ?? error ?? null;
  const a11y = controlProps(name, shown, hint, required);
  const minDate = parseIsoDate(props.minDate && props.minDate > EARLIEST ? props.minDate : EARLIEST);
  const maxDate = parseIsoDate(props.maxDate);
  const years = (shownYear: number) =>
    yearOptions(shownYear, props.minDate ? (minDate?.getFullYear() ?? null) : null, maxDate?.getFullYear() ?? null);

  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <LazyDatePicker
        fallback={<PickerPlaceholder a11y={a11y} placeholder={placeholder ?? 'Scegli una data'} disabled={disabled} />}
        a11y={a11y}
        required={required}
        disabled={disabled}
        placeholder={placeholder}
        selected={parseIsoDate(value)}
        onChange={(date: Date | null) => {
          if (date) {
            setTypedProblem(null);
            setRefusedText(null);
          }
          onChange(date ? toIsoDate(date) : null);
        }}
        onTypedText={(text) => {
          const problem = typedDateProblem(text, minDate && toIsoDate(minDate), maxDate && toIsoDate(maxDate));
          setTypedProblem(problem);
          setRefusedText(problem ? text : null);
        }}
        keptText={refusedText}
        onTyping={() => setRefusedText(null)}
        minDate={minDate}
        maxDate={maxDate}
        years={years}
      />
    </Field>
  );
}
