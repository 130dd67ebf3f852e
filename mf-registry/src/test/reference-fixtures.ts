/** Rows of the qualifications, booking rules and FITET pages, as the API answers them. */
import type { FitetRecord, Qualification, ReservationRule } from 'shared-api';
import { nth } from 'shared-ui/testing';
import { MAILING_LISTS, RULES, uuid } from './fixtures';

export function makeQualification(overrides: Partial<Qualification> = {}): Qualification {
  return {
    _id: uuid(300),
    name: 'Agonista',
    description: 'Atleti tesserati per i campionati',
    color: '#1e88e5',
    priority: 10,
    reservation_rules: [nth(RULES, 0)],
    mailing_list_classes: [nth(MAILING_LISTS, 1)],
    ...overrides,
  };
}

export function makeReservationRule(overrides: Partial<ReservationRule> = {}): ReservationRule {
  return {
    _id: uuid(400),
    name: 'Standard soci',
    description: 'Regola di base',
    max_rounds_per_week: 3,
    max_rounds_per_day: 1,
    hours_before_booking_to_ignore_rules: 2,
    hours_before_booking_to_cancel: 24,
    week_start_day: 1,
    week_end_day: 0,
    unlock_times: [
      { _id: uuid(401), day: 1, hour: '18:00', num_shifts: 2 },
      { _id: uuid(402), day: 4, hour: '09:30', num_shifts: 1 },
    ],
    no_show_limit: null,
    late_cancellation_limit: null,
    fair_play_period_days: 30,
    suspension_days: 7,
    ...overrides,
  };
}

export function makeFitetRecord(overrides: Partial<FitetRecord> = {}): FitetRecord {
  return {
    _id: uuid(500),
    member_id: '1045872',
    card_type: 'Agonistica',
    category: '3ª categoria',
    start_date: '2025-09-01',
    end_date: '2026-08-31',
    user: { _id: uuid(100), name: 'Marco', surname: 'Rossi' },
    ...overrides,
  };
}
