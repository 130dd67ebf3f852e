import type { Profile, SessionUser } from 'shared-api';

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: '3f1c2b9e-8a44-4a4e-9d55-1c0a2f3b4d5e',
    name: 'Giulia',
    surname: 'Bianchi',
    email: 'giulia.bianchi@example.it',
    has_accepted_terms: true,
    permissions: [],
    ...overrides,
  };
}

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
