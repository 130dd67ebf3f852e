/**
 * The react-datepicker half of DateInput and TimeInput (with date-fns' Italian locale, about 40 KB gzip):
 * loaded on demand through lazy-pickers.ts, so pages without a date or time field never download it.
 */
import { useRef, type KeyboardEvent } from 'react';
import DatePicker from 'react-datepicker';
import { CalendarHeader, LOCALE, PORTAL_ID } from './datepicker';

export interface PickerA11y {
  id: string;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

export interface DatePickerProps {
  a11y: PickerA11y;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  selected: Date | null;
  onChange: (date: Date | null) => void;
  minDate: Date | null;
  maxDate: Date | null;
  years: (shownYear: number) => number[];
  /** The text in the field when the user leaves it or presses Enter: the date it holds may have been refused. */
  onTypedText?: (text: string) => void;
  /**
   * Text the field keeps showing instead of the selected date (a typed date the picker refused, shown with the message
   * that says why), until the user types again.
   */
  keptText?: string | null;
  /** The user typed in the field (the kept text gives way to what is typed). */
  onTyping?: () => void;
}

/**
 * react-datepicker takes Enter in its field to close the calendar and stops it there (preventDefault), so the
 * form around never hears it. Enter typed in the field submits the form once the picker has committed the date.
 */
function submitFormOnEnter(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing || !(event.target instanceof HTMLInputElement)) return;
  const form = event.target.form;
  if (!form) return;
  event.preventDefault();
  setTimeout(() => form.isConnected && form.requestSubmit());
}

export function DatePickerControl(props: DatePickerProps) {
  const { a11y, required, disabled, placeholder, selected, onChange, minDate, maxDate, years, onTypedText, keptText, onTyping } = props;
  // The text last typed, told when the field is left (react-datepicker hears the blur only with its calendar
  // closed: it closes the calendar then), or on Enter; a date chosen on the calendar replaces it.
  const typedText = useRef<string | null>(null);
  const tellTyped = () => {
    if (typedText.current !== null) onTypedText?.(typedText.current);
    typedText.current = null;
  };
  return (
    <DatePicker
      id={a11y.id}
      name={a11y.name}
      ariaInvalid={String(a11y['aria-invalid'])}
      ariaDescribedBy={a11y['aria-describedby']}
      ariaRequired={required ? 'true' : undefined}
      selected={selected}
      onChange={(date: Date | null, event?: { target: EventTarget | null }) => {
        if (!(event?.target instanceof HTMLInputElement)) typedText.current = null;
        onChange(date);
      }}
      onChangeRaw={(event) => {
        if (!(event?.target instanceof HTMLInputElement)) return;
        typedText.current = event.target.value;
        onTyping?.();
      }}
      value={keptText ?? undefined}
      onCalendarClose={tellTyped}
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
      popperPlacement="bottom-start"
      autoComplete="off"
      showPopperArrow={false}
      isClearable={!required && !disabled}
      clearButtonTitle="Cancella data"
      ariaLabelClose="Cancella data"
      chooseDayAriaLabelPrefix="Scegli"
      disabledDayAriaLabelPrefix="Non disponibile"
      weekAriaLabelPrefix="Settimana"
      monthAriaLabelPrefix="Mese"
      onKeyDown={(event) => {
        if (event.key === 'Enter') tellTyped();
        submitFormOnEnter(event);
      }}
      onBlur={tellTyped}
    />
  );
}

export interface TimePickerProps {
  a11y: PickerA11y;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  selected: Date | null;
  onChange: (date: Date | null) => void;
  stepMinutes?: number;
  minTime?: Date;
  maxTime?: Date;
}

export function TimePickerControl({ a11y, required, disabled, placeholder, selected, onChange, stepMinutes, minTime, maxTime }: TimePickerProps) {
  return (
    <DatePicker
      id={a11y.id}
      name={a11y.name}
      ariaInvalid={String(a11y['aria-invalid'])}
      ariaDescribedBy={a11y['aria-describedby']}
      ariaRequired={required ? 'true' : undefined}
      selected={selected}
      onChange={onChange}
      showTimeSelect
      showTimeSelectOnly
      timeIntervals={stepMinutes ?? 15}
      timeCaption="Orario"
      timeFormat="HH:mm"
      dateFormat="HH:mm"
      locale={LOCALE}
      minTime={minTime}
      maxTime={maxTime}
      placeholderText={placeholder ?? 'Scegli un orario'}
      disabled={disabled}
      className="ui-control"
      wrapperClassName="ui-datepicker ui-timepicker"
      portalId={PORTAL_ID}
      popperClassName="ui-datepicker-popper"
      popperPlacement="bottom-start"
      autoComplete="off"
      showPopperArrow={false}
      onKeyDown={submitFormOnEnter}
    />
  );
}
