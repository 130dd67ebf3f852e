/**
 * How an entry of the audit log reads (issue 44 item 6), in one place for the page's 'Dettagli' and the server's
 * downloads (CSV, XLSX, PDF): every field by its Italian label, every value as a person reads it. Pure functions,
 * zod-free and React-free, so the log's page loads them with its labels and the server runs them per row.
 */
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditFieldLabel } from './audit-constants';
import type { AuditAction } from './audit-constants';
import { GENDERS, WEEKDAY_NAMES, permissionLabel, unlockTimeText } from './constants';
import { PAYMENT_TYPE_LABELS } from './finance-constants';
import { wallClockText } from './wall-clock';

/** What the formatting reads of an entry (the contract's AuditEntry, without its zod type). */
export interface AuditEntryShape {
  at: string;
  actor: { name: string; surname: string } | null;
  action: AuditAction;
  entity: string;
  entity_id: string | null;
  changes: Record<string, { before?: unknown; after?: unknown }>;
  /** The names of the records the entry names by id (the server's `names`). */
  names?: Readonly<Record<string, string>> | undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const TIME_OF_DAY = /^(\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;

/** The fields whose number is a day of the week (0 Sunday … 6 Saturday). */
const WEEKDAY_FIELDS = new Set(['day', 'week_start_day', 'week_end_day', 'week_days']);

/** The fields holding a code, and the code's Italian label (an unknown code shows as it is). */
const CODE_LABELS: Record<string, (code: string) => string> = {
  gender: (code) => GENDERS.find((g) => g.id === code)?.name ?? code,
  payment_type: (code) => PAYMENT_TYPE_LABELS[code as keyof typeof PAYMENT_TYPE_LABELS] ?? code,
  permissions: permissionLabel,
  format: (code) => code.toUpperCase(),
};

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

const QUARTER_HOUR = 15 * 60 * 1000;
/** The zone's offset from UTC (ms) over each quarter hour it was found constant in, by zone and quarter hour. */
const offsets = new Map<string, number>();

/** How far `timeZone`'s wall clock is ahead of UTC at `ms` (whole minutes), read from Intl. */
function offsetAt(ms: number, timeZone: string): number {
  const minute = Math.floor(ms / 60_000) * 60_000;
  const { date, time } = wallClockText(new Date(minute), timeZone);
  const [d, m, y] = date.split('/').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hh, mm) - minute;
}

/**
 * An instant's wall clock in `timeZone`, dd/mm/yyyy HH:MM. A download formats one or more instants a row, and Intl's
 * parts cost about 25 µs each: the zone's offset is read once per quarter hour (every zone's changes fall on one) and
 * kept when its two ends agree; a quarter hour with a change in it is read exactly, instant by instant.
 */
function wallClock(ms: number, timeZone: string): string {
  const quarter = Math.floor(ms / QUARTER_HOUR);
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = offsetAt(quarter * QUARTER_HOUR, timeZone);
    if (start === offsetAt((quarter + 1) * QUARTER_HOUR - 60_000, timeZone)) {
      if (offsets.size > 50_000) offsets.clear();
      offsets.set(key, start);
      offset = start;
    } else {
      offset = offsetAt(ms, timeZone);
    }
  }
  const wall = new Date(Math.floor(ms / 60_000) * 60_000 + offset);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(wall.getUTCDate())}/${two(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;
}

/** An instant (ISO text) on the club's clock, as the log's page shows it: dd/mm/yyyy HH:MM; '' when it is not one. */
export function auditInstantText(iso: string, timeZone: string): string {
  // PostgreSQL may write '2026-11-24 17:00:00+00' or '+0000': JavaScript reads the offset only as '+00:00'.
  const ms = Date.parse(
    iso.replace(' ', 'T').replace(/([+-]\d{2}):?(\d{2})?$/, (_, hours: string, minutes?: string) => `${hours}:${minutes ?? '00'}`),
  );
  return Number.isNaN(ms) ? '' : wallClock(ms, timeZone);
}

/** A field's Italian label as a heading or at the start of a sentence: 'Telefono'. */
export const auditFieldTitle = (field: string): string => {
  const label = auditFieldLabel(field);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** A record's Italian name (its table's name when the contract has none). */
export const auditEntityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? entity;

/** Who acted: 'Surname Name', or 'Sistema' for a public call or a job (no one signed in). */
export const auditActorName = (entry: Pick<AuditEntryShape, 'actor'>): string =>
  entry.actor ? `${entry.actor.surname} ${entry.actor.name}` : 'Sistema';

/** The kind of record and, where the entry names it, the record itself: 'Prenotazioni: Turno del 26/11/2026 ore 18:00, Tavolo 4'. */
export const auditRecordLabel = (entry: Pick<AuditEntryShape, 'entity' | 'entity_id' | 'names'>): string => {
  const name = entry.entity_id ? entry.names?.[entry.entity_id] : undefined;
  return name ? `${auditEntityLabel(entry.entity)}: ${name}` : auditEntityLabel(entry.entity);
};

/** The action and the record: 'Modifica — Utenti'. */
export const auditTitle = (entry: Pick<AuditEntryShape, 'action' | 'entity'>): string =>
  `${AUDIT_ACTION_LABELS[entry.action]} — ${auditEntityLabel(entry.entity)}`;

const isUnlockTime = (value: object): value is { day: number; hour: string; num_shifts: number } =>
  'day' in value && 'hour' in value && 'num_shifts' in value && typeof value.day === 'number' && typeof value.num_shifts === 'number';

/**
 * A value as a person reads it: nothing as '—'; a record the entry names by id by its name (a person, a table, a
 * session, a booking, a file, a finance or storage record, one since deleted…: the server's `names`, whose kinds
 * server/src/domains/audit/record-names.ts lists); a code by its Italian label; a day as
 * dd/mm/yyyy, an instant on the club's clock (dd/mm/yyyy HH:MM), a time of day as HH:MM; an amount in cents in euros;
 * a day of the week by its name; yes/no in Italian; a number with a decimal comma; a list as its items; a record of
 * fields as its labelled values.
 */
export function auditValueText(value: unknown, field: string, names: Readonly<Record<string, string>>, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sì' : 'No';
  if (typeof value === 'number') {
    if (field.endsWith('_cents')) return euro.format(value / 100);
    if (WEEKDAY_FIELDS.has(field) && Number.isInteger(value)) return WEEKDAY_NAMES[value] ?? String(value);
    return String(value).replace('.', ',');
  }
  if (typeof value === 'string') {
    const name = names[value];
    if (name) return name;
    const code = CODE_LABELS[field];
    if (code) return code(value);
    if (ISO_DATE.test(value)) return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
    if (ISO_INSTANT.test(value)) return auditInstantText(value, timeZone) || value;
    const time = TIME_OF_DAY.exec(value);
    if (time) return time[1]!;
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map((item) => auditValueText(item, field, names, timeZone)).join(', ') : '—';
  if (typeof value === 'object') {
    if (isUnlockTime(value)) return unlockTimeText(value);
    const parts = Object.entries(value).map(([key, inner]) => `${auditFieldLabel(key)} ${auditValueText(inner, key, names, timeZone)}`);
    return parts.length ? parts.join(', ') : '—';
  }
  // JSON holds nothing else; a bigint, should one come, as its digits.
  return typeof value === 'bigint' ? value.toString() : '—';
}

const kept = (value: unknown) => value !== null && value !== undefined;

type Change = { before?: unknown; after?: unknown };

/**
 * The fields an entry shows, in its order: all but the record's own id where a creation or deletion lists it (the
 * entry's 'Identificativo' already says it).
 */
export const auditChangedFields = (entry: Pick<AuditEntryShape, 'changes' | 'entity_id'>): [string, Change][] =>
  Object.entries(entry.changes).filter(
    ([field, { before, after }]) => !(field === 'id' && entry.entity_id !== null && (before ?? after) === entry.entity_id),
  );

/** Whether an entry keeps its fields' values (an anonymisation, a password set name their fields only). */
export const auditValuesKept = (entry: Pick<AuditEntryShape, 'changes'>): boolean =>
  Object.values(entry.changes).some(({ before, after }) => kept(before) || kept(after));

/** The heading of an entry's fields named without values: 'Dati anonimizzati' or 'Campi modificati'. */
export const auditFieldsOnlyTitle = (entry: Pick<AuditEntryShape, 'action'>): string =>
  entry.action === 'anonymize' ? 'Dati anonimizzati' : 'Campi modificati';

/**
 * An entry's changes in one line, as the downloads' 'Modifiche' cell reads: each field by its label with its value
 * before and after, 'Telefono: +39 340 1112233 → +39 333 7654321; Sessione: Serale, 26/11/2026 ore 18:00, Tavolo 4'.
 * Where nothing was before (a creation, a booking) or nothing is after (a deletion) each value shows once, 'Sessione: …'
 * (an edit keeps its arrows, '— → …'); an entry that
 * names its fields without values lists them, 'Dati anonimizzati: Nome, Codice fiscale (valori non registrati)'.
 */
export function auditChangesText(entry: AuditEntryShape, timeZone: string): string {
  const fields = auditChangedFields(entry);
  if (!fields.length) return '';
  if (!auditValuesKept(entry)) {
    return `${auditFieldsOnlyTitle(entry)}: ${fields.map(([field]) => auditFieldTitle(field)).join(', ')} (valori non registrati)`;
  }
  const names = entry.names ?? {};
  // A row written whole (created, booked, imported) or removed whole; an edit keeps its arrows.
  const whole = entry.action !== 'edit';
  const created = whole && fields.every(([, { before }]) => !kept(before));
  const deleted = whole && fields.every(([, { after }]) => !kept(after));
  return fields
    .map(([field, { before, after }]) => {
      const text = (value: unknown) => auditValueText(value, field, names, timeZone);
      const shown = created ? text(after) : deleted ? text(before) : `${text(before)} → ${text(after)}`;
      return `${auditFieldTitle(field)}: ${shown}`;
    })
    .join('; ');
}
