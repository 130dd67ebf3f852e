/**
 * Issue 25 item 5: GET /files/{id} served every stored file to anyone with registry_access, medical certificates and
 * accounting attachments included. A file is served to its owner and to the permission of the record that holds it:
 * each domain declares the records holding files and who reads them (Domain.fileHolders), core/files enforces.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Permission } from 'shared-api/contract';
import { rowsOf } from '../db/rows';
import { hashPassword } from '../passwords';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, build, call, login } from '../../testing/helper';

let t: TestApp;
let admin: string;

/** A member of a category of its own holding just these permissions, signed in. */
async function staff(permissions: Permission[]): Promise<string> {
  const name = `Solo ${permissions.join(' ')} ${randomUUID().slice(0, 6)}`;
  const category = await call(t.app, admin, 'POST', '/api/v1/user/category', { name, permissions });
  assert.equal(category.statusCode, 201, category.body);
  const email = `staff.${randomUUID().slice(0, 8)}@test.example`;
  const password = 'Staff-2026!';
  await t.database.db.execute(sql`
    insert into users (name, surname, email, category_id, password_hash, registration_completed_at, terms_accepted_at)
    values ('Staff', ${name}, ${email}, ${category.json()._id}, ${await hashPassword(password)}, now(), now())`);
  return login(t.app, { email, password });
}

async function one(query: ReturnType<typeof sql>): Promise<string> {
  const [row] = rowsOf<{ id: string }>(await t.database.db.execute(query));
  assert.ok(row, 'a file of the demo club');
  return row.id;
}

/** The bytes of a stored file, with a row naming its owner (null: none). */
async function storedFile(owner: string | null): Promise<string> {
  const id = randomUUID();
  const data = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1');
  await t.app.services.files.save(t.database.db, { id, original_name: 'foto.gif', mime: 'image/gif', size: data.length, data }, owner);
  return id;
}

const files: Record<'marcoCertificate' | 'giuliaCertificate' | 'attachment' | 'marcoPhoto' | 'orphan', string> = {
  marcoCertificate: '',
  giuliaCertificate: '',
  attachment: '',
  marcoPhoto: '',
  orphan: '',
};

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  // A new upload of each one's medical certificate (the seed's files live in the data folder of the run that seeded).
  const certificateOf = async (email: string) => {
    const owner = await one(sql`select id from users where email = ${email}`);
    const certificate = await one(sql`select c.id from certificates c where c.user_id = ${owner} limit 1`);
    const file = await storedFile(owner);
    await t.database.db.execute(sql`insert into certificate_records (certificate_id, file_id) values (${certificate}, ${file})`);
    return file;
  };
  files.marcoCertificate = await certificateOf(MEMBER.email);
  files.giuliaCertificate = await certificateOf(OTHER_MEMBER.email);
  // An accounting entry's attachment (finance): nobody's own file.
  files.attachment = await storedFile(null);
  const [entry] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from finance_accounting_entries order by id limit 1`));
  assert.ok(entry, 'an accounting entry of the demo club');
  await t.database.db.execute(sql`update finance_accounting_entries set attachment_file_id = ${files.attachment} where id = ${entry.id}`);
  // Marco's photo in the registry.
  const marco = await one(sql`select id from users where email = ${MEMBER.email}`);
  files.marcoPhoto = await storedFile(marco);
  await t.database.db.execute(sql`update users set image_file_id = ${files.marcoPhoto} where id = ${marco}`);
  // A file no record holds.
  files.orphan = await storedFile(null);
});
after(async () => {
  await t.close();
});

const status = async (cookie: string, file: keyof typeof files) => (await call(t.app, cookie, 'GET', `/api/v1/files/${files[file]}`)).statusCode;

describe('who reads a stored file', () => {
  test("registry staff read the registry's files only: not a certificate, not an accounting attachment", async () => {
    const registry = await staff(['registry_access']);
    assert.deepEqual(
      [
        await status(registry, 'marcoPhoto'),
        await status(registry, 'marcoCertificate'),
        await status(registry, 'attachment'),
        await status(registry, 'orphan'),
      ],
      [200, 403, 403, 403],
    );
  });

  test('certificates staff read certificates, finance staff attachments, each nothing else; "*" reads every held file', async () => {
    const certificates = await staff(['certificates_access']);
    assert.deepEqual(
      [await status(certificates, 'marcoCertificate'), await status(certificates, 'attachment'), await status(certificates, 'marcoPhoto')],
      [200, 403, 403],
    );
    const finance = await staff(['finance_access']);
    assert.deepEqual(
      [await status(finance, 'attachment'), await status(finance, 'marcoCertificate'), await status(finance, 'marcoPhoto')],
      [200, 403, 403],
    );
    assert.deepEqual(
      [await status(admin, 'marcoCertificate'), await status(admin, 'attachment'), await status(admin, 'marcoPhoto'), await status(admin, 'orphan')],
      [200, 200, 200, 403],
    );
  });

  test("a member reads their own files, not another member's", async () => {
    const marco = await login(t.app, MEMBER);
    assert.deepEqual(
      [
        await status(marco, 'marcoCertificate'),
        await status(marco, 'marcoPhoto'),
        await status(marco, 'giuliaCertificate'),
        await status(marco, 'attachment'),
      ],
      [200, 200, 403, 403],
    );
    const res = await call(t.app, marco, 'GET', `/api/v1/files/${files.marcoCertificate}`);
    assert.equal(res.headers['cache-control'], 'private, no-store');
  });
});
