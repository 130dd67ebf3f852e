import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { files, mail_outbox } from '../../../core/db/tables';
import { users } from '../tables';
import {
  ADMIN,
  MEMBER,
  type TestApp,
  build,
  call,
  categoryId,
  lastMailLink,
  linkParams,
  login,
  uniqueEmail,
  userPayload,
} from '../../../testing/helper';

let t: TestApp;
let admin: string;
let member: string;
let soci: string;
let minorenne: string;

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  member = await login(t.app, MEMBER);
  soci = await categoryId(t.app, admin, 'Soci');
  minorenne = await categoryId(t.app, admin, 'Minorenne');
});
after(async () => {
  await t.close();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

function form(payload: Record<string, unknown>, attachments: Record<string, { name: string; data: Buffer; type?: string }> = {}): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(payload)) {
    body.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  for (const [field, file] of Object.entries(attachments)) {
    body.append(field, new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  return body;
}

/** Rows and stored files that a refused request must leave untouched. */
async function snapshot() {
  const db = t.database.db;
  const dir = path.join(t.config.dataDir, 'files');
  return {
    users: await db.$count(users),
    files: await db.$count(files),
    mails: await db.$count(mail_outbox),
    stored: fs.existsSync(dir) ? fs.readdirSync(dir).length : 0,
  };
}

/** Creates a member through the API, completes the invitation and accepts the terms. */
async function newMember(categoryIdValue: string, password = 'Password-123') {
  const created = await call(t.app, admin, 'POST', '/api/v1/user', userPayload(categoryIdValue));
  assert.equal(created.statusCode, 201, created.body);
  const user = created.json();
  const { userId, token } = linkParams(await lastMailLink(t, user.email));
  await call(t.app, null, 'POST', '/api/v1/auth/complete-registration', { userId, token, password });
  const session = await login(t.app, { email: user.email, password });
  await call(t.app, session, 'POST', '/api/v1/auth/accept-terms', { privacy_policy: true, regulations: true });
  return { user, session };
}

describe('permissions', () => {
  test('a member (book_session) gets 403 on the registry and the categories', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/user'],
      ['GET', '/api/v1/user/export?format=csv'],
      ['POST', '/api/v1/user'],
      ['GET', '/api/v1/user/category'],
      ['POST', '/api/v1/user/category'],
      ['GET', '/api/v1/user/category/export?format=csv'],
      ['GET', '/api/v1/user/reservation-rule'],
      ['GET', '/api/v1/user/mailing-list/classes'],
    ] as const) {
      const res = await call(t.app, member, method, url, method === 'POST' ? userPayload(soci) : undefined);
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
    }
  });

  test('a member gets 403, not a validation error, whatever body is sent', async () => {
    for (const url of ['/api/v1/user', '/api/v1/user/category']) {
      const res = await call(t.app, member, 'POST', url, {});
      assert.equal(res.statusCode, 403, `${url}: ${res.body}`);
    }
  });

  test('the partner picker: active users who accepted the terms, not the caller, only _id/name/surname/email and can_play', async () => {
    const { user: inactive } = await newMember(soci);
    await call(t.app, admin, 'PATCH', `/api/v1/user/${inactive._id}/deactivate`, {});
    const noTerms = (await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci))).json();

    const res = await call(t.app, member, 'GET', '/api/v1/user?limit=500&onlyAvailablePartners=true');
    assert.equal(res.statusCode, 200);
    const { data, meta } = res.json();
    const emails = data.map((u: { email: string }) => u.email);
    assert.ok(!emails.includes(MEMBER.email), 'not the caller');
    assert.ok(emails.includes('giulia.bianchi@circolo.example'));
    assert.ok(!emails.includes(inactive.email), 'not deactivated users');
    assert.ok(!emails.includes(noTerms.email), 'not users who did not accept the terms');
    // Whether each can play: a valid medical certificate (issue 26; the demo members have one, the administrator not).
    for (const u of data) assert.deepEqual(Object.keys(u).sort(), ['_id', 'can_play', 'email', 'name', 'surname']);
    const canPlay = (email: string) => data.find((u: { email: string }) => u.email === email)?.can_play;
    assert.equal(canPlay('giulia.bianchi@circolo.example'), true);
    assert.equal(canPlay(ADMIN.email), false);
    assert.equal(meta.totalItems, data.length);
  });

  test('reducedDetails: open to finance staff, with the picker fields only; the full list stays closed to them', async () => {
    const created = await call(t.app, admin, 'POST', '/api/v1/user/category', { name: 'Tesoreria', permissions: ['finance_access'] });
    assert.equal(created.statusCode, 201);
    const { session } = await newMember(created.json()._id);
    const reduced = await call(t.app, session, 'GET', '/api/v1/user?limit=500&reducedDetails=true');
    assert.equal(reduced.statusCode, 200);
    assert.ok(reduced.json().data.length >= 6);
    for (const u of reduced.json().data) assert.deepEqual(Object.keys(u).sort(), ['_id', 'email', 'name', 'surname']);
    assert.equal((await call(t.app, session, 'GET', '/api/v1/user')).statusCode, 403);
    assert.equal((await call(t.app, member, 'GET', '/api/v1/user?reducedDetails=true')).statusCode, 200);
  });
});

describe('pickers for callers without registry access', () => {
  const pick = async (session: string, query: string) => {
    const res = await call(t.app, session, 'GET', `/api/v1/user?limit=500&${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as { _id: string; name: string; surname: string; email: string }[];
  };

  test('a member cannot recover a codice fiscale or a member id by searching', async () => {
    const giulia = (await call(t.app, admin, 'GET', '/api/v1/user?limit=0&q=giulia.bianchi')).json().data[0];
    for (const flag of ['onlyAvailablePartners=true', 'reducedDetails=true']) {
      assert.ok(
        (await pick(member, `${flag}&q=Bianchi`)).some((u) => u.email === giulia.email),
        `${flag}: the surname finds her`,
      );
      for (const prefix of [giulia.fiscal_code.slice(0, 3), giulia.fiscal_code.slice(0, 6), giulia.fiscal_code, giulia.member_id]) {
        assert.deepEqual(await pick(member, `${flag}&q=${encodeURIComponent(prefix)}`), [], `${flag}: q=${prefix} finds nobody`);
      }
    }
    // The registry keeps its full search.
    assert.equal((await pick(admin, `reducedDetails=true&q=${giulia.fiscal_code}`))[0]?.email, giulia.email);
  });

  test('sorted by surname then name whatever sortBy asks; only the picker fields', async () => {
    for (const flag of ['onlyAvailablePartners=true', 'reducedDetails=true']) {
      for (const sort of ['sortBy=birth_date', 'sortBy=fiscal_code&order=desc', 'sortBy=member_id']) {
        const data = await pick(member, `${flag}&${sort}`);
        assert.ok(data.length >= 4);
        const keys = data.map((u) => [u.surname, u.name] as const);
        const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
        assert.deepEqual(keys, sorted, `${flag}&${sort}`);
        const fields = flag.startsWith('onlyAvailablePartners')
          ? ['_id', 'can_play', 'email', 'name', 'surname']
          : ['_id', 'email', 'name', 'surname'];
        for (const u of data) assert.deepEqual(Object.keys(u).sort(), fields);
      }
    }
  });

  test('each staff permission that picks members (bookings, finance, storage, certificates) reaches the picker, never the registry list', async () => {
    for (const permission of ['bookings_access', 'finance_access', 'storage_access', 'certificates_access']) {
      const category = await call(t.app, admin, 'POST', '/api/v1/user/category', { name: `Staff ${permission}`, permissions: [permission] });
      assert.equal(category.statusCode, 201, category.body);
      const { session } = await newMember(category.json()._id);
      for (const flag of ['onlyAvailablePartners=true', 'reducedDetails=true']) {
        assert.ok(
          (await pick(session, flag)).some((u) => u.email === MEMBER.email),
          `${permission}: ${flag}`,
        );
      }
      assert.equal((await call(t.app, session, 'GET', '/api/v1/user?limit=500')).statusCode, 403, `${permission}: the registry list`);
    }
  });

  test('reducedDetails never lists deactivated users or users who have not accepted the terms', async () => {
    const { user: inactive } = await newMember(soci);
    await call(t.app, admin, 'PATCH', `/api/v1/user/${inactive._id}/deactivate`, {});
    const noTerms = (await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci))).json();
    const emails = (await pick(member, 'reducedDetails=true')).map((u) => u.email);
    assert.ok(emails.includes('giulia.bianchi@circolo.example'));
    assert.ok(!emails.includes(inactive.email));
    assert.ok(!emails.includes(noTerms.email));
    const registryView = (await pick(admin, 'reducedDetails=true')).map((u) => u.email);
    assert.ok(registryView.includes(inactive.email) && registryView.includes(noTerms.email), 'the registry still sees everyone');
  });
});

describe('list', () => {
  test('search by name, surname, e-mail, codice fiscale and member id, words in any order', async () => {
    const search = async (q: string) =>
      (await call(t.app, admin, 'GET', `/api/v1/user?limit=0&q=${encodeURIComponent(q)}`)).json().data.map((u: { email: string }) => u.email);
    assert.deepEqual(await search('rossi'), [MEMBER.email]);
    assert.deepEqual(await search('MARCO ROSSI'), [MEMBER.email]);
    assert.deepEqual(await search('rossi marco'), [MEMBER.email]);
    assert.deepEqual(await search('RSSMRC85'), [MEMBER.email]);
    assert.deepEqual(await search('giulia.bianchi@'), ['giulia.bianchi@circolo.example']);
    assert.deepEqual(await search('0004'), ['luca.ferrari@circolo.example']);
    assert.deepEqual(await search('100%'), []);
    assert.deepEqual(await search('nessuno-corrisponde'), []);
  });

  test('pages of a searched, filtered or category-sorted list are the whole list cut in pages', async () => {
    for (const query of ['q=circolo.example&sortBy=category&order=desc', 'q=o%20circolo&onlyEnabled=true', 'sortBy=name&order=desc', 'q=a']) {
      const ids = (res: { json(): { data: { _id: string }[] } }) => res.json().data.map((u) => u._id);
      const whole = ids(await call(t.app, admin, 'GET', `/api/v1/user?limit=0&${query}`));
      assert.ok(whole.length > 2, `${query}: more than one page`);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.length / 2); page++) {
        const res = await call(t.app, admin, 'GET', `/api/v1/user?limit=2&page=${page}&${query}`);
        assert.equal(res.json().meta.totalItems, whole.length, query);
        paged.push(...ids(res));
      }
      assert.deepEqual(paged, whole, query);
    }
  });

  test('sort by a whitelisted column in both directions; unknown columns → 400', async () => {
    const surnames = async (order: string) =>
      (await call(t.app, admin, 'GET', `/api/v1/user?limit=0&sortBy=surname&order=${order}&q=circolo.example`))
        .json()
        .data.map((u: { surname: string }) => u.surname);
    const asc = await surnames('asc');
    assert.deepEqual(
      asc,
      [...asc].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    assert.deepEqual(await surnames('desc'), [...asc].reverse());
    const byBirth = (await call(t.app, admin, 'GET', '/api/v1/user?limit=0&sortBy=birth_date&order=desc&q=circolo.example')).json().data;
    const births = byBirth.map((u: { birth_date: string | null }) => u.birth_date).filter(Boolean);
    assert.equal(births[0], '2012-09-08');
    const bad = await call(t.app, admin, 'GET', '/api/v1/user?sortBy=password_hash');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().message, /^sortBy: /);
  });

  test('paging: page and limit with meta; limit=0 answers every row', async () => {
    const all = (await call(t.app, admin, 'GET', '/api/v1/user?limit=0')).json();
    const total = all.meta.totalItems;
    assert.equal(all.data.length, total);
    assert.deepEqual(all.meta, { totalItems: total, totalPages: 1, currentPage: 1, itemsPerPage: total });

    const page2 = (await call(t.app, admin, 'GET', '/api/v1/user?limit=2&page=2')).json();
    assert.deepEqual(page2.meta, { totalItems: total, totalPages: Math.ceil(total / 2), currentPage: 2, itemsPerPage: 2 });
    assert.deepEqual(
      page2.data.map((u: { _id: string }) => u._id),
      all.data.slice(2, 4).map((u: { _id: string }) => u._id),
    );
    const beyond = (await call(t.app, admin, 'GET', '/api/v1/user?limit=2&page=999')).json();
    assert.deepEqual(beyond.data, []);
    assert.equal(beyond.meta.totalItems, total);
    assert.equal((await call(t.app, admin, 'GET', '/api/v1/user?limit=-1')).statusCode, 400);
  });

  test('onlyEnabled leaves out deactivated users', async () => {
    const { user } = await newMember(soci);
    await call(t.app, admin, 'PATCH', `/api/v1/user/${user._id}/deactivate`, {});
    const ids = async (query: string) =>
      (await call(t.app, admin, 'GET', `/api/v1/user?limit=0${query}`)).json().data.map((u: { _id: string }) => u._id);
    assert.ok((await ids('')).includes(user._id));
    assert.ok(!(await ids('&onlyEnabled=true')).includes(user._id));
  });
});

describe('create and edit', () => {
  test('a complete user is created with its references and answered in full', async () => {
    const quals = (await call(t.app, admin, 'GET', '/api/v1/user/qualification?limit=300')).json().data;
    const rules = (await call(t.app, admin, 'GET', '/api/v1/user/reservation-rule?limit=300')).json().data;
    const classes = (await call(t.app, admin, 'GET', '/api/v1/user/mailing-list/classes?limit=300')).json().data;
    const payload = userPayload(soci, {
      qualifications: [quals[0]._id],
      reservation_rules: [rules[0]._id],
      mailing_list_classes: [classes[0]._id, classes[1]._id],
      fitet_data_code: '1099999',
      notes: 'Nota di prova',
      contract_end_date: '2027-06-30',
      parent_name: 'Ignorato',
    });
    const res = await call(t.app, admin, 'POST', '/api/v1/user', payload);
    assert.equal(res.statusCode, 201, res.body);
    const created = res.json();
    assert.equal(created.email, payload.email);
    assert.equal(created.fiscal_code, 'VRDNNA90A41H501J');
    assert.deepEqual(created.category, { _id: soci, name: 'Soci' });
    assert.deepEqual(created.qualifications, [{ _id: quals[0]._id, name: quals[0].name }]);
    assert.equal(created.mailing_list_classes.length, 2);
    assert.equal(created.parent_name, null, 'parent fields belong to minors only');
    assert.equal(created.contract_end_date, '2027-06-30');
    assert.equal(created.image, null);
    const fetched = (await call(t.app, admin, 'GET', `/api/v1/user/${created._id}`)).json();
    assert.deepEqual(fetched, created);
  });

  const refused: [string, (p: Record<string, unknown>) => Record<string, unknown>, RegExp][] = [
    ['missing name', ({ name: _n, ...p }) => p, /name: Campo obbligatorio/],
    ['blank surname', (p) => ({ ...p, surname: '   ' }), /surname: Campo obbligatorio/],
    ['malformed e-mail', (p) => ({ ...p, email: 'anna.verdi@' }), /email: Inserisci un indirizzo email valido/],
    [
      'wrong codice fiscale check letter',
      (p) => ({ ...p, fiscal_code: 'VRDNNA90A41H501A' }),
      /^fiscal_code: Codice fiscale non valido: il carattere di controllo non corrisponde$/,
    ],
    ['malformed codice fiscale', (p) => ({ ...p, fiscal_code: 'ABC' }), /fiscal_code: /],
    ['unknown gender', (p) => ({ ...p, gender: 'X' }), /gender: /],
    ['unknown category', (p) => ({ ...p, category: '00000000-0000-4000-8000-000000000000' }), /category: Categoria non trovata/],
    [
      'minor by age without parent fields',
      (p) => ({ ...p, name: 'Pietro', surname: 'Gallo', gender: 'M', birth_date: '2013-04-10', fiscal_code: 'GLLPTR13D10D969J' }),
      /parent_name: Campo obbligatorio per i minorenni/,
    ],
    [
      'adult in the Minorenne category without parent fields',
      (p) => ({ ...p, category: minorenne }),
      /parent_name: Campo obbligatorio per i minorenni/,
    ],
    [
      'minor with an invalid parent codice fiscale',
      (p) => ({ ...p, category: minorenne, parent_name: 'Carla', parent_surname: 'Neri', parent_fiscal_code: 'NRECRL75L60D612A' }),
      /parent_fiscal_code: Codice fiscale non valido/,
    ],
    ['date of birth in the future', (p) => ({ ...p, birth_date: '2999-01-01' }), /birth_date: /],
    ['impossible date', (p) => ({ ...p, birth_date: '1990-02-30' }), /birth_date: Data non valida/],
  ];
  for (const [label, change, message] of refused) {
    test(`refused with 400 and nothing saved: ${label}`, async () => {
      const before = await snapshot();
      const res = await call(t.app, admin, 'POST', '/api/v1/user', change(userPayload(soci)));
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.json().message, message);
      assert.deepEqual(await snapshot(), before);
    });
  }

  test('a duplicate e-mail → 409 User with this email already exists, nothing saved', async () => {
    const before = await snapshot();
    const res = await call(t.app, admin, 'POST', '/api/v1/user', userPayload(soci, { email: 'Marco.Rossi@circolo.example' }));
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, 'User with this email already exists');
    assert.deepEqual(await snapshot(), before);
    const other = (await call(t.app, admin, 'GET', `/api/v1/user?q=giulia.bianchi`)).json().data[0];
    const edit = await call(t.app, admin, 'PATCH', `/api/v1/user/${other._id}`, userPayload(soci, { email: MEMBER.email }));
    assert.equal(edit.statusCode, 409);
  });

  test('a minor with parent fields is created', async () => {
    const res = await call(
      t.app,
      admin,
      'POST',
      '/api/v1/user',
      userPayload(minorenne, {
        name: 'Pietro',
        surname: 'Gallo',
        gender: 'M',
        birth_date: '2013-04-10',
        fiscal_code: 'GLLPTR13D10D969J',
        parent_name: 'Carla',
        parent_surname: 'Neri',
        parent_fiscal_code: 'nrecrl75l60d612u',
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().parent_fiscal_code, 'NRECRL75L60D612U');
  });

  test('multipart with a photo and a contract: stored by content type, downloadable by the owner and the registry only', async () => {
    const payload = userPayload(soci);
    const res = await call(
      t.app,
      admin,
      'POST',
      '/api/v1/user',
      form(payload, {
        image: { name: 'foto tessera.png', data: PNG, type: 'image/png' },
        contract_file: { name: 'contratto_2026.pdf', data: PDF, type: 'application/pdf' },
      }),
    );
    assert.equal(res.statusCode, 201, res.body);
    const created = res.json();
    assert.deepEqual(created.image, { url: created.image.url, name: 'foto tessera.png', mime: 'image/png', size: PNG.length });
    assert.match(created.image.url, /^\/api\/v1\/files\/[0-9a-f-]{36}$/);
    assert.equal(created.contract_file.mime, 'application/pdf');
    assert.equal(created.contract_file.name, 'contratto_2026.pdf');

    const download = await call(t.app, admin, 'GET', created.image.url);
    assert.equal(download.statusCode, 200);
    assert.deepEqual(download.rawPayload, PNG);
    assert.equal(download.headers['content-type'], 'image/png');
    assert.match(String(download.headers['content-disposition']), /filename\*=UTF-8''foto%20tessera\.png/);
    assert.equal((await call(t.app, member, 'GET', created.contract_file.url)).statusCode, 403);
    assert.equal((await call(t.app, null, 'GET', created.contract_file.url)).statusCode, 401);

    const { userId, token } = linkParams(await lastMailLink(t, created.email));
    await call(t.app, null, 'POST', '/api/v1/auth/complete-registration', { userId, token, password: 'Password-123' });
    const owner = await login(t.app, { email: created.email, password: 'Password-123' });
    await call(t.app, owner, 'POST', '/api/v1/auth/accept-terms', { privacy_policy: true, regulations: true });
    const own = await call(t.app, owner, 'GET', created.contract_file.url);
    assert.equal(own.statusCode, 200);
    assert.deepEqual(own.rawPayload, PDF);

    // Edit without files keeps them; a new photo replaces the old one.
    const kept = await call(t.app, admin, 'PATCH', `/api/v1/user/${created._id}`, form({ ...payload, phone_number: '+39 333 0000000' }));
    assert.equal(kept.statusCode, 200, kept.body);
    assert.deepEqual(kept.json().image, created.image);
    assert.deepEqual(kept.json().contract_file, created.contract_file);
    assert.equal(kept.json().phone_number, '+39 333 0000000');

    const replaced = await call(t.app, admin, 'PATCH', `/api/v1/user/${created._id}`, form(payload, { image: { name: 'nuova.png', data: PNG } }));
    assert.equal(replaced.statusCode, 200, replaced.body);
    assert.notEqual(replaced.json().image.url, created.image.url);
    assert.equal(replaced.json().image.name, 'nuova.png');
    assert.equal((await call(t.app, admin, 'GET', created.image.url)).statusCode, 404);
    assert.equal((await call(t.app, admin, 'GET', replaced.json().image.url)).statusCode, 200);

    // Deleting the user deletes their files.
    const before = await snapshot();
    const deleted = await call(t.app, admin, 'DELETE', `/api/v1/user/${created._id}`);
    assert.equal(deleted.statusCode, 204);
    assert.equal((await call(t.app, admin, 'GET', `/api/v1/user/${created._id}`)).statusCode, 404);
    assert.equal((await call(t.app, admin, 'GET', replaced.json().image.url)).statusCode, 404);
    const afterDelete = await snapshot();
    assert.equal(afterDelete.users, before.users - 1);
    assert.equal(afterDelete.files, before.files - 2);
    assert.equal(afterDelete.stored, before.stored - 2);
    assert.equal((await call(t.app, admin, 'DELETE', `/api/v1/user/${created._id}`)).statusCode, 404);
  });

  test('a 6 MB photo → 400 naming the file, nothing saved', async () => {
    const before = await snapshot();
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await call(t.app, admin, 'POST', '/api/v1/user', form(userPayload(soci), { image: { name: 'enorme.png', data: big } }));
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, 'Il file enorme.png supera la dimensione massima di 5 MB');
    assert.deepEqual(await snapshot(), before);
  });

  test('a PDF renamed .png as the photo → 400 Tipo di file non accettato, nothing saved', async () => {
    const before = await snapshot();
    const res = await call(
      t.app,
      admin,
      'POST',
      '/api/v1/user',
      form(userPayload(soci), { image: { name: 'foto.png', data: PDF, type: 'image/png' } }),
    );
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, 'Tipo di file non accettato: foto.png');
    assert.deepEqual(await snapshot(), before);
  });

  test('contract types: plain text and SVG pass, an executable does not', async () => {
    const text = await call(
      t.app,
      admin,
      'POST',
      '/api/v1/user',
      form(userPayload(soci), {
        contract_file: { name: 'contratto.txt', data: Buffer.from('Contratto di collaborazione sportiva\nFirmato.\n') },
        image: { name: 'logo.svg', data: Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>') },
      }),
    );
    assert.equal(text.statusCode, 201, text.body);
    assert.equal(text.json().contract_file.mime, 'text/plain');
    assert.equal(text.json().image.mime, 'image/svg+xml');
    const svg = await call(t.app, admin, 'GET', text.json().image.url);
    assert.match(String(svg.headers['content-security-policy']), /sandbox/);

    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(64)]);
    const res = await call(t.app, admin, 'POST', '/api/v1/user', form(userPayload(soci), { contract_file: { name: 'contratto.pdf', data: elf } }));
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, 'Tipo di file non accettato: contratto.pdf');
  });

  test('multipart with a list field that is not JSON → 400', async () => {
    const before = await snapshot();
    const payload = { ...userPayload(soci), qualifications: 'non-json' };
    const body = new FormData();
    for (const [k, v] of Object.entries(payload)) body.append(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
    const res = await call(t.app, admin, 'POST', '/api/v1/user', body);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(await snapshot(), before);
  });

  test('PATCH and DELETE of an unknown or malformed id', async () => {
    assert.equal((await call(t.app, admin, 'PATCH', '/api/v1/user/00000000-0000-4000-8000-000000000000', userPayload(soci))).statusCode, 404);
    const malformed = await call(t.app, admin, 'DELETE', '/api/v1/user/123');
    assert.equal(malformed.statusCode, 400);
    assert.match(malformed.json().message, /^id: /);
  });
});

describe('profile (/user/me)', () => {
  test('GET answers the profile with permissions and the medical status', async () => {
    const res = await call(t.app, member, 'GET', '/api/v1/user/me');
    assert.equal(res.statusCode, 200);
    const me = res.json();
    assert.equal(me.email, MEMBER.email);
    assert.equal(me.fitet_code, '1045872');
    // The demo club gives Marco an approved medical certificate.
    assert.equal(me.medical_certificate_status, 'approved');
    assert.match(me.medical_certificate_expiration_date, /^\d{4}-\d\d-\d\d$/);
    assert.deepEqual(me.permissions, ['book_session']);
    assert.equal(me.birth_date, '1985-03-12');
  });

  test('PATCH changes phone and e-mail only; a taken e-mail → 409; bad input → 400', async () => {
    const { user, session } = await newMember(soci);
    const phone = await call(t.app, session, 'PATCH', '/api/v1/user/me', { phone_number: '+39 366 9999999' });
    assert.equal(phone.statusCode, 200);
    assert.equal(phone.json().phone_number, '+39 366 9999999');

    // A new e-mail needs the password confirmed first (issue 7 finding 10).
    assert.equal((await call(t.app, session, 'PATCH', '/api/v1/user/me', { email: uniqueEmail('senza.verifica') })).json().code, 'REAUTH_REQUIRED');
    await call(t.app, session, 'POST', '/api/v1/auth/verifypassword', { password: 'Password-123' });
    const taken = await call(t.app, session, 'PATCH', '/api/v1/user/me', { email: MEMBER.email });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().message, 'User with this email already exists');
    assert.equal((await call(t.app, session, 'PATCH', '/api/v1/user/me', { email: 'non valida' })).statusCode, 400);
    assert.equal((await call(t.app, session, 'PATCH', '/api/v1/user/me', {})).statusCode, 400);

    const address = uniqueEmail('nuovo');
    const moved = await call(t.app, session, 'PATCH', '/api/v1/user/me', { email: address.toUpperCase(), name: 'Ignorato' });
    assert.equal(moved.statusCode, 200);
    assert.equal(moved.json().email, address);
    assert.equal(moved.json().name, user.name);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user._id));
    assert.equal(row?.email, address);
    await login(t.app, { email: address, password: 'Password-123' });
  });
});
