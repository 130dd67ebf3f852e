/**
 * A member's data to take away and their anonymisation (issue 28): GET /user/me/export and /user/{id}/export (a ZIP
 * with dati.json and the member's files), POST /user/{id}/anonymize. Who may call them (401/403), what the ZIP holds,
 * and that anonymising a member leaves the trial balance and the statistics as they were while sign-in becomes
 * impossible. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { unzipSync } from 'fflate';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, build, call, login } from '../../testing/helper';

let t: TestApp;
let admin: string;
let member: string;
let memberId: string;
let otherId: string;
before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  member = await login(t.app, MEMBER);
  memberId = (await call(t.app, member, 'GET', '/api/v1/user/me')).json()._id;
  otherId = (await call(t.app, await login(t.app, OTHER_MEMBER), 'GET', '/api/v1/user/me')).json()._id;
});
after(async () => {
  await t.close();
});

const unzip = (body: Buffer) => unzipSync(new Uint8Array(body));
const datiOf = (files: Record<string, Uint8Array>) => JSON.parse(Buffer.from(files['dati.json']!).toString('utf8'));

test('anonymous callers get 401, a member only their own data, anonymisation is for * only', async () => {
  for (const [method, url] of [
    ['GET', '/api/v1/user/me/export'],
    ['GET', `/api/v1/user/${memberId}/export`],
    ['POST', `/api/v1/user/${memberId}/anonymize`],
  ] as const) {
    assert.equal((await call(t.app, null, method, url, method === 'POST' ? {} : undefined)).statusCode, 401, `${method} ${url}`);
  }
  assert.equal((await call(t.app, member, 'GET', `/api/v1/user/${otherId}/export`)).statusCode, 403, "another member's data");
  assert.equal((await call(t.app, member, 'GET', `/api/v1/user/${memberId}/export`)).statusCode, 403, 'the * route, even for oneself');
  assert.equal((await call(t.app, member, 'POST', `/api/v1/user/${otherId}/anonymize`, {})).statusCode, 403);
  const self = await call(t.app, admin, 'POST', `/api/v1/user/${(await call(t.app, admin, 'GET', '/api/v1/user/me')).json()._id}/anonymize`, {});
  assert.equal(self.statusCode, 400);
  assert.equal(self.json().code, 'SELF_ANONYMIZE');
  assert.equal((await call(t.app, admin, 'GET', '/api/v1/user/00000000-0000-4000-8000-000000000000/export')).statusCode, 404);
  assert.equal((await call(t.app, admin, 'POST', '/api/v1/user/00000000-0000-4000-8000-000000000000/anonymize', {})).statusCode, 404);
});

test("a member's ZIP holds dati.json with their profile, consents, bookings, certificates, charges and payments, and their files", async () => {
  const edit = await call(t.app, member, 'PATCH', '/api/v1/user/me', { phone_number: '+39 333 1234567' });
  assert.equal(edit.statusCode, 200, edit.body);
  const res = await call(t.app, member, 'GET', '/api/v1/user/me/export');
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'application/zip');
  assert.match(String(res.headers['content-disposition']), /attachment; filename="dati-Rossi-Marco\.zip"/);
  const files = unzip(res.rawPayload);
  const dati = datiOf(files);
  assert.equal(dati.profilo.email, MEMBER.email);
  assert.equal(dati.profilo.phone_number, '+39 333 1234567');
  assert.equal(dati.profilo.password_hash, undefined, 'never the password hash');
  assert.ok(dati.categoria.nome);
  assert.ok(dati.consensi.termini_accettati_il, 'the terms accepted, with the date');
  assert.ok(Array.isArray(dati.prenotazioni) && Array.isArray(dati.lista_attesa) && Array.isArray(dati.promemoria));
  assert.ok(dati.addebiti.length > 0, 'the seeded charges');
  assert.ok(
    dati.addebiti.some((c: { pagamenti: unknown[] }) => c.pagamenti.length > 0),
    'with their payments',
  );
  assert.ok(dati.certificati.length > 0 && dati.certificati[0].caricamenti.length > 0, 'certificates and their uploads');
  // Every stored file listed is in the ZIP, byte for byte as stored.
  assert.ok(dati.file.length > 0);
  for (const listed of dati.file as { percorso: string; dimensione: number }[]) {
    assert.equal(files[listed.percorso]?.length, listed.dimensione, listed.percorso);
  }
  // The * users read any member's, the same content.
  const byAdmin = await call(t.app, admin, 'GET', `/api/v1/user/${memberId}/export`);
  assert.equal(byAdmin.statusCode, 200);
  assert.equal(datiOf(unzip(byAdmin.rawPayload)).profilo.phone_number, '+39 333 1234567');
});

test('anonymising a member keeps the trial balance and the statistics, frees the e-mail, deletes the files and ends sign-in', async () => {
  const balance = async () => (await call(t.app, admin, 'GET', '/api/v1/finance/trial-balance?fiscal_year=2026-2027')).json();
  const statistics = async () =>
    (await call(t.app, admin, 'GET', '/api/v1/statistics/played-sessions/summary?startDate=2026-01-01&endDate=2026-12-31')).json();
  const bookings = async () => datiOf(unzip((await call(t.app, admin, 'GET', `/api/v1/user/${memberId}/export`)).rawPayload)).prenotazioni.length;
  const before = { balance: await balance(), statistics: await statistics(), bookings: await bookings() };
  const filesBefore = datiOf(unzip((await call(t.app, admin, 'GET', `/api/v1/user/${memberId}/export`)).rawPayload)).file.length;
  assert.ok(filesBefore > 0);

  const res = await call(t.app, admin, 'POST', `/api/v1/user/${memberId}/anonymize`, {});
  assert.equal(res.statusCode, 204, res.body);

  assert.deepEqual(await balance(), before.balance, 'the trial balance is unchanged');
  assert.deepEqual(await statistics(), before.statistics, 'the statistics are unchanged');
  assert.equal(await bookings(), before.bookings, 'the bookings stay');

  // The session ended; signing in again is impossible.
  assert.equal((await call(t.app, member, 'GET', '/api/v1/user/me')).statusCode, 401, 'the session ended');
  assert.equal((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: MEMBER })).statusCode, 401);

  const after = datiOf(unzip((await call(t.app, admin, 'GET', `/api/v1/user/${memberId}/export`)).rawPayload));
  assert.notEqual(after.profilo.email, MEMBER.email, 'the e-mail is freed');
  assert.equal(after.profilo.phone_number, null);
  assert.equal(after.profilo.fiscal_code, null);
  assert.equal(after.profilo.name, 'Socio');
  assert.deepEqual(after.certificati, []);
  assert.deepEqual(after.file, [], 'the stored files are gone');
  assert.ok(after.addebiti.length > 0, 'the charges stay');
  const listed = await call(t.app, admin, 'GET', `/api/v1/user?limit=5&q=${encodeURIComponent(MEMBER.email)}`);
  assert.equal(listed.json().data.length, 0, 'no user holds the address any more');
});
