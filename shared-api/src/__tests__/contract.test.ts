import {
  categoryPayload,
  listQuery,
  qualificationForm,
  qualificationPayload,
  reservationRuleForm,
  tokenPasswordBody,
  userPayload,
} from '../contract';
import { unlockTimeText } from '../contract/constants';

const validUser = {
  member_id: '12',
  name: 'Mario',
  surname: 'Rossi',
  email: 'Mario.Rossi@Example.it',
  phone_number: '3331234567',
  fiscal_code: 'rssmra80a01h501u',
  birth_date: '1980-01-01',
  birth_province: 'RM',
  birth_place: 'Roma',
  residence_address: 'Via Roma 1',
  residence_province: 'RM',
  residence_place: 'Roma',
  residence_postal_code: '00100',
  gender: 'M',
  category: '00000000-0000-4000-8000-000000000001',
};

describe('API contract', () => {
  test('a complete user payload is normalised (e-mail lower case, codice fiscale upper case, lists default empty)', () => {
    const parsed = userPayload.parse(validUser);
    expect(parsed.email).toBe('mario.rossi@example.it');
    expect(parsed.fiscal_code).toBe('RSSMRA80A01H501U');
    expect(parsed.qualifications).toEqual([]);
  });

  test('multipart list fields arrive JSON-encoded', () => {
    const id = '00000000-0000-4000-8000-000000000002';
    expect(userPayload.parse({ ...validUser, qualifications: JSON.stringify([id]) }).qualifications).toEqual([id]);
  });

  test.each([
    ['name', { name: '   ' }, 'Campo obbligatorio'],
    ['email', { email: 'mario@' }, 'Inserisci un indirizzo email valido'],
    ['fiscal_code', { fiscal_code: 'RSSMRA80A01' }, 'Codice fiscale non valido'],
    ['birth_date', { birth_date: '1700-01-01' }, 'Data non valida'],
  ])('rejects a bad %s', (field, over, message) => {
    const res = userPayload.safeParse({ ...validUser, ...over });
    expect(res.success).toBe(false);
    expect(res.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  test('passwords need 8 characters', () => {
    const body = { userId: '00000000-0000-4000-8000-000000000001', token: 't' };
    expect(tokenPasswordBody.safeParse({ ...body, password: '1234567' }).error?.issues[0]?.message).toBe(
      'La password deve contenere almeno 8 caratteri',
    );
    expect(tokenPasswordBody.safeParse({ ...body, password: '12345678' }).success).toBe(true);
  });

  test('category limits: 10 permissions, 5 rules, 5 mailing classes', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    expect(categoryPayload.safeParse({ name: 'Soci', reservation_rules: ids(6) }).success).toBe(false);
    expect(categoryPayload.safeParse({ name: 'Soci', reservation_rules: ids(5), permissions: ['book_session'] }).success).toBe(true);
    expect(categoryPayload.safeParse({ name: 'Soci', permissions: ['superuser'] }).success).toBe(false);
  });

  test('list query coerces text and defaults', () => {
    expect(listQuery.parse({ page: '2', limit: '0' })).toEqual({ page: 2, limit: 0, order: 'asc' });
    expect(listQuery.safeParse({ order: 'sideways' }).success).toBe(false);
  });
});

describe('form schemas of the registry (numbers as typed)', () => {
  const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  test('qualification priority: typed text becomes the number; empty, decimal, out of range and not a number are refused', () => {
    const base = { name: 'Agonista', color: '#FF0000', reservation_rules: [], mailing_list_classes: [] };
    expect(qualificationForm.parse({ ...base, priority: ' 12 ' }).priority).toBe(12);
    expect(messages(qualificationForm.safeParse({ ...base, priority: '' }))).toEqual({ priority: 'Campo obbligatorio' });
    expect(messages(qualificationForm.safeParse({ ...base, priority: '1,5' }))).toEqual({ priority: 'Valore decimale non consentito' });
    expect(messages(qualificationForm.safeParse({ ...base, priority: '256' }))).toEqual({ priority: 'Il valore deve essere compreso tra 0 e 255' });
    expect(messages(qualificationForm.safeParse({ ...base, priority: 'alta' }))).toEqual({ priority: 'Inserisci un numero' });
    // The API itself still takes JSON numbers only, with 0 as the default.
    expect(qualificationPayload.safeParse({ ...base, priority: '12' }).success).toBe(false);
    expect(qualificationPayload.parse(base).priority).toBe(0);
  });

  test('booking rule: counts and week days from text; a week day outside 0–6 is refused', () => {
    const form = {
      name: 'Soci',
      max_rounds_per_week: '3',
      max_rounds_per_day: '1',
      hours_before_booking_to_ignore_rules: '0',
      hours_before_booking_to_cancel: '24',
      week_start_day: '1',
      week_end_day: '0',
      unlock_times: [{ day: 1, hour: '18:00', num_shifts: 2, _id: 'kept-out' }],
    };
    expect(reservationRuleForm.parse(form)).toEqual({
      name: 'Soci',
      description: null,
      max_rounds_per_week: 3,
      max_rounds_per_day: 1,
      hours_before_booking_to_ignore_rules: 0,
      hours_before_booking_to_cancel: 24,
      week_start_day: 1,
      week_end_day: 0,
      unlock_times: [{ day: 1, hour: '18:00', num_shifts: 2 }],
      // Issue 42's fair-play fields, left off the form: no limits, the default period and suspension.
      no_show_limit: null,
      late_cancellation_limit: null,
      fair_play_period_days: 30,
      suspension_days: 7,
    });
    expect(messages(reservationRuleForm.safeParse({ ...form, week_end_day: '7', max_rounds_per_day: '' }))).toEqual({
      week_end_day: 'Giorno non valido (0–6)',
      max_rounds_per_day: 'Campo obbligatorio',
    });
  });

  test("unlock times read as 'Lun 18:00 · 2 turni'", () => {
    expect(unlockTimeText({ day: 1, hour: '18:00', num_shifts: 2 })).toBe('Lun 18:00 · 2 turni');
    expect(unlockTimeText({ day: 0, hour: '09:30', num_shifts: 1 })).toBe('Dom 09:30 · 1 turno');
  });
});
