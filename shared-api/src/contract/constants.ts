/**
 * Constants of the contract, free of zod: the front ends import these at run time through 'shared-api'
 * (a shared singleton loaded on the first page), while the schemas stay in 'shared-api/contract'.
 */

/** Texts of the field rules (spec 000 §5): the contract's schemas and the input kit's own checks say the same. */
export const FIELD_MESSAGES = {
  required: 'Campo obbligatorio',
  email: 'Inserisci un indirizzo email valido',
  password: 'La password deve contenere almeno 8 caratteri',
  passwordBlank: 'La password non può essere vuota o composta solo da spazi',
} as const;
export const PASSWORD_MIN_LENGTH = 8;
/** The longest texts of the fields a page edits without loading the contract (the profile): the schemas' own limits. */
export const TEXT_MAX_LENGTHS = { phone: 30, email: 254, postalCode: 5 } as const;

/** Every permission string of the spec; '*' grants all. */
export const PERMISSIONS = [
  'book_session',
  'registry_access',
  'certificates_access',
  'bookings_access',
  'statistics_access',
  'storage_access',
  'finance_access',
  'platform_access',
  '*',
] as const;

export type PermissionName = (typeof PERMISSIONS)[number];

/**
 * The Italian name of each permission, shown in the category form, the categories table and the exports
 * (docs/decisions.md, "Categories and permissions: no granting what you do not hold"). Client and server read this one table.
 */
export const PERMISSION_LABELS: Record<PermissionName, string> = {
  book_session: 'Prenotazione turni',
  registry_access: 'Anagrafica',
  certificates_access: 'Certificati',
  storage_access: 'Magazzino',
  bookings_access: 'Gestione prenotazioni',
  statistics_access: 'Statistiche',
  finance_access: 'Finanza',
  platform_access: 'Rilasci della piattaforma',
  '*': 'Tutti i permessi',
};

/** The Italian name of a permission; an unknown string is shown as it is. */
export const permissionLabel = (permission: string): string => PERMISSION_LABELS[permission as PermissionName] ?? permission;

/**
 * The permission check of client and server (DESIGN §3): access needs any one of `anyOf`; '*' holds them
 * all; an empty requirement lets every signed-in user pass.
 */
export function holdsAny(held: readonly string[], anyOf: readonly string[] | undefined): boolean {
  if (!anyOf || anyOf.length === 0) return true;
  if (held.includes('*')) return true;
  return anyOf.some((p) => held.includes(p));
}

/** Permissions a category can be given in the form (spec 001 §5 Category). */
export const ASSIGNABLE_PERMISSIONS = [
  'book_session',
  'registry_access',
  'certificates_access',
  'storage_access',
  'bookings_access',
  'finance_access',
  'platform_access',
] as const;

export const GENDERS = [
  { id: 'M', name: 'Maschio' },
  { id: 'F', name: 'Femmina' },
  { id: 'O', name: 'Altro' },
] as const;

/**
 * Shape of a codice fiscale before its check letter is looked at: 6 letters, 2 digits, the month letter,
 * 2 digits, a letter, 3 digits, the check letter; digits may be omocodia letters (L–V). Upper case, no spaces
 * (normalizeFiscalCode). The check letter is computed by codice-fiscale-js where the code is validated.
 */
export const FISCAL_CODE_PATTERN = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
export const FISCAL_CODE_INVALID = 'Codice fiscale non valido';
export const FISCAL_CODE_CHECK_LETTER = 'Codice fiscale non valido: il carattere di controllo non corrisponde';

/** How a typed code is compared and stored: spaces dropped, upper case. */
export const normalizeFiscalCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

/** True when the code has the shape of a codice fiscale (the check letter is not looked at). */
export const hasFiscalCodeShape = (code: string): boolean => FISCAL_CODE_PATTERN.test(normalizeFiscalCode(code));

export const MAILING_LIST_TYPES = ['INFORMATIVA', 'COMMERCIALE'] as const;

/** Name of the category that makes every member a minor (spec 001 §4). */
export const MINOR_CATEGORY_NAME = 'Minorenne';
export const ADULT_AGE = 18;

export * from './errors';
export * from './finance-constants';
export * from './input-rules';
export * from './session-dates';
export * from './wall-clock';

/** Italian short weekday names, index 0 Sunday … 6 Saturday (spec 001 §3). */
export const WEEKDAY_SHORT = ['Dom', 'Lun', 'Mar', 'Mer', 'Gio', 'Ven', 'Sab'] as const;
/** Italian weekday names, index 0 Sunday … 6 Saturday (the pages, through shared-ui, and the server's downloads). */
export const WEEKDAY_NAMES = ['Domenica', 'Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato'] as const;

/**
 * The API paths (under /api/v1) of the booking statistics; each has `/export` beneath it, the first two `/summary` too;
 * tableWeeks: check-in per table and week (issue 42).
 */
export const STATISTICS_PATHS = {
  playedSessions: '/statistics/played-sessions',
  freeSessions: '/statistics/free-sessions',
  tableWeeks: '/statistics/table-weeks',
} as const;
/** The widest period a statistic reads (a year and a margin, like the occurrence lists). */
export const STATISTICS_MAX_DAYS = 400;
/** A period of days (statistics, the audit log's filters) whose end comes before its start. */
export const PERIOD_END_BEFORE_START = 'La data di fine non può precedere la data di inizio';
/** What a statistic's period may be told: the server's refusals, which the pages say before asking. */
export const STATISTICS_PERIOD_MESSAGES = {
  endBeforeStart: PERIOD_END_BEFORE_START,
  tooWide: `Intervallo troppo ampio (al massimo ${STATISTICS_MAX_DAYS} giorni)`,
} as const;

/** What is wrong with a statistic's period of two ISO dates (both days included), or null: the server's rule, said before asking it. */
export function statisticsPeriodProblem(startDate: string, endDate: string): string | null {
  if (endDate < startDate) return STATISTICS_PERIOD_MESSAGES.endBeforeStart;
  const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000;
  return days > STATISTICS_MAX_DAYS ? STATISTICS_PERIOD_MESSAGES.tooWide : null;
}

/** GET /training-session/export: the occurrences' download of the admin calendars (docs/booking.md). */
export const TRAINING_SESSIONS_EXPORT_PATH = '/training-session/export';
/** The most days a download of occurrences covers, both ends included (a leap year). */
export const TRAINING_SESSIONS_EXPORT_MAX_DAYS = 366;

/** An unlock time of a booking rule as the rules page and its download show it: 'Lun 18:00 · 2 turni'. */
export const unlockTimeText = (u: { day: number; hour: string; num_shifts: number }): string =>
  `${WEEKDAY_SHORT[u.day] ?? u.day} ${u.hour} · ${u.num_shifts} ${u.num_shifts === 1 ? 'turno' : 'turni'}`;

/** The kinds of failure the shell reports from a member's browser (issue 29, POST /platform/client-errors). */
export const CLIENT_ERROR_KINDS = ['load', 'render', 'rejection'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];
/** The report's bounds: the shell cuts to them before sending, the contract refuses past them. */
export const CLIENT_ERROR_LIMITS = { message: 2000, route: 300, version: 100 } as const;

/** Reminder mails of booked shifts (issue 27): hours before the start, 1–72, or none; members who join get 24. */
export const REMINDER_HOURS = { min: 1, max: 72, default: 24 } as const;

/**
 * The shell pages a domain app may add to (issue 41, docs/releases.md "Slot"): an app offers one by exposing a module
 * of that name ('./home', './profile'). The whole-set check warns when a set drops one the live set offered.
 */
export const SLOT_NAMES = ['home', 'profile'] as const;
