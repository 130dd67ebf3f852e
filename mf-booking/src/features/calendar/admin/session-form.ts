/**
 * The values of the '+ TS' / '+ TM' form (spec 001 §5 Training session form) and the payloads made of them;
 * the contract's schemas (trainingSessionForm, multiSessionForm) validate them with the spec's messages.
 */
import { parseNumber, type EditScope, type TrainingSession } from 'shared-api';
import { multiSessionForm, rangeMinutes, trainingSessionForm } from 'shared-api/contract';
import { DEFAULT_COLOR } from 'shared-ui';
import { ADMIN_DEFAULT } from '../event-style';

export type SessionVariant = 'single-range' | 'multi';

export interface SessionFormValues {
  title: string;
  recurring: boolean;
  day: string | null;
  recurring_days: string[];
  /** The period of a recurring session. */
  start_date: string | null;
  end_date: string | null;
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
    start_date: null,
    end_date: null,
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
    start_date: recurring && s.group ? s.group.start_date : null,
    end_date: recurring && s.group ? s.group.end_date : null,
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

/** Where the form is used: an edit of one occurrence or of the group sends its scope (and the occurrence's date). */
export interface SessionEdit {
  scope: EditScope;
  occurrenceDate: string | null;
}

/**
 * What the contract's session form checks (trainingSessionForm, multiSessionForm): the payload and the kind the
 * form fills in. An empty time, date or number is missing; a single range's duration is its total.
 */
export function toSessionInput(v: SessionFormValues, variant: SessionVariant, edit?: SessionEdit) {
  const when = v.recurring
    ? { day: null, recurring_days: v.recurring_days, start_date: v.start_date, end_date: v.end_date }
    : { day: v.day, recurring_days: null, start_date: null, end_date: null };
  const base = {
    recurring: v.recurring,
    title: v.title,
    ...when,
    start_time: v.start_time,
    end_time: v.end_time,
    is_booking_allowed: v.is_booking_allowed,
    color: v.color || null,
    participant_qualifications: v.participant_qualifications,
    game_tables: v.game_tables,
    session_not_considered_for_stats: v.session_not_considered_for_stats,
  };
  if (variant === 'multi') {
    return { ...base, duration: parseNumber(v.duration) ?? undefined, number_of_sessions: parseNumber(v.number_of_sessions) ?? undefined };
  }
  const total = totalMinutes(v);
  return { ...base, duration: total && total > 0 ? total : null, ...(edit ? { editScope: edit.scope, occurrence_date: edit.occurrenceDate } : {}) };
}

/** The contract's schema of the form: one range ('+ TS', copy, edit) or a range split into sessions ('+ TM'). */
export const sessionFormSchema = (variant: SessionVariant) => (variant === 'multi' ? multiSessionForm : trainingSessionForm);
