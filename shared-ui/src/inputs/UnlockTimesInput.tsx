import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { WEEKDAY_NAMES } from '../format/format';
import { notify } from '../toast/notify';
import { CompositeSections } from './CompositeSections';
import { NumberInput } from './NumberInput';
import { SelectInput } from './SelectInput';
import { TimeInput } from './TimeInput';
import type { BaseFieldProps } from './types';
import { parseNumber } from './validators';

/** When, in the active week, more shifts become bookable (spec 001 §3 Unlock time). */
export interface UnlockTime {
  /** 0 Sunday to 6 Saturday. */
  day: number | null;
  /** HH:mm */
  hour: string | null;
  num_shifts: number | null;
  _id?: string;
}

export interface UnlockTimesInputProps extends BaseFieldProps<UnlockTime[]> {
  max?: number;
  /**
   * Hears whether an entry is started but not complete. Such an entry stays out of the value, so a form
   * that would otherwise save without it asks here and refuses to submit while one is pending.
   */
  onIncompleteChange?: (incomplete: boolean) => void;
}

export const UNLOCK_TIME_DECODE_ERROR = "Errore nella decodifica dell'orario di sblocco.";

/** An entry as being edited: the number of shifts is kept as typed. */
interface Draft {
  day: number | null;
  hour: string | null;
  shifts: string;
  _id?: string;
}

const emptyDraft = (): Draft => ({ day: null, hour: null, shifts: '' });

/** Reads one stored entry; null fields stay empty, a field that is present but unreadable fails the entry. */
function decode(raw: unknown): Draft | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const draft = emptyDraft();
  if (typeof r._id === 'string') draft._id = r._id;
  if (r.day !== null && r.day !== undefined) {
    const day = Number(r.day);
    if (!Number.isInteger(day) || day < 0 || day > 6) return null;
    draft.day = day;
  }
  if (r.hour !== null && r.hour !== undefined) {
    const [, hours, minutes] = (typeof r.hour === 'string' ? /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(r.hour) : null) ?? [];
    if (hours === undefined || minutes === undefined || Number(hours) > 23 || Number(minutes) > 59) return null;
    draft.hour = `${hours.padStart(2, '0')}:${minutes}`;
  }
  if (r.num_shifts !== null && r.num_shifts !== undefined) {
    const shifts = Number(r.num_shifts);
    if (!Number.isInteger(shifts) || shifts < 0) return null;
    draft.shifts = String(shifts);
  }
  return draft;
}

function decodeAll(value: readonly unknown[] | null | undefined): { drafts: Draft[]; failed: boolean } {
  const decoded = (value ?? []).map(decode);
  const drafts = decoded.filter((d): d is Draft => d !== null);
  // Default: one entry to fill in.
  return { drafts: drafts.length ? drafts : [emptyDraft()], failed: decoded.length !== drafts.length };
}

const shiftsOf = (draft: Draft) => {
  const n = parseNumber(draft.shifts);
  return n !== null && Number.isInteger(n) && n >= 1 ? n : null;
};

/** Only entries with day, time and number of shifts leave the input (spec 001 §5). */
function completeEntries(drafts: Draft[]): UnlockTime[] {
  return drafts.flatMap((d) => {
    const shifts = shiftsOf(d);
    if (d.day === null || !d.hour || shifts === null) return [];
    return [{ day: d.day, hour: d.hour, num_shifts: shifts, ...(d._id ? { _id: d._id } : {}) }];
  });
}

const started = (d: Draft) => d.day !== null || Boolean(d.hour) || d.shifts !== '';

const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((label, day) => ({ value: String(day), label }));

export function UnlockTimesInput(props: UnlockTimesInputProps) {
  const { name, label, value, onChange, required, disabled, submitAttempted, error, hint } = props;
  const [drafts, setDrafts] = useState<Draft[]>(() => decodeAll(value).drafts);
  // What this input last emitted (or accepted): a value equal to it is our own echo, anything else is new data.
  const known = useRef<string | null>(null);

  // Only new data from outside re-reads the drafts; a new onChange from the parent's render does not.
  const emitCleaned = useEffectEvent((cleaned: UnlockTime[]) => onChange(cleaned));
  useEffect(() => {
    const incoming = JSON.stringify(value ?? []);
    if (incoming === known.current) return;
    const decoded = decodeAll(value);
    setDrafts(decoded.drafts);
    if (decoded.failed) {
      notify.error(UNLOCK_TIME_DECODE_ERROR, { toastId: UNLOCK_TIME_DECODE_ERROR });
      const cleaned = completeEntries(decoded.drafts);
      known.current = JSON.stringify(cleaned);
      emitCleaned(cleaned);
    } else {
      known.current = incoming;
    }
  }, [value]);

  const reportIncomplete = useEffectEvent((incomplete: boolean) => props.onIncompleteChange?.(incomplete));
  const incomplete = drafts.some((d) => started(d) && completeEntries([d]).length === 0);
  useEffect(() => {
    reportIncomplete(incomplete);
  }, [incomplete]);

  const update = (next: Draft[]) => {
    setDrafts(next);
    const entries = completeEntries(next);
    const serialised = JSON.stringify(entries);
    if (serialised !== known.current) {
      known.current = serialised;
      onChange(entries);
    }
  };

  return (
    <CompositeSections<Draft>
      name={name}
      label={label}
      value={drafts}
      onChange={update}
      createItem={emptyDraft}
      max={props.max}
      required={required}
      disabled={disabled}
      error={error}
      hint={hint}
      submitAttempted={submitAttempted}
      addLabel="Aggiungi orario di sblocco"
      sectionTitle={(i) => `Orario di sblocco ${i + 1}`}
      renderSection={(draft, index, set) => {
        // An untouched entry of an optional field is simply left out; a started one must be completed.
        const check = Boolean(submitAttempted) && (Boolean(required) || started(draft));
        return (
          <div className="ui-grid ui-grid--3">
            <SelectInput
              name={`${name}-${index}-day`}
              label="Giorno"
              value={draft.day === null ? '' : String(draft.day)}
              onChange={(v) => set({ ...draft, day: v === '' ? null : Number(v) })}
              options={WEEKDAY_OPTIONS}
              required
              disabled={disabled}
              submitAttempted={check}
            />
            <TimeInput
              name={`${name}-${index}-hour`}
              label="Orario"
              value={draft.hour}
              onChange={(v) => set({ ...draft, hour: v })}
              required
              disabled={disabled}
              submitAttempted={check}
            />
            <NumberInput
              name={`${name}-${index}-shifts`}
              label="Numero di turni"
              value={draft.shifts}
              onChange={(v) => set({ ...draft, shifts: v })}
              min={1}
              required
              disabled={disabled}
              submitAttempted={check}
            />
          </div>
        );
      }}
    />
  );
}
