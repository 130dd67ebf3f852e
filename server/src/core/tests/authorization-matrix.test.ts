/**
 * The authorization matrix, generated from the OpenAPI description: every operation × every actor (anonymous, a
 * member, each permission alone in its own category, '*'), judged against the access the operation declares
 * (x-permission). public → nobody refused for access reasons; signed-in → anonymous 401; permissions →
 * anonymous 401, holders pass the access check (any answer but 401/403: the body is empty, so 400/404 are
 * fine), everyone else 403. A new endpoint is in the matrix the day it is registered.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { type TestApp, build, call } from '../../testing/helper';
import { type Actor, createCategory, makeCast, registeredUser } from '../../testing/reliability/actors';
import { type Operation, declaredToAllow, readOperations, urlOf } from '../../testing/reliability/operations';

/**
 * Operations whose access depends on the request, each called both ways. Keep this list tiny.
 * GET /user declares the widest access (its pickers: onlyAvailablePartners / reducedDetails for book_session,
 * finance_access, storage_access and certificates_access); without a picker flag it narrows to registry_access.
 */
const VARIANTS: Record<string, { label: string; query: Record<string, string>; /** Narrower than declared. */ access?: Operation['access'] }[]> = {
  get_user: [
    { label: 'selettore partner', query: { onlyAvailablePartners: 'true' } },
    { label: 'selettore ridotto', query: { reducedDetails: 'true' } },
    { label: 'anagrafica', query: {}, access: ['registry_access'] },
  ],
};

let t: TestApp;
let actors: Actor[];
let admin: Actor;
before(async () => {
  t = await build();
  ({ actors, admin } = await makeCast(t));
});
after(async () => {
  await t.close();
});

test('a member reaches only their own records', async () => {
  const self = actors.find((a) => a.name === 'solo book_session')!;
  const other = actors.find((a) => a.name === 'solo certificates_access')!;
  const registry = actors.find((a) => a.name === 'solo registry_access')!;

  const me = await call(t.app, self.cookie, 'GET', '/api/v1/user/me');
  assert.equal(me.statusCode, 200);
  assert.equal(me.json().email, self.email, '/user/me answers the caller');
  assert.equal(me.json()._id, self.userId);

  assert.equal((await call(t.app, self.cookie, 'GET', `/api/v1/files/${self.fileId}`)).statusCode, 200, 'own photo');
  assert.equal((await call(t.app, self.cookie, 'GET', `/api/v1/files/${other.fileId}`)).statusCode, 403, "another member's photo");
  assert.equal((await call(t.app, registry.cookie, 'GET', `/api/v1/files/${other.fileId}`)).statusCode, 200, 'registry staff read any file');

  // Another member's medical certificate: refused to a member, not to the certificates staff (none uploaded: 404).
  const certificates = actors.find((a) => a.name === 'solo certificates_access')!;
  const medical = (who: Actor, of: Actor) => call(t.app, who.cookie, 'GET', `/api/v1/certificate/user/${of.userId}/medical/file`);
  assert.equal((await medical(self, other)).statusCode, 403, "another member's medical certificate");
  assert.equal((await medical(self, self)).statusCode, 404, 'own medical certificate (none uploaded)');
  assert.equal((await medical(certificates, self)).statusCode, 404, 'certificates staff read any member’s (none uploaded)');

  // The profile edit changes the caller only.
  const before = (await call(t.app, other.cookie, 'GET', '/api/v1/user/me')).json();
  const edit = await call(t.app, self.cookie, 'PATCH', '/api/v1/user/me', { phone_number: '+39 333 0000001' });
  assert.equal(edit.statusCode, 200, edit.body);
  assert.equal(edit.json()._id, self.userId);
  assert.deepEqual((await call(t.app, other.cookie, 'GET', '/api/v1/user/me')).json(), before);
});

test('every operation × every actor answers as its declared access says', async () => {
  const { operations } = await readOperations(t.app);
  // Records the path parameters point at: a user and a category no actor depends on (deleting them is fine).
  const victimCategory = await createCategory(t, admin.cookie!, 'Bersaglio matrice', []);
  const soci = (await call(t.app, admin.cookie, 'GET', '/api/v1/user/category?limit=0&q=Soci'))
    .json()
    .data.find((c: { name: string }) => c.name === 'Soci')._id;
  const victim = await registeredUser(t, admin.cookie!, soci, 'bersaglio');

  // Any other {id}: the first record of the collection it belongs to (as the administrator reads it), else a random UUID.
  const firstOf = new Map<string, string>();
  for (const op of operations) {
    const collection = /^(.*)\/\{id\}(\/|$)/.exec(op.path)?.[1];
    if (collection === undefined || firstOf.has(collection)) continue;
    const list = await call(t.app, admin.cookie, 'GET', `${collection}?limit=1`);
    const first = list.statusCode === 200 ? list.json<{ data?: { _id?: string }[] }>().data?.[0]?._id : undefined;
    firstOf.set(collection, first ?? randomUUID());
  }
  const idsFor = (op: Operation, actor: Actor): Record<string, string> => {
    if (op.path.startsWith('/api/v1/user/category/')) return { id: victimCategory };
    if (/^\/api\/v1\/user\/\{id\}/.test(op.path)) return { id: victim.userId };
    // Signed-in routes over the caller's own records: the caller's own file or user id (another's: the test above).
    if (op.path.startsWith('/api/v1/files/')) return { id: actor.fileId ?? randomUUID() };
    if (op.access === 'signed-in' && op.path.includes('/user/{id}')) return { id: actor.userId ?? randomUUID() };
    const collection = /^(.*)\/\{id\}(\/|$)/.exec(op.path)?.[1];
    return collection ? { id: firstOf.get(collection)! } : {};
  };

  // Signing out ends the actor's session: those operations go last.
  const endsSession = (op: Operation) => op.path.endsWith('/logout');
  const ordered = [...operations].sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));

  const rows: { label: string; op: Operation; query: Record<string, string>; access: Operation['access'] }[] = [];
  for (const op of ordered) {
    const variants = VARIANTS[op.operationId];
    if (!variants) rows.push({ label: `${op.method} ${op.path}`, op, query: {}, access: op.access });
    else for (const v of variants) rows.push({ label: `${op.method} ${op.path} (${v.label})`, op, query: v.query, access: v.access ?? op.access });
  }
  for (const id of Object.keys(VARIANTS))
    assert.ok(
      operations.some((op) => op.operationId === id),
      `variant of a missing operation ${id}`,
    );

  const wronglyAllowed: string[] = [];
  const wronglyRefused: string[] = [];
  const serverErrors: string[] = [];
  for (const row of rows) {
    for (const actor of actors) {
      const res = await call(t.app, actor.cookie, row.op.method, urlOf(row.op, idsFor(row.op, actor), row.query), row.op.body ? {} : undefined);
      const line = `${row.label} as ${actor.name} → ${res.statusCode} ${res.body.slice(0, 160)}`;
      const refused = res.statusCode === 401 || res.statusCode === 403;
      if (res.statusCode >= 500) serverErrors.push(line);
      if (declaredToAllow(row.access, actor.permissions)) {
        if (refused) wronglyRefused.push(line);
      } else {
        const expected = actor.permissions === null ? 401 : 403;
        if (res.statusCode !== expected) wronglyAllowed.push(`${line} (expected ${expected})`);
      }
    }
  }
  const size = rows.length * actors.length;
  console.log(
    `authorization matrix: ${rows.length} operations/variants (${operations.length} operations) × ${actors.length} actors = ${size} calls; ` +
      `wrongly allowed ${wronglyAllowed.length}, wrongly refused ${wronglyRefused.length}, 5xx ${serverErrors.length}`,
  );
  assert.deepEqual(wronglyAllowed, [], 'wrongly allowed');
  assert.deepEqual(wronglyRefused, [], 'wrongly refused');
  assert.deepEqual(serverErrors, [], 'answers 5xx');
});
