/**
 * Issue 28, the audit log: every change made through the API is recorded in its own transaction (who, from where,
 * the action, the record and each field's before and after; never a secret), a rolled-back change leaves no entry,
 * the list and its download are '*' only, a member reads their own sign-ins and profile changes, and the retention
 * removes old entries. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { fieldsOnly, recordAudit, redactAuditValues, setAuditContext, withoutRowAudit } from '../../../core/audit/context';
import { audit_log } from '../../../core/db/tables';
import { rowsOf } from '../../../core/db/rows';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, call, categoryId, login, userPayload, asJob } from '../../../testing/helper';
import { auditApp, ok, userIdOf } from './audit-fixture';
import { createCategory, registeredUser } from '../../../testing/reliability/actors';
import { users } from '../../registry/tables';

let t: TestApp;
let admin: string;
let adminId: string;

interface Entry {
  id: string;
  actor_user_id: string | null;
  ip: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

const allEntries = async (): Promise<Entry[]> =>
  rowsOf<Entry>(await t.database.db.execute(sql`select id, actor_user_id, ip, action, entity, entity_id, changes from audit_log`));

/** Runs `act` and answers the audit entries it wrote. */
async function entriesOf(act: () => Promise<unknown>): Promise<Entry[]> {
  const seen = new Set((await allEntries()).map((e) => e.id));
  await act();
  return (await allEntries()).filter((e) => !seen.has(e.id));
}

before(async () => {
  // The clock stopped (AUDIT_TEST_NOW): the entries of one test share the day the filters ask for.
  ({ t, admin } = await auditApp());
  adminId = await userIdOf(t, ADMIN.email);
});
after(async () => {
  await t.close();
});

describe('audit log', () => {
  test("an administrator's edit of a member's phone: who, from where, before and after; the list and its download show it", async () => {
    const payload = userPayload(await categoryId(t.app, admin, 'Soci'));
    const member = ok(await call(t.app, admin, 'POST', '/api/v1/user', payload), 201).json()._id as string;
    t.clock.advance(1000);
    const written = await entriesOf(async () =>
      ok(await call(t.app, admin, 'PATCH', `/api/v1/user/${member}`, { ...payload, phone_number: '+39 333 7654321' }), 200),
    );
    const edit = written.find((e) => e.entity === 'users' && e.entity_id === member);
    assert.ok(edit, JSON.stringify(written));
    assert.equal(written.length, 1, 'the form saved again with the same links: only the phone changed');
    assert.equal(edit.action, 'edit');
    assert.equal(edit.actor_user_id, adminId);
    assert.equal(edit.ip, '127.0.0.1');
    assert.deepEqual(edit.changes, { phone_number: { before: payload.phone_number, after: '+39 333 7654321' } });

    const listed = ok(await call(t.app, admin, 'GET', `/api/v1/audit?entity=users&entityId=${member}&limit=5`), 200).json();
    assert.equal(listed.data[0]._id, edit.id, 'newest first');
    assert.equal(listed.data[0].actor._id, adminId);
    assert.equal(listed.data[0].action, 'edit');
    assert.deepEqual(listed.data[0].changes.phone_number, { before: payload.phone_number, after: '+39 333 7654321' });
    assert.equal(listed.data.at(-1).action, 'create', 'the creation, oldest');
    assert.ok(!Object.keys(listed.data.at(-1).changes).some((field: string) => /password|token|hash/.test(field)));
    const byAdmin = ok(await call(t.app, admin, 'GET', `/api/v1/audit?userId=${adminId}&from=2026-11-25&to=2026-11-25&limit=100`), 200).json();
    assert.ok(byAdmin.data.some((e: { _id: string }) => e._id === edit.id));
    const otherDay = ok(await call(t.app, admin, 'GET', `/api/v1/audit?userId=${adminId}&from=2026-11-26&limit=100`), 200).json();
    assert.equal(otherDay.meta.totalItems, 0);

    const csv = ok(await call(t.app, admin, 'GET', `/api/v1/audit/export?format=csv&entity=users&entityId=${member}`), 200);
    assert.match(csv.body, /Modifica/);
    // The field by its Italian label, never its column (issue 44 item 6; audit-downloads.test.ts reads every cell).
    assert.match(csv.body, /Telefono: \+39 340 1112233 → \+39 333 7654321/);
    assert.doesNotMatch(csv.body, /phone_number/);
    for (const format of ['xlsx', 'pdf']) ok(await call(t.app, admin, 'GET', `/api/v1/audit/export?format=${format}`), 200);
  });

  test("a member's recent activity: their sign-ins and the changes to their profile, newest first", async () => {
    const marco = await userIdOf(t, MEMBER.email);
    t.clock.advance(1000);
    const member = await login(t.app, MEMBER, '10.0.0.7');
    t.clock.advance(1000);
    ok(await call(t.app, member, 'PATCH', '/api/v1/user/me', { phone_number: '+39 333 1112223' }), 200);
    const activity = ok(await call(t.app, member, 'GET', '/api/v1/user/me/activity'), 200).json().data;
    assert.deepEqual(
      activity.slice(0, 2).map((e: { action: string; actor: { _id: string }; ip: string }) => [e.action, e.actor._id, e.ip]),
      [
        ['edit', marco, '127.0.0.1'],
        ['sign-in', marco, '10.0.0.7'],
      ],
    );
    assert.equal(activity[0].changes.phone_number.after, '+39 333 1112223');
    assert.ok(activity.length <= 20);
    const other = ok(await call(t.app, await login(t.app, OTHER_MEMBER), 'GET', '/api/v1/user/me/activity'), 200).json().data;
    assert.ok(
      other.every((e: { entity_id: string }) => e.entity_id !== marco),
      "another member's activity is not theirs",
    );
  });

  test("'*' only: anonymous 401, a member and the registry staff 403; no route edits or deletes the log", async () => {
    const registry = await registeredUser(t, admin, await createCategory(t, admin, 'Solo anagrafica audit', ['registry_access']), 'anagrafica');
    const member = await login(t.app, MEMBER);
    for (const url of ['/api/v1/audit', '/api/v1/audit/export?format=csv']) {
      assert.equal((await call(t.app, null, 'GET', url)).statusCode, 401, url);
      assert.equal((await call(t.app, member, 'GET', url)).statusCode, 403, url);
      assert.equal((await call(t.app, registry.cookie, 'GET', url)).statusCode, 403, url);
    }
    assert.equal((await call(t.app, null, 'GET', '/api/v1/user/me/activity')).statusCode, 401);
    const [entry] = await allEntries();
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const)
      assert.equal((await call(t.app, admin, method, `/api/v1/audit/${entry!.id}`, method === 'DELETE' ? undefined : {})).statusCode, 404);
    assert.equal((await call(t.app, admin, 'GET', '/api/v1/audit?from=2026-13-01')).statusCode, 400);
  });

  test('a rolled-back change leaves no entry; a refused request writes none', async () => {
    const marco = await userIdOf(t, MEMBER.email);
    const context = { actor: adminId, ip: '127.0.0.1', action: null, at: new Date().toISOString() };
    const change = (phone: string) => async () => {
      await t.database.db.transaction(async (tx) => {
        await setAuditContext(tx, context);
        await tx.update(users).set({ phone_number: phone }).where(eq(users.id, marco));
        if (phone.endsWith('0')) throw new Error('rolled back');
      });
    };
    assert.deepEqual(await entriesOf(() => assert.rejects(change('+39 333 0000000'))), []);
    assert.equal((await entriesOf(change('+39 333 0000001'))).length, 1, 'the same change committed is recorded');

    const refused = await entriesOf(async () => {
      const taken = await call(
        t.app,
        admin,
        'POST',
        '/api/v1/user',
        userPayload(await categoryId(t.app, admin, 'Soci'), { email: OTHER_MEMBER.email }),
      );
      assert.equal(taken.statusCode, 409, taken.body);
      assert.equal((await call(t.app, admin, 'PATCH', `/api/v1/user/${marco}/deactivate`, { end_date: '2020-01-01' })).statusCode, 400);
    });
    assert.deepEqual(refused, []);
  });

  test("anonymisation's tools: row changes unrecorded, the action named with its fields only, past values blanked", async () => {
    const payload = userPayload(await categoryId(t.app, admin, 'Soci'), { name: 'Teresa' });
    const member = ok(await call(t.app, admin, 'POST', '/api/v1/user', payload), 201).json()._id as string;
    const context = { actor: adminId, ip: '127.0.0.1', action: null, at: t.clock.now().toISOString() };
    const written = await entriesOf(() =>
      t.database.db.transaction(async (tx) => {
        await setAuditContext(tx, context);
        await withoutRowAudit(tx);
        await tx.update(users).set({ name: 'Anonimo', phone_number: null }).where(eq(users.id, member));
        await recordAudit(tx, t.clock, {
          action: 'anonymize',
          entity: 'users',
          entityId: member,
          actor: adminId,
          changes: fieldsOnly(['name', 'phone_number']),
        });
        await redactAuditValues(tx, [member]);
      }),
    );
    assert.deepEqual(
      written.map((e) => [e.action, e.entity_id, e.changes]),
      [['anonymize', member, { name: { before: null, after: null }, phone_number: { before: null, after: null } }]],
    );
    const kept = (await allEntries()).filter((e) => e.entity_id === member);
    assert.deepEqual(kept.map((e) => e.action).sort(), ['anonymize', 'create']);
    assert.ok(!JSON.stringify(kept).includes('Teresa'), 'no personal value of the member stays in the log');
  });

  test('the retention removes entries older than AUDIT_RETENTION_DAYS', async () => {
    const old = new Date(t.clock.now().getTime() - 3651 * 24 * 60 * 60 * 1000);
    await t.database.db.insert(audit_log).values({ at: old, action: 'edit', entity: 'users', entity_id: null });
    await asJob(t, () => t.app.services.audit.purgeExpired());
    assert.equal((await t.database.db.select().from(audit_log).where(eq(audit_log.at, old))).length, 0);
    assert.ok((await allEntries()).length > 0, 'recent entries stay');
  });
});

describe('every kind of change is recorded', () => {
  test("create, edit, delete, activate, deactivate, approve, book, cancel, payment, entry, import, mail send, category permissions (a release: in the platform's releases test)", async () => {
    const marco = await userIdOf(t, MEMBER.email);
    const giulia = await userIdOf(t, OTHER_MEMBER.email);
    let qualification = '';
    let newUser = '';
    let bookingId = '';
    const category = await createCategory(t, admin, 'Permessi audit', []);
    const allQuals = ok(await call(t.app, admin, 'GET', '/api/v1/user/qualification?limit=500'), 200)
      .json()
      .data.map((q: { _id: string }) => q._id);
    const table = ok(
      await call(t.app, admin, 'POST', '/api/v1/training-session/game-tables', { number: 281, description: 'Tavolo audit' }),
      201,
    ).json()._id;
    const session = ok(
      await call(t.app, admin, 'POST', '/api/v1/training-session', {
        title: 'Audit',
        day: '2026-11-26',
        start_time: '18:00',
        end_time: '19:30',
        participant_qualifications: allQuals,
        game_tables: [table],
      }),
      201,
    ).json().data[0]._id;
    const charges = ok(await call(t.app, admin, 'GET', '/api/v1/finance/member-charge?limit=500'), 200).json().data;
    const open = charges.find((c: { user: { _id: string }; remaining_amount?: number }) => c.user._id === marco);
    const seededEntry = ok(await call(t.app, admin, 'GET', '/api/v1/finance/accounting-entry?limit=1'), 200).json().data[0];
    const classes = ok(await call(t.app, admin, 'GET', '/api/v1/user/mailing-list/classes?limit=500'), 200).json().data;
    const medical = new FormData();
    medical.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }),
      'certificato.pdf',
    );
    const fitet = new FormData();
    const sample = fs.readFileSync(path.join(import.meta.dirname, '..', '..', '..', '..', '..', 'docs', 'samples', 'fitet-esempio.csv'));
    fitet.append('file', new Blob([sample], { type: 'text/csv' }), 'fitet-esempio.csv');

    const kinds: [action: string, entity: string, act: () => Promise<unknown>][] = [
      [
        'create',
        'qualifications',
        async () =>
          (qualification = ok(await call(t.app, admin, 'POST', '/api/v1/user/qualification', { name: 'Audit', color: '#123456' }), 201).json()._id),
      ],
      [
        'edit',
        'qualifications',
        async () => ok(await call(t.app, admin, 'PATCH', `/api/v1/user/qualification/${qualification}`, { name: 'Audit 2', color: '#123456' }), 200),
      ],
      ['delete', 'qualifications', async () => ok(await call(t.app, admin, 'DELETE', `/api/v1/user/qualification/${qualification}`), 204)],
      ['create', 'users', async () => (newUser = ok(await call(t.app, admin, 'POST', '/api/v1/user', userPayload(category)), 201).json()._id)],
      ['deactivate', 'users', async () => ok(await call(t.app, admin, 'PATCH', `/api/v1/user/${newUser}/deactivate`, {}), 200)],
      ['activate', 'users', async () => ok(await call(t.app, admin, 'PATCH', `/api/v1/user/${newUser}/activate`), 200)],
      [
        'edit',
        'categories',
        async () =>
          ok(
            await call(t.app, admin, 'PATCH', `/api/v1/user/category/${category}`, {
              name: 'Permessi audit',
              description: 'Categoria di prova',
              permissions: ['book_session'],
            }),
            200,
          ),
      ],
      [
        'approve',
        'certificate_records',
        async () => {
          const member = await login(t.app, MEMBER);
          ok(await call(t.app, member, 'POST', '/api/v1/certificate/medical/user/me', medical), 201);
          const list = ok(await call(t.app, admin, 'GET', `/api/v1/certificate?limit=500&q=${encodeURIComponent('Rossi')}`), 200).json().data;
          const mine = list.find((c: { user: { _id: string }; type: { is_medical: boolean } }) => c.user._id === marco && c.type.is_medical);
          const url = `/api/v1/certificate/${mine._id}/user/${marco}/record/${mine.active_record_content.recordId}/approve`;
          ok(await call(t.app, admin, 'PATCH', url, { end_date: '2027-06-30' }), 200);
        },
      ],
      [
        'book',
        'bookings',
        async () =>
          (bookingId = ok(
            await call(t.app, admin, 'POST', `/api/v1/training-session/${session}/book`, {
              partnersId: [marco, giulia],
              date: '2026-11-26',
              admin: true,
            }),
            201,
          ).json()._id),
      ],
      ['cancel', 'bookings', async () => ok(await call(t.app, admin, 'PATCH', `/api/v1/training-session/booking/${bookingId}`), 200)],
      [
        'payment',
        'finance_member_payments',
        async () =>
          ok(
            await call(t.app, admin, 'POST', `/api/v1/finance/member-charge/${open._id}/payment`, {
              amount_paid: 1,
              payment_date: '2026-11-20',
              payment_type: 'cash',
            }),
            201,
          ),
      ],
      [
        'entry',
        'finance_accounting_entries',
        async () =>
          ok(
            await call(t.app, admin, 'POST', '/api/v1/finance/accounting-entry', {
              fiscal_year: seededEntry.fiscal_year,
              registration_date: '2026-11-20',
              subaccount: seededEntry.subaccount._id,
              description: 'Registrazione audit',
              taxable_amount: 10,
              vat: 0,
              payment_type: 'cash',
            }),
            201,
          ),
      ],
      ['import', 'fitet_records', async () => ok(await call(t.app, admin, 'POST', '/api/v1/user/fitet', fitet), 200)],
      [
        'mail-send',
        'emails',
        async () =>
          ok(await call(t.app, admin, 'POST', '/api/v1/emails/send', { mailing_lists: [classes[0]._id], subject: 'Audit', body: 'Prova' }), 200),
      ],
    ];
    for (const [action, entity, act] of kinds) {
      const written = await entriesOf(act);
      const found = written.find((e) => e.action === action && e.entity === entity);
      assert.ok(found, `${action} ${entity}: ${JSON.stringify(written.map((e) => [e.action, e.entity]))}`);
      assert.equal(found.actor_user_id, adminId, `${action} ${entity}: the actor`);
      assert.ok(Object.keys(found.changes).length > 0 || action === 'mail-send', `${action} ${entity}: its changes`);
    }
    const permissions = (await allEntries()).find((e) => e.entity === 'categories' && e.entity_id === category && e.action === 'edit');
    assert.deepEqual(permissions?.changes.permissions, { before: [], after: ['book_session'] });
  });
});
