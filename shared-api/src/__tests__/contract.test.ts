import { categoryPayload, listQuery, tokenPasswordBody, userPayload } from '../contract';

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
