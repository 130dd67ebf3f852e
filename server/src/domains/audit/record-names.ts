/**
 * Which records the audit log names and which fields hold their ids (issue 44 item 6): the log's vocabulary, as
 * shared-api's labels are. How a record reads from its values is declared by the domain owning its table
 * (Domain.auditNames): the values of a record still there are read, those of a record since deleted are the ones its
 * deletion entry kept ('before'), named and marked '(eliminato)'; when the log no longer holds that entry (the
 * retention removed it), it reads 'elemento eliminato (n. …)' with its id's first eight digits.
 */

/**
 * The records the log names (their tables). How each reads, live or deleted, is its owning domain's declaration
 * (Domain.auditNames, core/audit/names.ts); AuditService checks at start that every kind here has one.
 */
export const AUDIT_NAMED_KINDS = [
  'users',
  'game_tables',
  'training_sessions',
  'bookings',
  'categories',
  'qualifications',
  'reservation_rules',
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
export type AuditNamedKind = (typeof AUDIT_NAMED_KINDS)[number];

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

/** A deleted record's name: its name from its deletion entry's values, when the log still holds them. */
export const deletedRecordName = (id: string, name: string | null): string =>
  name ? `${name} (eliminato)` : `elemento eliminato (n. ${id.slice(0, 8)})`;
