/**
 * Which records the audit log names, which fields hold their ids, and how a record reads from its own values (issue 44
 * item 6). The repository reads the names (SQL) or the values (rows) of the records still there; a record since
 * deleted is named from the values its deletion entry kept ('before'), marked '(eliminato)', and, when the log no
 * longer holds that entry (the retention removed it), reads 'elemento eliminato (n. …)' with its id's first eight digits.
 */
import { auditInstantText, auditValueText } from 'shared-api/contract';

/** The records the log names whose name the repository writes in SQL (a session and a booking join their table). */
export const AUDIT_SQL_NAMED_KINDS = [
  'users',
  'game_tables',
  'training_sessions',
  'bookings',
  'categories',
  'qualifications',
  'reservation_rules',
] as const;

/** The records the log names from their values (ROW_NAMES), read as rows by the repository. */
export const AUDIT_ROW_NAMED_KINDS = [
  'files',
  'storage_item_categories',
  'storage_items',
  'training_session_groups',
  'certificate_types',
  'mailing_list_classes',
  'finance_accounts',
  'finance_subaccounts',
  'finance_income_categories',
  'finance_business_entities',
  'finance_member_charges',
  'finance_member_payments',
  'finance_accounting_entries',
] as const;

/** The records the log names (their tables). */
export const AUDIT_NAMED_KINDS = [...AUDIT_SQL_NAMED_KINDS, ...AUDIT_ROW_NAMED_KINDS] as const;
export type AuditNamedKind = (typeof AUDIT_NAMED_KINDS)[number];
export type AuditRowNamedKind = (typeof AUDIT_ROW_NAMED_KINDS)[number];
export type RecordValues = Readonly<Record<string, unknown>>;

/**
 * The kind of record each field holds the id of (audit-names.test.ts checks every audited foreign key to a named kind
 * is here): by the field's name, or by the record and the field where one name points at different tables.
 */
const FIELD_KINDS: Readonly<Record<string, AuditNamedKind>> = {
  user_id: 'users',
  partner_id: 'users',
  participant_ids: 'users',
  booked_by: 'users',
  cancelled_by: 'users',
  checked_in_by: 'users',
  created_by: 'users',
  lifted_by: 'users',
  owner_user_id: 'users',
  trainer_id: 'users',
  by_id: 'users',
  game_table_id: 'game_tables',
  session_id: 'training_sessions',
  booking_id: 'bookings',
  notified_booking_id: 'bookings',
  category_id: 'categories',
  qualification_id: 'qualifications',
  reservation_rule_id: 'reservation_rules',
  file_id: 'files',
  image_file_id: 'files',
  contract_file_id: 'files',
  attachment_file_id: 'files',
  item_id: 'storage_items',
  type_id: 'certificate_types',
  mailing_list_class_id: 'mailing_list_classes',
  account_id: 'finance_accounts',
  subaccount_id: 'finance_subaccounts',
  income_category_id: 'finance_income_categories',
  business_entity_id: 'finance_business_entities',
  charge_id: 'finance_member_charges',
  payment_id: 'finance_member_payments',
  entry_id: 'finance_accounting_entries',
};
const ENTITY_FIELD_KINDS: Readonly<Record<string, AuditNamedKind>> = {
  'storage_items.category_id': 'storage_item_categories',
  'finance_income_category_subaccounts.category_id': 'finance_income_categories',
  'training_sessions.group_id': 'training_session_groups',
};

/** The kind of record a field of `entity` holds the id of, if the log names it. */
export const auditFieldKind = (entity: string, field: string): AuditNamedKind | undefined =>
  ENTITY_FIELD_KINDS[`${entity}.${field}`] ?? FIELD_KINDS[field];

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : null);
/** A day, an instant, an amount in cents as the log shows them (shared-api audit-format). */
const shown = (value: unknown, field: string, timeZone: string) => auditValueText(value, field, {}, timeZone);
const joined = (...parts: (string | null)[]) => (parts.every((p) => p !== null) ? parts.join('') : null);

/**
 * A record's name from its values (a row the repository read, or the 'before' of its deletion entry), as the SQL
 * names read where the kind has those (a session's and a booking's table, found by a join, are left out); null when
 * the values do not hold it.
 */
export const RECORD_NAMES: Readonly<Record<AuditNamedKind, (row: RecordValues, timeZone: string) => string | null>> = {
  users: (r) => [text(r.surname), text(r.name)].filter(Boolean).join(' ') || null,
  game_tables: (r) => joined('Tavolo ', text(r.number)),
  training_sessions: (r, tz) =>
    joined(
      text(r.title),
      r.specific_date ? `, ${shown(r.specific_date, 'specific_date', tz)}` : '',
      ' ore ',
      text(r.start_time)?.slice(0, 5) ?? null,
    ),
  bookings: (r, tz) => {
    const at = typeof r.start_at === 'string' ? auditInstantText(r.start_at, tz) : '';
    return at ? `Turno del ${at.replace(' ', ' ore ')}` : null;
  },
  categories: (r) => text(r.name),
  qualifications: (r) => text(r.name),
  reservation_rules: (r) => text(r.name),
  files: (r) => text(r.original_name),
  storage_item_categories: (r) => text(r.name),
  storage_items: (r) => text(r.description),
  training_session_groups: (r, tz) =>
    r.start_date && r.end_date ? `Dal ${shown(r.start_date, 'start_date', tz)} al ${shown(r.end_date, 'end_date', tz)}` : null,
  certificate_types: (r) => text(r.name),
  mailing_list_classes: (r) => text(r.name),
  finance_accounts: (r) => joined(text(r.code), ' ', text(r.name)),
  finance_subaccounts: (r) => joined(text(r.code), ' ', text(r.name)),
  finance_income_categories: (r) => text(r.name),
  finance_business_entities: (r) => text(r.name),
  finance_member_charges: (r) => joined('N. ', text(r.code), text(r.description) ? `, ${text(r.description)}` : ''),
  finance_member_payments: (r, tz) =>
    typeof r.amount_cents === 'number' && r.payment_date
      ? `${shown(r.amount_cents, 'amount_cents', tz)} del ${shown(r.payment_date, 'payment_date', tz)}`
      : null,
  finance_accounting_entries: (r, tz) =>
    joined(
      'N. ',
      text(r.progressive),
      '/',
      text(r.fiscal_year),
      r.registration_date ? ` del ${shown(r.registration_date, 'registration_date', tz)}` : '',
    ),
};

/** A deleted record's name: from its deletion entry's values when the log still holds them. */
export function deletedRecordName(kind: AuditNamedKind, id: string, values: RecordValues | undefined, timeZone: string): string {
  const name = values ? RECORD_NAMES[kind](values, timeZone) : null;
  return name ? `${name} (eliminato)` : `elemento eliminato (n. ${id.slice(0, 8)})`;
}
