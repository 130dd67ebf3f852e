import { useEffect, useEffectEvent } from 'react';
import { MONTH_NAMES } from '../format/format';
import { FieldGroup } from './Field';
import { SelectInput } from './SelectInput';
import type { BaseFieldProps } from './types';
/** A month (1–12) of a year; either may be missing while it is being chosen. */
export interface MonthPeriod {
  month: number | null;
  year: number | null;
}

const MONTH_OPTIONS = MONTH_NAMES.map((label, i) => ({ value: String(i + 1), label }));

/** Years offered: ten back and one ahead of the current one, plus the value's own year. */
function yearOptions(current: number, selected: number | null) {
  const years = new Set<number>();
  for (let y = current + 1; y >= current - 10; y--) years.add(y);
  if (selected !== null) years.add(selected);
  return [...years].sort((a, b) => b - a).map((y) => ({ value: String(y), label: String(y) }));
}

/** A month (1–12) of a year; the year starts as the current one (spec 001 §5). */
export function MonthPeriodInput(props: BaseFieldProps<MonthPeriod>) {
  const { name, label, onChange, required, disabled, error, hint } = props;
  const value = props.value ?? { month: null, year: null };
  const currentYear = new Date().getFullYear();

  // The default year belongs in the form's payload, not only on screen; only a missing year calls for it.
  const fillCurrentYear = useEffectEvent(() => onChange({ ...value, year: currentYear }));
  useEffect(() => {
    if (value.year === null) fillCurrentYear();
  }, [value.year]);

  return (
    <FieldGroup name={name} label={label} required={required} hint={hint} error={error ?? null}>
      <div className="ui-grid ui-grid--2">
        <SelectInput
          name={`${name}-month`}
          label="Mese"
          value={value.month === null ? '' : String(value.month)}
          onChange={(v) => onChange({ ...value, month: v === '' ? null : Number(v) })}
          options={MONTH_OPTIONS}
          required={required}
          disabled={disabled}
        />
        <SelectInput
          name={`${name}-year`}
          label="Anno"
          value={value.year === null ? '' : String(value.year)}
          onChange={(v) => onChange({ ...value, year: v === '' ? null : Number(v) })}
          options={yearOptions(currentYear, value.year)}
          required={required}
          disabled={disabled}
        />
      </div>
    </FieldGroup>
  );
}
