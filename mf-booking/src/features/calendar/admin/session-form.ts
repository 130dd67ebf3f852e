/**
 * The values of the '+ TS' / '+ TM' form (spec 001 §5 Training session form) and the payloads made of them;
 * the contract's schemas (trainingSessionPayload, multiSessionPayload) validate them with the spec's messages.
 */
import type { EditScope, TrainingSession } from 'shared-api';
import { REQUIRED, multiSessionPayload, rangeMinutes, trainingSessionPayload } from 'shared-api/contract';
import { DEFAULT_COLOR, parseNumber, type Period } from 'shared-ui';
import { ADMIN_DEFAULT } from '../event-style';

export type SessionVariant = 'single-range' | 'multi';

export interface SessionFormValues {
  title: string;
  recurring: boolean;
  day: string | null;
  recurring_days: string[];
  period: Period;
  start_time: string | null;
  end_time: string | null;
  duration: string;
  number_of_sessions: string;
  color: string;
  participant_qualifications: string[];
  game_tables: string[];
  is_booking_allowed: boolean;
  session_not_considered_for_stats: boolean;
}

/** Weekdays as the payload sends them: '1'..'6' Monday to Saturday, '0' Sunday; shown Monday first. */
export const WEEKDAY_OPTIONS = [
  { id: '1', name: 'Lunedì' },
  { id: '2', name: 'Martedì' },
  { id: '3', name: 'Mercoledì' },
  { id: '4', name: 'Giovedì' },
  { id: '5', name: 'Venerdì' },
  { id: '6', name: 'Sabato' },
  { id: '0', name: 'Domenica' },
];

export function emptyForm(day: string | null): SessionFormValues {
  return {
    title: '',
    recurring: false,
    day,
    recurring_days: [],
    period: { start_date: null, end_date: null },
    start_time: null,
    end_time: null,
    duration: '',
    number_of_sessions: '1',
    color: ADMIN_DEFAULT,
    participant_qualifications: [],
    game_tables: [],
    is_booking_allowed: true,
    session_not_considered_for_stats: false,
  };
}

/** The form filled from an occurrence: for a copy or a single edit its date; for a group edit the group's days and period. */
export function formFromSession(s: TrainingSession, recurring: boolean): SessionFormValues {
  return {
    ...emptyForm(s.specific_date),
    title: s.title,
    recurring,
    day: recurring ? null : s.specific_date,
    recurring_days: recurring ? s.group_week_days.map(String) : [],
    period: recurring && s.group ? { start_date: s.group.start_date, end_date: s.group.end_date } : { start_date: null, end_date: null },
    start_time: s.start_time.slice(0, 5),
    end_time: s.end_time.slice(0, 5),
    duration: String(s.duration),
    color: s.color || DEFAULT_COLOR,
    participant_qualifications: s.participant_qualifications,
    game_tables: recurring && s.group_game_tables.length ? s.group_game_tables.map((t) => t._id) : [s.game_table._id],
    is_booking_allowed: s.is_booking_allowed,
    session_not_considered_for_stats: s.session_not_considered_for_stats,
  };
}

/** Minutes between start and end, or null while either is missing. */
export function totalMinutes(v: Pick<SessionFormValues, 'start_time' | 'end_time'>): number | null {
  return v.start_time && v.end_time ? rangeMinutes(v.start_time, v.end_time) : null;
}

/** Changing the number of sessions sets the duration to floor(total / count) (spec 001 §5). */
export function withCount(v: SessionFormValues, text: string): SessionFormValues {
  const count = parseNumber(text);
  const total = totalMinutes(v);
  const duration = count && count > 0 && total && total > 0 ? String(Math.floor(total / count)) : v.duration;
  return { ...v, number_of_sessions: text, duration };
}

/** Changing the duration sets the number of sessions to floor(total / duration). */
export function withDuration(v: SessionFormValues, text: string): SessionFormValues {
  const duration = parseNumber(text);
  const total = totalMinutes(v);
  const count = duration && duration > 0 && total && total > 0 ? String(Math.floor(total / duration)) : v.number_of_sessions;
  return { ...v, duration: text, number_of_sessions: count };
}

function basePayload(v: SessionFormValues) {
  const when = v.recurring
    ? { day: null, recurring_days: v.recurring_days, start_date: v.period.start_date, end_date: v.period.end_date }
    : { day: v.day, recurring_days: null, start_date: null, end_date: null };
  return {
    title: v.title,
    ...when,
    start_time: v.start_time ?? '',
    end_time: v.end_time ?? '',
    is_booking_allowed: v.is_booking_allowed,
    color: v.color || null,
    participant_qualifications: v.participant_qualifications,
    game_tables: v.game_tables,
    session_not_considered_for_stats: v.session_not_considered_for_stats,
  };
}

export type FieldErrors = Partial<Record<string, string>>;

export interface Built {
  body: Record<string, unknown> | null;
  errors: FieldErrors;
}

function collect(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * What the form says before the contract: the fields the chosen kind (single or recurring) needs, and missing
 * times as missing rather than malformed. The contract tells single from recurring by the fields present, so an
 * empty recurring form would otherwise be reported as a missing day.
 */
function requiredErrors(v: SessionFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!v.start_time) errors.start_time = REQUIRED;
  if (!v.end_time) errors.end_time = REQUIRED;
  if (v.recurring) {
    if (!v.recurring_days.length) errors.recurring_days = REQUIRED;
    if (!v.period.start_date) errors.start_date = REQUIRED;
    if (!v.period.end_date) errors.end_date = REQUIRED;
  }
  return errors;
}

function result(
  input: Record<string, unknown>,
  parsed: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  v: SessionFormValues,
): Built {
  const own = requiredErrors(v);
  const errors = { ...(parsed.success ? {} : collect(parsed.error!.issues)), ...own };
  if (v.recurring) delete errors.day;
  return Object.keys(errors).length === 0 ? { body: input, errors } : { body: null, errors };
}

/** Validates the values with the contract and makes the payload: '+ TS' one range, '+ TM' split into sessions. */
export function buildPayload(v: SessionFormValues, variant: SessionVariant, edit?: { scope: EditScope; occurrenceDate: string | null }): Built {
  const base = basePayload(v);
  if (variant === 'multi') {
    const input = { ...base, duration: parseNumber(v.duration) ?? undefined, number_of_sessions: parseNumber(v.number_of_sessions) ?? undefined };
    return result(input, multiSessionPayload.safeParse(input), v);
  }
  const total = totalMinutes(v);
  const input = {
    ...base,
    duration: total && total > 0 ? total : null,
    ...(edit ? { editScope: edit.scope, occurrence_date: edit.occurrenceDate } : {}),
  };
  return result(input, trainingSessionPayload.safeParse(input), v);
}
