import { parseIsoDate } from '../format/format';
import { DateInput } from './DateInput';
import { FieldGroup } from './Field';
import { SelectInput } from './SelectInput';
import type { BaseFieldProps } from './types';
/** A date range (ISO dates); either end may be missing while it is being filled in. */
export interface Period {
  start_date: string | null;
  end_date: string | null;
}

export type PeriodPreset = 'twelve_months' | 'first_pentamestre' | 'second_pentamestre' | 'whole_year';

export const PERIOD_PRESETS: readonly { key: PeriodPreset; label: string }[] = [
  { key: 'twelve_months', label: 'Dodici mesi' },
  { key: 'first_pentamestre', label: 'Primo pentamestre' },
  { key: 'second_pentamestre', label: 'Secondo pentamestre' },
  { key: 'whole_year', label: 'Anno intero' },
];

/** The sports season a date belongs to, named by the year it starts (1 September). */
export function seasonStartYear(date: Date): number {
  return date.getMonth() >= 8 ? date.getFullYear() : date.getFullYear() - 1;
}

/** Spec 001 §5: first pentamestre 1 Sep – 31 Jan, second 1 Feb – 30 Jun, whole year 1 Sep – 30 Jun; twelve months 1 Sep – 31 Aug. */
export function presetRange(preset: PeriodPreset, seasonYear: number): Period {
  const next = seasonYear + 1;
  switch (preset) {
    case 'twelve_months':
      return { start_date: `${seasonYear}-09-01`, end_date: `${next}-08-31` };
    case 'first_pentamestre':
      return { start_date: `${seasonYear}-09-01`, end_date: `${next}-01-31` };
    case 'second_pentamestre':
      return { start_date: `${next}-02-01`, end_date: `${next}-06-30` };
    case 'whole_year':
      return { start_date: `${seasonYear}-09-01`, end_date: `${next}-06-30` };
  }
}

/** The preset a range is exactly equal to, so it displays as that preset. */
export function matchPreset(period: Period): PeriodPreset | null {
  const start = parseIsoDate(period.start_date);
  if (!start || !period.end_date) return null;
  const season = seasonStartYear(start);
  const found = PERIOD_PRESETS.find(({ key }) => {
    const range = presetRange(key, season);
    return range.start_date === period.start_date && range.end_date === period.end_date;
  });
  return found?.key ?? null;
}

const PRESET_OPTIONS = PERIOD_PRESETS.map((p) => ({ value: p.key, label: p.label }));

export interface PeriodInputProps extends BaseFieldProps<Period> {
  /** Latest selectable date of either end, ISO YYYY-MM-DD. */
  maxDate?: string;
}

/** A date range with the club's season presets; the presets apply to the season of the start date (or today's). */
export function PeriodInput(props: PeriodInputProps) {
  const { name, label, onChange, required, disabled, error, hint, maxDate } = props;
  const value = props.value ?? { start_date: null, end_date: null };
  const shown = error ?? null;

  const applyPreset = (key: string) => {
    if (!key) return;
    const season = seasonStartYear(parseIsoDate(value.start_date) ?? new Date());
    onChange(presetRange(key as PeriodPreset, season));
  };

  return (
    <FieldGroup name={name} label={label} required={required} hint={hint} error={shown}>
      <div className="ui-grid ui-grid--3">
        <SelectInput
          name={`${name}-preset`}
          label="Periodo predefinito"
          value={matchPreset(value) ?? ''}
          onChange={applyPreset}
          options={PRESET_OPTIONS}
          placeholder="Personalizzato"
          disabled={disabled}
        />
        <DateInput
          name={`${name}-start`}
          label="Data inizio"
          value={value.start_date}
          onChange={(start_date) => onChange({ ...value, start_date })}
          required={required || Boolean(value.end_date)}
          maxDate={value.end_date && (!maxDate || value.end_date < maxDate) ? value.end_date : maxDate}
          disabled={disabled}
        />
        <DateInput
          name={`${name}-end`}
          label="Data fine"
          value={value.end_date}
          onChange={(end_date) => onChange({ ...value, end_date })}
          required={required}
          minDate={value.start_date ?? undefined}
          maxDate={maxDate}
          disabled={disabled}
        />
      </div>
    </FieldGroup>
  );
}
