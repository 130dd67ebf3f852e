import type { FairPlayRecord, NamedRef, User } from 'shared-api/contract';
import { fileRef } from '../../../core/files/repository';
import type { users } from '../tables';

export type UserRow = typeof users.$inferSelect;

/** A row of the full registry query (fullQuery). */
export interface FullRow {
  row: UserRow;
  category_name: string;
  image_id: string | null;
  image_name: string | null;
  image_mime: string | null;
  image_size: number | null;
  contract_id: string | null;
  contract_name: string | null;
  contract_mime: string | null;
  contract_size: number | null;
  qualifications: NamedRef[];
  reservation_rules: NamedRef[];
  mailing_list_classes: NamedRef[];
  is_deactivated: boolean;
  partner_left_bookings: number;
  fair_play: FairPlayRecord | null;
}

/** A user of the registry as the API answers it, from a row of the full registry query. */
export function toUser(row: FullRow): User {
  const u = row.row;
  return {
    _id: u.id,
    member_id: u.member_id,
    name: u.name,
    surname: u.surname,
    email: u.email,
    phone_number: u.phone_number,
    fiscal_code: u.fiscal_code,
    image: row.image_id ? fileRef({ id: row.image_id, original_name: row.image_name!, mime: row.image_mime!, size: row.image_size! }) : null,
    birth_date: u.birth_date,
    birth_province: u.birth_province,
    birth_place: u.birth_place,
    residence_address: u.residence_address,
    residence_province: u.residence_province,
    residence_place: u.residence_place,
    residence_postal_code: u.residence_postal_code,
    gender: u.gender as User['gender'],
    parent_name: u.parent_name,
    parent_surname: u.parent_surname,
    parent_fiscal_code: u.parent_fiscal_code,
    category: { _id: u.category_id, name: row.category_name },
    qualifications: row.qualifications,
    reservation_rules: row.reservation_rules,
    mailing_list_classes: row.mailing_list_classes,
    fitet_data_code: u.fitet_data_code,
    fitet_data_category: u.fitet_data_category,
    contract_file: row.contract_id
      ? fileRef({ id: row.contract_id, original_name: row.contract_name!, mime: row.contract_mime!, size: row.contract_size! })
      : null,
    contract_end_date: u.contract_end_date,
    notes: u.notes,
    created_at: u.created_at.toISOString(),
    deactivation_status: Boolean(row.is_deactivated),
    deactivation_date_start: u.deactivation_date_start,
    deactivation_date_end: u.deactivation_date_end,
    has_accepted_terms: u.terms_accepted_at !== null,
    registration_completed: u.registration_completed_at !== null,
    partner_left_bookings: Number(row.partner_left_bookings),
    ...(row.fair_play ? { fair_play: row.fair_play } : {}),
  };
}
