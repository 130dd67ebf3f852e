import type { Profile, SessionUser } from 'shared-api';
import { slotUser } from 'shared-ui/testing/slot';

/** The signed-in user of the shell's tests: the domain apps' slot tests' one (Giulia Bianchi). */
export const sessionUser = slotUser;

export function profileOf(user: SessionUser, overrides: Partial<Profile> = {}): Profile {
  return {
    _id: user._id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    birth_date: '1990-04-12',
    residence_address: 'Via Roma 12, Siena',
    fiscal_code: 'BNCGLI90D52I726X',
    phone_number: '3331234567',
    fitet_code: 'FT-102938',
    fitet_type: 'Atleta',
    fitet_category: 'Quarta categoria',
    created_at: '2023-09-01T10:00:00.000Z',
    medical_certificate_expiration_date: '2031-06-30',
    medical_certificate_status: 'approved',
    has_accepted_terms: user.has_accepted_terms,
    permissions: user.permissions,
    ...overrides,
  };
}
