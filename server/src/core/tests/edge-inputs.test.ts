/**
 * Issue 25 (hardening, second pass): inputs at the edges, refused by the contract with a clear Italian message
 * before anything is stored, whatever the domain — a single-line text with a line break or a control character
 * (a mailing's subject), an amount with more than two decimals (DESIGN §5), a date past the range the rules handle.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { DATE_OUT_OF_RANGE, SINGLE_LINE_MESSAGE } from 'shared-api/contract';
import { rowsOf } from '../db/rows';
import { ADMIN, MEMBER, type TestApp, build, call, categoryId, login, userPayload } from '../../testing/helper';

let t: TestApp;
let admin: string;

const countOf = async (table: string): Promise<number> =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

describe('single-line texts', () => {
  test('a mailing with a line break in its subject is refused and nothing is queued; its body keeps its lines', async () => {
    const lists = (await call(t.app, admin, 'GET', '/api/v1/user/mailing-list/classes?limit=500')).json().data as { _id: string }[];
    const outbox = await countOf('mail_outbox');
    for (const subject of ['Novità\r\nBcc: tutti@example.com', 'Novità\nseconda riga', 'tab\tqui', 'fine\u2028riga', 'esc\u001b[2J']) {
      const res = await call(t.app, admin, 'POST', '/api/v1/emails/send', { mailing_lists: [lists[0]!._id], subject, body: 'Ciao' });
      assert.equal(res.statusCode, 400, JSON.stringify(subject));
      assert.deepEqual(res.json(), { code: 'VALIDATION_FAILED', message: `subject: ${SINGLE_LINE_MESSAGE}` });
    }
    assert.equal(await countOf('mail_outbox'), outbox);
    const sent = await call(t.app, admin, 'POST', '/api/v1/emails/send', {
      mailing_lists: [lists[0]!._id],
      subject: 'Novità',
      body: 'Prima riga\nSeconda riga',
    });
    assert.equal(sent.statusCode, 200, sent.body);
  });

  test("a member's phone and a user's surname are single lines too; notes keep several", async () => {
    const member = await login(t.app, MEMBER);
    const phone = await call(t.app, member, 'PATCH', '/api/v1/user/me', { phone_number: '333\n=1+1' });
    assert.deepEqual([phone.statusCode, phone.json().message], [400, `phone_number: ${SINGLE_LINE_MESSAGE}`]);
    const soci = await categoryId(t.app, admin, 'Soci');
    const users = await countOf('users');
    const bad = await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci, { surname: 'Rossi\r\nBianchi' }));
    assert.deepEqual([bad.statusCode, bad.json().message], [400, `surname: ${SINGLE_LINE_MESSAGE}`]);
    assert.equal(await countOf('users'), users);
    const good = await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci, { notes: 'Riga 1\nRiga 2' }));
    assert.equal(good.statusCode, 201, good.body);
  });
});

describe('amounts', () => {
  test('amount_paid 1.000000001 is refused (more than two decimals), not taken as 1.00; nothing is stored', async () => {
    // A charge of the demo club with something left to pay.
    const charges = (await call(t.app, admin, 'GET', '/api/v1/finance/member-charge?limit=500')).json().data as {
      _id: string;
      amount_remaining: number;
    }[];
    const marco = charges.find((c) => c.amount_remaining >= 1);
    assert.ok(marco, 'a charge with something left to pay');
    const payments = await countOf('finance_member_payments');
    for (const amount_paid of [1.000000001, 0.001, '1,000000001']) {
      const res = await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${marco._id}/payment`, {
        amount_paid,
        payment_date: '2026-10-01',
        payment_type: 'cash',
      });
      assert.equal(res.statusCode, 400, `${amount_paid}: ${res.body}`);
      assert.equal(res.json().message, 'amount_paid: Sono ammessi al massimo due decimali');
    }
    assert.equal(await countOf('finance_member_payments'), payments);
    const ok = await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${marco._id}/payment`, {
      amount_paid: 0.29,
      payment_date: '2026-10-01',
      payment_type: 'cash',
    });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.json().amount, 0.29);
  });
});

describe('dates past the range the rules handle', () => {
  test('a birth date, a storage movement and an accounting entry in 9999 answer 400 with the contract message', async () => {
    const soci = await categoryId(t.app, admin, 'Soci');
    const items = (await call(t.app, admin, 'GET', '/api/v1/storage/item?limit=500')).json().data as { _id: string }[];
    const cases: [string, 'POST', string, unknown][] = [
      ['birth_date', 'POST', '/api/v1/user', userPayload(soci, { birth_date: '9999-12-31' })],
      ['date', 'POST', '/api/v1/storage/load', { item: items[0]!._id, quantity: 1, date: '9999-12-31' }],
      ['registration_date', 'POST', '/api/v1/finance/accounting-entry', { fiscal_year: '2026-2027', registration_date: '9999-12-31' }],
    ];
    for (const [field, method, url, body] of cases) {
      const res = await call(t.app, admin, method, url, body);
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.match(res.json().message, new RegExp(`${field}: ${DATE_OUT_OF_RANGE.replace(/[/()]/g, '\\$&')}`), field);
    }
  });
});
