import { WEEKDAY_NAMES } from '../format/format';
import { CompositeSections } from './CompositeSections';
import { NumberInput } from './NumberInput';
import { SelectInput } from './SelectInput';
import { TimeInput } from './TimeInput';
import type { BaseFieldProps } from './types';

/**
 * When, in the active week, more shifts become bookable (spec 001 §3 Unlock time), as the form holds it while it
 * is filled in: the number of shifts as typed. The contract's form schema reads the rows: one left untouched is
 * no unlock time, a started one must be completed.
 */
export interface UnlockTimeRow {
  /** 0 Sunday to 6 Saturday. */
  day: number | null;
  /** HH:mm */
  hour: string | null;
  num_shifts: string;
  _id?: string;
}

export type UnlockTimeField = 'day' | 'hour' | 'num_shifts';

export interface UnlockTimesInputProps extends BaseFieldProps<UnlockTimeRow[]> {
  max?: number;
  /** What is wrong with one field of a row (the form schema's message at unlock_times.<index>.<field>). */
  rowError?: (index: number, field: UnlockTimeField) => string | null;
}

export const UNLOCK_TIME_DECODE_ERROR = "Errore nella decodifica dell'orario di sblocco.";

const emptyRow = (): UnlockTimeRow => ({ day: null, hour: null, num_shifts: '' });

/** Reads one stored entry; null fields stay empty, a field that is present but unreadable fails the entry. */
function decode(raw: unknown): UnlockTimeRow | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const row = emptyRow();
  if (typeof r._id === 'string') row._id = r._id;
  if (r.day !== null && r.day !== undefined) {
    const day = Number(r.day);
    if (!Number.isInteger(day) || day < 0 || day > 6) return null;
    row.day = day;
  }
  if (r.hour !== null && r.hour !== undefined) {
    const [, hours, minutes] = (typeof r.hour === 'string' ? /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(r.hour) : null) ?? [];
    if (hours === undefined || minutes === undefined || Number(hours) > 23 || Number(minutes) > 59) return null;
    row.hour = `${hours.padStart(2, '0')}:${minutes}`;
  }
  if (r.num_shifts !== null && r.num_shifts !== undefined) {
    const shifts = Number(r.num_shifts);
    if (!Number.isInteger(shifts) || shifts < 0) return null;
    row.num_shifts = String(shifts);
  }
  return row;
}

/**
 * The rows of stored unlock times, one empty row to fill in when there are none. An entry that cannot be read is
 * left out and `failed` says so (the form shows UNLOCK_TIME_DECODE_ERROR).
 */
export function unlockTimeRows(stored: readonly unknown[] | null | undefined): { rows: UnlockTimeRow[]; failed: boolean } {
  const decoded = (stored ?? []).map(decode);
  const rows = decoded.filter((d): d is UnlockTimeRow => d !== null);
  return { rows: rows.length ? rows : [emptyRow()], failed: decoded.length !== rows.length };
}

const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((label, day) => ({ value: String(day), label }));

/** The unlock times of a booking rule: a section per entry, each with its day, time and number of shifts. */
export function UnlockTimesInput(props: UnlockTimesInputProps) {
  const { name, label, value, onChange, required, disabled, error, hint, rowError } = props;
  return (
    <CompositeSections<UnlockTimeRow>
      name={name}
      label={label}
      value={value}
      onChange={onChange}
      createItem={emptyRow}
      max={props.max}
      required={required}
      disabled={disabled}
      error={error}
      hint={hint}
      addLabel="Aggiungi orario di sblocco"
      sectionTitle={(i) => `Orario di sblocco ${i + 1}`}
      renderSection={(row, index, set) => (
        <div className="ui-grid ui-grid--3">
          <SelectInput
            name={`${name}-${index}-day`}
            label="Giorno"
            value={row.day === null ? '' : String(row.day)}
            onChange={(v) => set({ ...row, day: v === '' ? null : Number(v) })}
            options={WEEKDAY_OPTIONS}
            required
            disabled={disabled}
            error={rowError?.(index, 'day')}
          />
          <TimeInput
            name={`${name}-${index}-hour`}
            label="Orario"
            value={row.hour}
            onChange={(v) => set({ ...row, hour: v })}
            required
            disabled={disabled}
            error={rowError?.(index, 'hour')}
          />
          <NumberInput
            name={`${name}-${index}-shifts`}
            label="Numero di turni"
            value={row.num_shifts}
            onChange={(v) => set({ ...row, num_shifts: v })}
            required
            disabled={disabled}
            error={rowError?.(index, 'num_shifts')}
          />
        </div>
      )}
    />
  );
}
