/**
 * DateInput and TimeInput render react-datepicker, loaded the first time a page shows one of them (or when
 * the browser is idle, see preloadDateTimePickers): the first page of the portal does not pay for it.
 * Until it arrives, a disabled look-alike field stands in, with the same id, so the label still points at it.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { DatePickerProps, PickerA11y, TimePickerProps } from './date-time-pickers';

type PickersModule = typeof import('./date-time-pickers');

let loaded: PickersModule | null = null;
let loading: Promise<PickersModule> | null = null;

export function preloadDateTimePickers(): Promise<PickersModule> {
  loading ??= import('./date-time-pickers').then((m) => (loaded = m));
  return loading;
}

function usePickers(): PickersModule | null {
  const [pickers, setPickers] = useState(loaded);
  useEffect(() => {
    if (pickers) return;
    let alive = true;
    void preloadDateTimePickers().then((m) => alive && setPickers(m));
    return () => {
      alive = false;
    };
  }, [pickers]);
  return pickers;
}

export function PickerPlaceholder({ a11y, placeholder, disabled }: { a11y: PickerA11y; placeholder: string; disabled?: boolean }) {
  return (
    <div className="ui-datepicker">
      <input
        id={a11y.id}
        name={a11y.name}
        className="ui-control"
        placeholder={placeholder}
        aria-busy="true"
        aria-describedby={a11y['aria-describedby']}
        readOnly
        disabled={disabled}
      />
    </div>
  );
}

export function LazyDatePicker({ fallback, ...props }: DatePickerProps & { fallback: ReactNode }) {
  const pickers = usePickers();
  return pickers ? <pickers.DatePickerControl {...props} /> : <>{fallback}</>;
}

export function LazyTimePicker({ fallback, ...props }: TimePickerProps & { fallback: ReactNode }) {
  const pickers = usePickers();
  return pickers ? <pickers.TimePickerControl {...props} /> : <>{fallback}</>;
}
