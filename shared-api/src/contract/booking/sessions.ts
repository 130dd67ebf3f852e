import { z } from 'zod';
import { boolish, exportFormat, id, isoDate, lineText, REQUIRED, timeOfDay } from '../common';
import type { ApiErrorCode } from '../errors';
import { gameTable } from './game-tables';

/** Weekday numbers as the form sends them: strings '0' (Sunday) … '6' (Saturday); numbers are accepted too. */
const recurringDays = z
  .array(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
      z.number().int('Giorno non valido (0–6)').min(0, 'Giorno non valido (0–6)').max(6, 'Giorno non valido (0–6)'),
    ),
  )
  .max(7, 'Puoi selezionare al massimo 7 elementi')
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

export const EDIT_SCOPES = ['single', 'group'] as const;
export const editScope = z.enum(EDIT_SCOPES);
export type EditScope = z.infer<typeof editScope>;

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colore non valido (formato atteso #RRGGBB)');

const minutesOfDay = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** The longest range that runs past midnight into the next day (an end earlier than the start). */
export const MAX_PAST_MIDNIGHT_MINUTES = 12 * 60;

/**
 * Minutes of a time range (0 or less: refused). '00:00' as the end means midnight (the range runs to the end of the
 * day). An end earlier than the start runs into the next day (spec 001 §5: 23:00–01:00 is two hours) when the range
 * lasts at most MAX_PAST_MIDNIGHT_MINUTES; a longer one (18:00–17:00) is taken for an end before the start.
 */
export function rangeMinutes(start: string, end: string): number {
  if (end === '00:00') return 24 * 60 - minutesOfDay(start);
  const minutes = minutesOfDay(end) - minutesOfDay(start);
  return minutes < 0 && minutes + 24 * 60 <= MAX_PAST_MIDNIGHT_MINUTES ? minutes + 24 * 60 : minutes;
}

/** Every session of a '+ TM' range starts on the range's day: the last may run past midnight, none may start after it. */
export const SLOT_AFTER_MIDNIGHT = "Ogni turno deve iniziare prima di mezzanotte: riduci il numero di turni o dividi l'intervallo";

export const END_BEFORE_START = "L'ora di fine deve essere successiva all'ora di inizio";
export const TOO_MANY_SESSIONS = 'Non è possibile questo numero di turni';
export const durationTooLong = (total: number) => `La durata non può essere maggiore di ${total} minuti`;

/**
 * The fields every session payload shares (spec 000 §3 Session create/update payload). `day` makes a single
 * session; `recurring_days` with `start_date` and `end_date` a group repeating on those week days. A session on
 * several `game_tables` is one session per table.
 */
const sessionFields = {
  title: lineText().min(1, REQUIRED).max(200),
  /** The date of a single session. */
  day: isoDate.nullish(),
  start_time: timeOfDay,
  /** After start_time; '00:00' means midnight. */
  end_time: timeOfDay,
  /** Minutes; a single range's duration must be end − start (it is computed when left out). */
  duration: z.number().int('Valore decimale non consentito').nullish(),
  is_booking_allowed: z.boolean().default(true),
  color: colour.nullish(),
  participant_qualifications: z.array(id).min(1, REQUIRED).max(300),
  game_tables: z.array(id).min(1, REQUIRED).max(100),
  session_not_considered_for_stats: z.boolean().default(false),
  recurring_days: recurringDays.nullish(),
  start_date: isoDate.nullish(),
  end_date: isoDate.nullish(),
};

type SessionKindShape = {
  day?: string | null;
  recurring_days?: unknown[] | null;
  start_date?: string | null;
  end_date?: string | null;
  /** The session form says which kind it fills in; a payload's kind is read from the fields present. */
  recurring?: boolean;
};
type SessionFieldsShape = SessionKindShape & { start_time: string; end_time: string };

/** Single (day) or recurring (week days and a period), never both, never neither. */
function checkKind(s: SessionKindShape, ctx: z.RefinementCtx) {
  const recurring = s.recurring ?? Boolean(s.recurring_days?.length || s.start_date || s.end_date);
  if (!s.day && !recurring) ctx.addIssue({ code: 'custom', path: ['day'], message: REQUIRED });
  if (s.day && recurring)
    ctx.addIssue({
      code: 'custom',
      path: ['day'],
      message: 'Indica una data (turno singolo) oppure i giorni e il periodo (turno ricorrente), non entrambi',
    });
  if (!s.day && recurring) {
    if (!s.recurring_days?.length) ctx.addIssue({ code: 'custom', path: ['recurring_days'], message: REQUIRED });
    if (!s.start_date) ctx.addIssue({ code: 'custom', path: ['start_date'], message: REQUIRED });
    if (!s.end_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: REQUIRED });
  }
}

/** The time range in order and, for a recurring session, the period in order. */
function checkRanges(s: SessionFieldsShape, ctx: z.RefinementCtx) {
  if (rangeMinutes(s.start_time, s.end_time) <= 0) ctx.addIssue({ code: 'custom', path: ['end_time'], message: END_BEFORE_START });
  if (!s.day && s.start_date && s.end_date && s.end_date < s.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'La data di fine non può precedere la data di inizio' });
  }
}

function checkWhen(s: SessionFieldsShape, ctx: z.RefinementCtx) {
  checkRanges(s, ctx);
  checkKind(s, ctx);
}

/**
 * POST /training-session/ ('+ TS', and copy), PATCH /training-session/{id}: one time range.
 * On PATCH: `editScope` single (only this occurrence: give `occurrence_date` for a group's occurrence) or group
 * (the group from today on, keeping past occurrences and booked ones).
 */
const trainingSessionFields = z.object({
  ...sessionFields,
  editScope: editScope.nullish(),
  /** PATCH of one occurrence of a group (editScope single): its date. */
  occurrence_date: isoDate.nullish(),
});

function checkSingleRange(s: SessionFieldsShape & { duration?: number | null }, ctx: z.RefinementCtx) {
  checkWhen(s, ctx);
  const total = rangeMinutes(s.start_time, s.end_time);
  if (total > 0 && s.duration != null && s.duration !== total) {
    ctx.addIssue({ code: 'custom', path: ['duration'], message: `La durata deve corrispondere all'intervallo scelto (${total} minuti)` });
  }
}

export const trainingSessionPayload = trainingSessionFields.superRefine(checkSingleRange);
export type TrainingSessionPayload = z.infer<typeof trainingSessionPayload>;
export type TrainingSessionPayloadInput = z.input<typeof trainingSessionPayload>;

/**
 * POST /training-session/group/session ('+ TM'): the range start_time–end_time split into `number_of_sessions`
 * sessions of `duration` minutes each, back to back from the start (spec 001 §5 Multiple sessions), on a day or
 * on the week days of a period.
 */
const multiSessionFields = z.object({
  ...sessionFields,
  duration: z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Inserisci un numero valido') })
    .int('Valore decimale non consentito'),
  number_of_sessions: z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : 'Inserisci un numero valido') })
    .int('Valore decimale non consentito')
    .min(1, TOO_MANY_SESSIONS)
    .max(96, TOO_MANY_SESSIONS),
});

function checkSplit(s: SessionFieldsShape & { duration: number; number_of_sessions: number }, ctx: z.RefinementCtx) {
  checkWhen(s, ctx);
  const total = rangeMinutes(s.start_time, s.end_time);
  if (total <= 0) return;
  if (s.duration > total) ctx.addIssue({ code: 'custom', path: ['duration'], message: durationTooLong(total) });
  else if (s.duration <= 0 || s.duration * s.number_of_sessions > total)
    ctx.addIssue({ code: 'custom', path: ['number_of_sessions'], message: TOO_MANY_SESSIONS });
  else if (minutesOfDay(s.start_time) + (s.number_of_sessions - 1) * s.duration >= 24 * 60)
    ctx.addIssue({ code: 'custom', path: ['number_of_sessions'], message: SLOT_AFTER_MIDNIGHT });
}

export const multiSessionPayload = multiSessionFields.superRefine(checkSplit);
export type MultiSessionPayload = z.infer<typeof multiSessionPayload>;

/**
 * The session forms (mf-booking '+ TS' and copy or edit, '+ TM'): the payload and the kind the form fills in,
 * single or recurring (the tab chosen). What that kind misses is said even while other fields are wrong, so an
 * empty form names every field it needs at once.
 */
const formKind = { recurring: z.boolean() };
const kindEvenIfWrong = [(s: unknown, ctx: z.RefinementCtx) => checkKind(s as SessionKindShape, ctx), { when: () => true }] as const;
export const trainingSessionForm = trainingSessionFields
  .extend(formKind)
  .superRefine(...kindEvenIfWrong)
  .superRefine(checkSingleRange);
export const multiSessionForm = multiSessionFields
  .extend(formKind)
  .superRefine(...kindEvenIfWrong)
  .superRefine(checkSplit);

/** A participant of a booking as the calendars show it: the colour of their highest-priority qualification, else black. */
export const participant = z.object({ _id: id, name: z.string(), surname: z.string(), color: z.string() });
export type Participant = z.infer<typeof participant>;

/** A group as an occurrence carries it (spec 000 §3 `group`). */
export const sessionGroupRef = z.object({ _id: id, start_date: isoDate, end_date: isoDate });

/**
 * The refusals a caller's own booking of an occurrence can meet before a partner is chosen (the booker's checks of
 * DESIGN §4, in their order): each is the code POST /training-session/{id}/book would answer (API_ERRORS), so a page
 * shows its text. SESSION_NOT_ON_DATE: the occurrence was deleted between the list's read and the check's.
 */
export const BOOKABILITY_REFUSALS = [
  'BOOKING_NOT_ALLOWED',
  'SESSION_ALREADY_BOOKED',
  'SESSION_STARTED',
  'PARTNER_NOT_FOUND',
  'BOOKING_OUTSIDE_ACTIVE_WEEK',
  'BOOKING_SUSPENDED',
  'MEDICAL_CERTIFICATE_INVALID_USER',
  'QUALIFICATION_MISSING_USER',
  'OVERLAPPING_BOOKING_USER',
  'DAILY_LIMIT_USER',
  'WEEKLY_LIMIT_USER',
  'SESSION_NOT_ON_DATE',
] as const satisfies readonly ApiErrorCode[];
export type BookabilityRefusal = (typeof BOOKABILITY_REFUSALS)[number];

/**
 * Whether the caller can book an occurrence now with a partner who may play, and if not why (GET /training-session
 * with bookability=true): the server's own checks, read for the whole range in one statement.
 */
export const bookability = z.object({
  bookable: z.boolean(),
  /** The refusal the booking would meet now; null when bookable. */
  refusal: z.enum(BOOKABILITY_REFUSALS).nullable(),
  /**
   * When time lifts the refusal (ISO 8601, UTC): the booking week opening, or the caller's booking rule releasing a
   * shift at one of its unlock times, or its quotas ceasing to apply close to the start. Null when bookable, or when
   * waiting will not make it bookable before it starts.
   */
  opens_at: z.string().nullable(),
});
export type Bookability = z.infer<typeof bookability>;

/**
 * One occurrence of a training session on a date (GET /training-session and friends): a single session, a group's
 * computed occurrence (isVirtual) or a stored exception of a group.
 */
export const trainingSession = z.object({
  /** The session (a single session, or the group's session on one table and time slot). */
  _id: id,
  title: z.string(),
  /** The date of this occurrence (YYYY-MM-DD, club calendar). */
  specific_date: isoDate,
  /** Its weekday, 0 Sunday … 6 Saturday. */
  day: z.number().int(),
  start_time: z.string(),
  end_time: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  /** Start and end as instants (ISO 8601, UTC), from the club's time zone. */
  start_at: z.string(),
  end_at: z.string(),
  color: z.string(),
  is_booking_allowed: z.boolean(),
  /** Qualification ids: a participant needs one of them. */
  participant_qualifications: z.array(id),
  game_table: gameTable,
  /** The tables of the session's group (or its own table). */
  game_tables: z.array(gameTable),
  session_not_considered_for_stats: z.boolean(),
  participants: z.array(participant),
  participant_colors: z.array(z.string()),
  /** The active booking of this occurrence, or null (then it is available). */
  booking_id: id.nullable(),
  group: sessionGroupRef.nullable(),
  group_week_days: z.array(z.number().int()),
  group_game_tables: z.array(gameTable),
  recurring_days: z.array(z.string()),
  /** True for a group's occurrence computed for the range (no exception stored for it). */
  isVirtual: z.boolean(),
  virtualGroupId: id.nullable(),
  /** Whether the caller can book it (GET /training-session?bookability=true only). */
  bookability: bookability.optional(),
});
export type TrainingSession = z.infer<typeof trainingSession>;

/**
 * GET /training-session: the occurrences between startDate and endDate (both included; at most 400 days),
 * optionally on one table (table_id, or `table`), starting at or after startTime and ending at or before endTime,
 * available=true (no booking) or false (booked). Ordered by date, start time, table number. With bookability=true
 * each says whether the caller can book it (the member's search and calendar).
 */
export const trainingSessionQuery = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    table_id: id.optional(),
    table: id.optional(),
    startTime: timeOfDay.optional(),
    endTime: timeOfDay.optional(),
    available: boolish.optional(),
    /** true: each occurrence says whether the caller can book it and why not (`bookability`). */
    bookability: boolish.optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(0).max(5000).default(1000),
  })
  .refine((q) => q.endDate >= q.startDate, { path: ['endDate'], message: 'La data di fine non può precedere la data di inizio' })
  .refine((q) => (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000 <= 400, {
    path: ['endDate'],
    message: 'Intervallo troppo ampio (al massimo 400 giorni)',
  });
export type TrainingSessionQuery = z.infer<typeof trainingSessionQuery>;

/**
 * GET /training-session/export: the occurrences of the range as GET /training-session lists them (table,
 * available), every one, as CSV, XLSX or PDF. The range (both days included) is checked by the service, which
 * answers SESSIONS_EXPORT_END_BEFORE_START or SESSIONS_EXPORT_RANGE_TOO_WIDE (at most TRAINING_SESSIONS_EXPORT_MAX_DAYS).
 */
export const trainingSessionExportQuery = z.object({
  format: exportFormat,
  startDate: isoDate,
  endDate: isoDate,
  table_id: id.optional(),
  table: id.optional(),
  available: boolish.optional(),
});
export type TrainingSessionExportQuery = z.infer<typeof trainingSessionExportQuery>;

export const trainingSessionList = z.object({
  status: z.literal('success'),
  data: z.array(trainingSession),
  meta: z.object({ totalItems: z.number().int(), totalPages: z.number().int(), currentPage: z.number().int(), itemsPerPage: z.number().int() }),
});
export type TrainingSessionList = z.infer<typeof trainingSessionList>;

/** GET /training-session/{id}?date=: the session, or its occurrence on `date` (required for a group's session). */
export const occurrenceQuery = z.object({ date: isoDate.optional() });

/** DELETE /training-session/{id}?date=: a single session, or one occurrence of a group (date required then). */
export const deleteSessionQuery = occurrenceQuery;

/** What POST /training-session/ and /group/session create: one session per table (and per time slot). */
export const createdSessions = z.object({ data: z.array(trainingSession) });

/* ---------------------------------------------------------------- groups and exceptions */

/** A group's session on one table and time slot. */
export const groupSession = z.object({
  _id: id,
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  duration: z.number().int(),
  color: z.string(),
  is_booking_allowed: z.boolean(),
  game_table: gameTable,
});

/** An occurrence of a group changed on its own: `deleted`, or its own values (null = the session's). */
export const sessionException = z.object({
  _id: id,
  session_id: id,
  date: isoDate,
  deleted: z.boolean(),
  title: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  color: z.string().nullable(),
  is_booking_allowed: z.boolean().nullable(),
  booking_id: id.nullable(),
});
export type SessionException = z.infer<typeof sessionException>;

/** GET /training-session/group and /group/{id}. */
export const sessionGroup = z.object({
  _id: id,
  title: z.string(),
  start_date: isoDate,
  end_date: isoDate,
  week_days: z.array(z.number().int()),
  participant_qualifications: z.array(id),
  session_not_considered_for_stats: z.boolean(),
  game_tables: z.array(gameTable),
  sessions: z.array(groupSession),
  exceptions: z.array(sessionException),
});
export type SessionGroup = z.infer<typeof sessionGroup>;

/** PATCH /training-session/group/{id}: the group's new values from today on (as editScope group). */
export const sessionGroupPayload = trainingSessionPayload;

/**
 * POST /training-session/group/{id}/exception: one occurrence (`session_id` on `date`) deleted, or given its own
 * values; fields left out keep the session's.
 */
export const sessionExceptionPayload = z
  .object({
    session_id: id,
    date: isoDate,
    deleted: z.boolean().default(false),
    title: lineText().min(1, REQUIRED).max(200).nullish(),
    start_time: timeOfDay.nullish(),
    end_time: timeOfDay.nullish(),
    color: colour.nullish(),
    is_booking_allowed: z.boolean().nullish(),
  })
  .refine((e) => !e.start_time || !e.end_time || rangeMinutes(e.start_time, e.end_time) > 0, { path: ['end_time'], message: END_BEFORE_START });
export type SessionExceptionPayload = z.infer<typeof sessionExceptionPayload>;

/** The shift search (mf-booking 'Ricerca turni', spec 000 §2.10): the day is required; table and times are optional. */
export const shiftSearchForm = z.object({ date: isoDate, table: id.nullable(), startTime: timeOfDay.nullable(), endTime: timeOfDay.nullable() });
