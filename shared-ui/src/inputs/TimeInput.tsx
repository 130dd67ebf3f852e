import { LazyTimePicker, PickerPlaceholder } from './lazy-pickers';
import { controlProps, Field } from './Field';
import type { BaseFieldProps } from './types';

export interface TimeInputProps extends BaseFieldProps<string | null> {
  /** Minutes between the times offered; default 15. */
  stepMinutes?: number;
  /** Earliest time offered, HH:mm. */
  min?: string;
  /** Latest time offered, HH:mm. */
  max?: string;
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)/;

/** A Date today at HH:mm (the picker works on Dates; only the time of day matters). */
function timeToDate(time: string | null | undefined): Date | null {
  const match = time ? TIME.exec(time) : null;
  if (!match) return null;
  const date = new Date();
  date.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateToTime = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** A time of day HH:mm, typed or picked from a list in steps of stepMinutes. */
export function TimeInput(props: TimeInputProps) {
  const { name, label, value, onChange, required, disabled, error, placeholder, hint } = props;
  const shown = error ?? null;
  const a11y = controlProps(name, shown, hint, required);
  // The picker needs both bounds or neither.
  const bounded = props.min !== undefined || props.max !== undefined;
  const minTime = bounded ? (timeToDate(props.min) ?? timeToDate('00:00')!) : undefined;
  const maxTime = bounded ? (timeToDate(props.max) ?? timeToDate('23:59')!) : undefined;

  return (
    <Field name={name} label={label} required={required} hint={hint} error={shown}>
      <LazyTimePicker
        fallback={<PickerPlaceholder a11y={a11y} placeholder={placeholder ?? 'Scegli un orario'} disabled={disabled} />}
        a11y={a11y}
        required={required}
        disabled={disabled}
        placeholder={placeholder}
        selected={timeToDate(value)}
        onChange={(date: Date | null) => onChange(date ? dateToTime(date) : null)}
        stepMinutes={props.stepMinutes}
        minTime={minTime}
        maxTime={maxTime}
      />
    </Field>
  );
}
