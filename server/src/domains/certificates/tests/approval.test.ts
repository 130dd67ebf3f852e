/**
 * Issue 25 item 6: a user with certificates_access approved their own medical certificate with an expiry in 2099
 * and booked. Nobody approves (or sets the expiry of) their own certificate; a medical certificate's approval needs
 * an expiry date, at most the type's validity (validity_months) from today. PGlite by default, PostgreSQL with
 * DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../../core/passwords';
import { ADMIN, type TestApp, build, call, login } from '../../../testing/helper';
import { categories, users } from '../../registry/tables';
import { certificate_records } from '../tables';

let t: TestApp;
let admin: string;
/** Two members of the certificates staff, each with book_session too. */
let anna: { id: string; cookie: string };
let bruno: { id: string; cookie: string };

/** Tuesday 29 February 2028, 10:00 in Rome: twelve months ahead is 28 February 2029. */
const NOW = new Date('2028-02-29T09:00:00Z');

const pdf = () => {
  const data = new FormData();
  data.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'certificato.pdf');
  return data;
};

async function staffMember(label: string, categoryId: string): Promise<{ id: string; cookie: string }> {
  const email = `${label.toLowerCase()}.${Date.now().toString(36)}@test.example`;
  const password = 'Staff-2028!';
  const [row] = await t.database.db
    .insert(users)
    .values({
      name: label,
      surname: 'Certificati',
      email,
      category_id: categoryId,
      password_hash: await hashPassword(password),
      registration_completed_at: NOW,
      terms_accepted_at: NOW,
    })
    .returning({ id: users.id });
  return { id: row!.id, cookie: await login(t.app, { email, password }) };
}

/** The staff member's own medical certificate with the upload awaiting approval. */
async function ownMedicalUpload(who: { id: string; cookie: string }) {
  const uploaded = await call(t.app, who.cookie, 'POST', '/api/v1/certificate/medical/user/me', pdf());
  assert.equal(uploaded.statusCode, 201, uploaded.body);
  const list = await call(t.app, admin, 'GET', `/api/v1/certificate?limit=500&q=${encodeURIComponent('Certificati')}`);
  const mine = list.json().data.find((c: { user: { _id: string }; type: { is_medical: boolean } }) => c.user._id === who.id && c.type.is_medical);
  assert.ok(mine, 'the medical certificate the upload created');
  return { id: mine._id as string, recordId: mine.active_record_content.recordId as string };
}

const approve = (cookie: string, c: { id: string; recordId: string }, userId: string, body: unknown) =>
  call(t.app, cookie, 'PATCH', `/api/v1/certificate/${c.id}/user/${userId}/record/${c.recordId}/approve`, body);

before(async () => {
  t = await build();
  t.clock.freeze();
  t.clock.advance(NOW.getTime() - t.clock.now().getTime());
  admin = await login(t.app, ADMIN);
  const category = await call(t.app, admin, 'POST', '/api/v1/user/category', {
    name: 'Responsabili certificati',
    permissions: ['certificates_access', 'book_session'],
  });
  assert.equal(category.statusCode, 201, category.body);
  const [row] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Responsabili certificati'));
  anna = await staffMember('Anna', row!.id);
  bruno = await staffMember('Bruno', row!.id);
});
after(async () => {
  await t.close();
});

describe('approving certificates', () => {
  test('nobody approves their own certificate or sets its expiry; the upload stays awaiting approval, so they cannot book', async () => {
    const own = await ownMedicalUpload(anna);
    const self = await approve(anna.cookie, own, anna.id, { end_date: '2099-12-31', notes: 'ok' });
    assert.equal(self.statusCode, 403, self.body);
    assert.equal(self.json().code, 'CERTIFICATE_OWN_RECORD');
    const edit = await call(t.app, anna.cookie, 'PATCH', `/api/v1/certificate/${own.id}/user/${anna.id}`, { end_date: '2099-12-31' });
    assert.deepEqual([edit.statusCode, edit.json().code], [403, 'CERTIFICATE_OWN_RECORD']);
    const [record] = await t.database.db.select().from(certificate_records).where(eq(certificate_records.id, own.recordId));
    assert.deepEqual([record!.is_approved, record!.end_date], [false, null]);
    const me = (await call(t.app, anna.cookie, 'GET', '/api/v1/user/me')).json();
    assert.equal(me.medical_certificate_status, 'not_approved');

    // Another member of the staff approves it, within the type's validity.
    const byOther = await approve(bruno.cookie, own, anna.id, { end_date: '2029-02-28', notes: 'visita del 28/02/2028' });
    assert.equal(byOther.statusCode, 200, byOther.body);
    assert.equal((await call(t.app, anna.cookie, 'GET', '/api/v1/user/me')).json().medical_certificate_status, 'approved');
  });

  test("a medical certificate's approval needs an expiry date, at most the type's validity (12 months) from today", async () => {
    const upload = await ownMedicalUpload(bruno);
    const cases: [unknown, number, string, RegExp][] = [
      [{ notes: 'senza data' }, 400, 'CERTIFICATE_END_DATE_REQUIRED', /data di scadenza/],
      [{ end_date: null, notes: 'senza data' }, 400, 'CERTIFICATE_END_DATE_REQUIRED', /data di scadenza/],
      [{ end_date: '2099-12-31', notes: 'troppo lontana' }, 400, 'CERTIFICATE_END_DATE_TOO_FAR', /al massimo il 28\/02\/2029 \(12 mesi\)/],
      [{ end_date: '2029-03-01', notes: 'un giorno di troppo' }, 400, 'CERTIFICATE_END_DATE_TOO_FAR', /28\/02\/2029/],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await approve(anna.cookie, upload, bruno.id, body);
      assert.equal(res.statusCode, status, `${JSON.stringify(body)}: ${res.body}`);
      assert.equal(res.json().code, code);
      assert.match(res.json().message, message);
    }
    const [record] = await t.database.db.select().from(certificate_records).where(eq(certificate_records.id, upload.recordId));
    assert.equal(record!.is_approved, false, 'nothing approved by a refused call');
    // The expiry of the latest record follows the same rule when staff edit it.
    const approved = await approve(anna.cookie, upload, bruno.id, { end_date: '2029-02-28', notes: 'ok' });
    assert.equal(approved.statusCode, 200, approved.body);
    for (const [end_date, code] of [
      [null, 'CERTIFICATE_END_DATE_REQUIRED'],
      ['2030-01-01', 'CERTIFICATE_END_DATE_TOO_FAR'],
    ] as const) {
      const edit = await call(t.app, anna.cookie, 'PATCH', `/api/v1/certificate/${upload.id}/user/${bruno.id}`, { end_date });
      assert.deepEqual([edit.statusCode, edit.json().code], [400, code], edit.body);
    }
    const shorter = await call(t.app, anna.cookie, 'PATCH', `/api/v1/certificate/${upload.id}/user/${bruno.id}`, { end_date: '2028-12-31' });
    assert.equal(shorter.statusCode, 200, shorter.body);
    assert.equal(shorter.json().current_end_date, '2028-12-31');
  });

  test("a type's validity is its own (default 12 months, 1 to 120); a certificate that is not medical may have no expiry", async () => {
    const created = await call(t.app, admin, 'POST', '/api/v1/certificate/types', { name: 'Brevetto istruttore', days_before_warn: [30] });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().validity_months, 12);
    const longer = await call(t.app, admin, 'PATCH', `/api/v1/certificate/types/${created.json()._id}`, {
      name: 'Brevetto istruttore',
      days_before_warn: [30],
      validity_months: 36,
    });
    assert.equal(longer.statusCode, 200, longer.body);
    assert.equal(longer.json().validity_months, 36);
    for (const validity_months of [0, 121, 1.5]) {
      const bad = await call(t.app, admin, 'POST', '/api/v1/certificate/types', {
        name: `X${validity_months}`,
        days_before_warn: [1],
        validity_months,
      });
      assert.equal(bad.statusCode, 400, bad.body);
      assert.match(bad.json().message, /^validity_months: /);
    }
    const certificate = await call(t.app, admin, 'POST', '/api/v1/certificate', { type: created.json()._id, user: anna.id });
    assert.equal(certificate.statusCode, 201, certificate.body);
    const uploaded = await call(t.app, admin, 'POST', `/api/v1/certificate/${certificate.json()._id}/user/${anna.id}`, pdf());
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    const c = { id: uploaded.json()._id as string, recordId: uploaded.json().active_record_content.recordId as string };
    assert.equal((await approve(bruno.cookie, c, anna.id, { end_date: '2031-03-01', notes: 'x' })).json().code, 'CERTIFICATE_END_DATE_TOO_FAR');
    const noExpiry = await approve(bruno.cookie, c, anna.id, { notes: 'senza scadenza' });
    assert.equal(noExpiry.statusCode, 200, noExpiry.body);
  });
});
