import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import PDFDocument from 'pdfkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { eq } from 'drizzle-orm';
import {
  ADMIN,
  MEMBER,
  OTHER_MEMBER,
  type TestApp,
  build,
  call,
  lastMailLink,
  linkParams,
  login,
  removeCertificates,
  userPayload,
} from '../../../testing/helper';
import { certificate_records, certificates } from '../tables';

let t: TestApp;
let admin: string;
let member: string;
let other: string;
let memberId: string;

/** A real one-page PDF, as a member would upload. */
async function pdfFile(text = 'Certificato'): Promise<Blob> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.text(text);
  doc.end();
  await done;
  return new Blob([Buffer.concat(chunks)], { type: 'application/pdf' });
}

const form = (file: Blob, name = 'certificato.pdf') => {
  const data = new FormData();
  data.append('file', file, name);
  return data;
};

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

const isoIn = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  // Marco and Giulia start without a certificate, to upload their first one.
  for (const who of [MEMBER, OTHER_MEMBER]) await removeCertificates(t.app, admin, who.email);
  member = await login(t.app, MEMBER);
  other = await login(t.app, OTHER_MEMBER);
  memberId = (await call(t.app, member, 'GET', '/api/v1/user/me')).json()._id;
});
after(async () => {
  await t.close();
});

describe('certificate types', () => {
  test('create with comma days as numbers, refuse bad input and a taken name, refuse deleting a type in use', async () => {
    const created = await call(t.app, admin, 'POST', '/api/v1/certificate/types', {
      name: 'Medico agonistico',
      days_before_warn: [7, 30],
      is_medical: true,
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(created.json().days_before_warn, [30, 7]);
    const bad = await call(t.app, admin, 'POST', '/api/v1/certificate/types', { name: 'X', days_before_warn: ['a', 'b'] });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /^days_before_warn\.0: /);
    assert.equal(
      (await call(t.app, admin, 'POST', '/api/v1/certificate/types', { name: 'X', days_before_warn: [] })).json().message,
      'days_before_warn: Campo obbligatorio',
    );
    const taken = await call(t.app, admin, 'POST', '/api/v1/certificate/types', { name: 'Medico agonistico', days_before_warn: [1] });
    assert.equal(taken.json().code, 'CERTIFICATE_TYPE_NAME_TAKEN');

    const users = (await call(t.app, admin, 'GET', '/api/v1/user?limit=500')).json().data as { _id: string; email: string }[];
    const giulia = users.find((u) => u.email === OTHER_MEMBER.email)!;
    const cert = await call(t.app, admin, 'POST', '/api/v1/certificate', { type: created.json()._id, user: giulia._id });
    assert.equal(cert.statusCode, 201, cert.body);
    const inUse = await call(t.app, admin, 'DELETE', `/api/v1/certificate/types/${created.json()._id}`);
    assert.equal(inUse.statusCode, 409);
    assert.equal(inUse.json().message, 'Impossibile eliminare la tipologia: è usata da 1 certificato.');
    assert.equal(
      (await call(t.app, admin, 'POST', '/api/v1/certificate', { type: created.json()._id, user: giulia._id })).json().code,
      'CERTIFICATE_EXISTS',
    );

    // Before any upload there is no record to date.
    const edit = await call(t.app, admin, 'PATCH', `/api/v1/certificate/${cert.json()._id}/user/${giulia._id}`, { end_date: isoIn(100) });
    assert.equal(edit.statusCode, 404);
    assert.deepEqual(edit.json(), { code: 'NO_RECORDS_TO_UPDATE', message: 'No records found to update' });
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/certificate/${cert.json()._id}/user/${giulia._id}`)).statusCode, 204);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/certificate/types/${created.json()._id}`)).statusCode, 204);
  });
});

describe("the member's medical certificate", () => {
  test('upload from the profile, approval with a date, the profile follows; bad files are refused and change nothing', async () => {
    let me = (await call(t.app, member, 'GET', '/api/v1/user/me')).json();
    assert.equal(me.medical_certificate_status, 'not_uploaded');
    assert.equal(me.medical_certificate_expiration_date, null);
    const missing = await call(t.app, member, 'GET', `/api/v1/certificate/user/${memberId}/medical/file`);
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().message, 'Medical certificate not found');

    const xlsxAsPdf = new Blob([Buffer.from('504b0304140006000800000021000000', 'hex')], { type: 'application/pdf' });
    const refused = await call(t.app, member, 'POST', '/api/v1/certificate/medical/user/me', form(xlsxAsPdf, 'finto.pdf'));
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().code, 'FILE_TYPE_NOT_ALLOWED');
    const big = new Blob([Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 32)])], { type: 'application/pdf' });
    assert.equal((await call(t.app, member, 'POST', '/api/v1/certificate/medical/user/me', form(big))).json().code, 'FILE_TOO_LARGE');
    assert.equal((await call(t.app, member, 'POST', '/api/v1/certificate/medical/user/me', new FormData())).json().code, 'FILE_MISSING');
    assert.equal((await call(t.app, member, 'GET', '/api/v1/user/me')).json().medical_certificate_status, 'not_uploaded');

    const uploaded = await call(t.app, member, 'POST', '/api/v1/certificate/medical/user/me', form(await pdfFile()));
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    me = (await call(t.app, member, 'GET', '/api/v1/user/me')).json();
    assert.equal(me.medical_certificate_status, 'not_approved');
    const again = await call(t.app, member, 'POST', '/api/v1/certificate/medical/user/me', form(await pdfFile()));
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'Il certificato caricato è in attesa di approvazione');

    const own = await call(t.app, member, 'GET', `/api/v1/certificate/user/${memberId}/medical/file`);
    assert.equal(own.statusCode, 200);
    assert.match(String(own.headers['content-disposition']), new RegExp(`filename="certificato_${memberId}\\.pdf"`));
    assert.equal(own.rawPayload.subarray(0, 5).toString(), '%PDF-');
    assert.equal((await call(t.app, other, 'GET', `/api/v1/certificate/user/${memberId}/medical/file`)).statusCode, 403);
    assert.equal((await call(t.app, admin, 'GET', `/api/v1/certificate/user/${memberId}/medical/file`)).statusCode, 200);

    const list = (await call(t.app, admin, 'GET', `/api/v1/certificate?q=${encodeURIComponent('Rossi')}`)).json();
    const mine = list.data.find((c: { user: { _id: string } }) => c.user._id === memberId);
    assert.equal(mine.status, 'not_approved');
    assert.equal(mine.is_approved, false);
    assert.equal(mine.type.name, 'Certificato medico non agonistico');
    const record = mine.active_record_content;
    assert.equal(record.isApproved, false);
    assert.equal((await call(t.app, admin, 'GET', record.fileUrl)).statusCode, 200);
    assert.equal((await call(t.app, member, 'GET', record.fileUrl)).statusCode, 403);

    const end = isoIn(200);
    const approved = await call(t.app, admin, 'PATCH', `/api/v1/certificate/${mine._id}/user/${memberId}/record/${record.recordId}/approve`, {
      end_date: end,
      notes: 'Visita del medico sportivo',
    });
    assert.equal(approved.statusCode, 200, approved.body);
    assert.deepEqual(
      [approved.json().status, approved.json().is_approved, approved.json().is_valid, approved.json().current_end_date],
      ['valid', true, true, end],
    );
    me = (await call(t.app, member, 'GET', '/api/v1/user/me')).json();
    assert.deepEqual([me.medical_certificate_status, me.medical_certificate_expiration_date], ['approved', end]);

    // Within the type's 30 warning days: expiring; past its date: expired, on the profile too.
    const soon = await call(t.app, admin, 'PATCH', `/api/v1/certificate/${mine._id}/user/${memberId}`, { end_date: isoIn(10) });
    assert.equal(soon.json().status, 'is_expiring');
    const past = await call(t.app, admin, 'PATCH', `/api/v1/certificate/${mine._id}/user/${memberId}`, { end_date: isoIn(-2) });
    assert.deepEqual([past.json().status, past.json().is_valid], ['expired', false]);
    assert.equal((await call(t.app, member, 'GET', '/api/v1/user/me')).json().medical_certificate_status, 'expired');

    const csv = await call(t.app, admin, 'GET', '/api/v1/certificate/export?format=csv');
    assert.match(csv.body, /Rossi;Marco;[A-Z0-9]{16};certificato\.pdf;\d\d\/\d\d\/\d{4};Sì;Scaduto;/);
  });

  test('the request forms are real PDFs with the club and the member', async () => {
    for (const [kind, name, title] of [
      ['agonistic', 'modulo_certificato_agonistico.pdf', /agonistica/],
      ['non-agonistic', 'modulo_certificato_non_agonistico.pdf', /non agonistica/],
    ] as const) {
      const res = await call(t.app, member, 'GET', `/api/v1/pdf/medical-request/${kind}`);
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-disposition']), new RegExp(name));
      const text = await pdfText(res.rawPayload);
      assert.match(text, title);
      assert.match(text, /Circolo del tennistavolo/);
      assert.match(text, /Rossi Marco/);
    }
    assert.equal((await call(t.app, null, 'GET', '/api/v1/pdf/medical-request/agonistic')).statusCode, 401);
  });

  test('staff calls need certificates_access', async () => {
    assert.equal((await call(t.app, member, 'GET', '/api/v1/certificate')).statusCode, 403);
    assert.equal((await call(t.app, member, 'GET', '/api/v1/certificate/types')).statusCode, 403);
    assert.equal((await call(t.app, member, 'POST', '/api/v1/certificate', {})).statusCode, 403);
    assert.equal((await call(t.app, null, 'GET', '/api/v1/certificate')).statusCode, 401);
  });
});

describe('races and staff without registry access', () => {
  // On PostgreSQL the two requests interleave (without the row lock both were stored); PGlite runs them in turn.
  test('two uploads from the profile at once: one record, the other refused as awaiting approval', async () => {
    const [first, second] = await Promise.all([
      call(t.app, other, 'POST', '/api/v1/certificate/medical/user/me', form(await pdfFile('uno'))),
      call(t.app, other, 'POST', '/api/v1/certificate/medical/user/me', form(await pdfFile('due'))),
    ]);
    assert.deepEqual([first.statusCode, second.statusCode].sort(), [201, 409], `${first.body} ${second.body}`);
    assert.equal([first, second].find((r) => r.statusCode === 409)?.json().code, 'MEDICAL_CERTIFICATE_PENDING');
    const giulia = (await call(t.app, other, 'GET', '/api/v1/user/me')).json();
    assert.equal(giulia.medical_certificate_status, 'not_approved');
    const records = await t.database.db
      .select({ id: certificate_records.id })
      .from(certificate_records)
      .innerJoin(certificates, eq(certificates.id, certificate_records.certificate_id))
      .where(eq(certificates.user_id, giulia._id));
    assert.equal(records.length, 1);
  });

  test('certificates staff pick users for a certificate (GET /user?reducedDetails) but do not read the registry', async () => {
    const category = await call(t.app, admin, 'POST', '/api/v1/user/category', {
      name: 'Segreteria certificati',
      permissions: ['certificates_access'],
    });
    assert.equal(category.statusCode, 201, category.body);
    const created = await call(t.app, admin, 'POST', '/api/v1/user', userPayload(category.json()._id));
    assert.equal(created.statusCode, 201, created.body);
    const { userId, token } = linkParams(await lastMailLink(t, created.json().email));
    await call(t.app, null, 'POST', '/api/v1/auth/complete-registration', { userId, token, password: 'Segreteria-2026!' });
    const clerk = await login(t.app, { email: created.json().email, password: 'Segreteria-2026!' });
    await call(t.app, clerk, 'POST', '/api/v1/auth/accept-terms', { privacy_policy: true, regulations: true });

    const picker = await call(t.app, clerk, 'GET', '/api/v1/user?limit=500&reducedDetails=true');
    assert.equal(picker.statusCode, 200, picker.body);
    assert.ok(picker.json().data.some((u: { email: string }) => u.email === MEMBER.email));
    for (const u of picker.json().data) assert.deepEqual(Object.keys(u).sort(), ['_id', 'email', 'name', 'surname']);
    assert.equal((await call(t.app, clerk, 'GET', '/api/v1/user?limit=500')).statusCode, 403);
    assert.equal((await call(t.app, clerk, 'GET', '/api/v1/certificate')).statusCode, 200);
  });
});
