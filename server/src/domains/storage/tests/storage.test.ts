import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN, MEMBER, type TestApp, build, call, lastMailLink, linkParams, login, userPayload } from '../../../testing/helper';

let t: TestApp;
let admin: string;
let member: string;
let memberId: string;

before(async () => {
  t = await build();
  admin = await login(t.app, ADMIN);
  member = await login(t.app, MEMBER);
  const users = (await call(t.app, admin, 'GET', `/api/v1/user?limit=500&q=${MEMBER.email}`)).json().data as { _id: string; email: string }[];
  memberId = users.find((u) => u.email === MEMBER.email)!._id;
});
after(async () => {
  await t.close();
});

const API = '/api/v1/storage';

async function ok(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  status = method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200,
) {
  const res = await call(t.app, admin, method, `${API}${url}`, body);
  assert.equal(res.statusCode, status, `${method} ${url}: ${res.body}`);
  return status === 204 ? null : res.json();
}

let counter = 0;
async function newCategory(name = `Categoria ${++counter}`) {
  return (await ok('POST', '/item-category', { name })) as { _id: string; name: string };
}

async function newItem(stock: number, description = `Articolo ${++counter}`) {
  const category = await newCategory();
  return (await ok('POST', '/item', { description, category: category._id, total_quantity: stock, current_quantity: stock })) as {
    _id: string;
    description: string;
    category: { _id: string; name: string };
    total_quantity: number;
    current_quantity: number;
  };
}

const quantities = async (id: string) => {
  const item = await ok('GET', `/item/${id}`);
  return { total: item.total_quantity as number, current: item.current_quantity as number };
};

const unload = (item: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  type: 'UNLOAD',
  item,
  quantity,
  start_date: '2026-11-20',
  reason: 'Materiale rotto',
  ...extra,
});

const delivery = (item: string, quantity: number, user = memberId) => ({
  type: 'DELIVERY',
  item,
  quantity,
  start_date: '2026-11-21',
  user,
  notes: 'Consegnata a mano',
});

describe('item categories (/storage/item-category)', () => {
  test('create, rename, list with search and sort, download; a name is unique; delete', async () => {
    const a = await newCategory('Attrezzatura tavoli');
    await newCategory('Abbigliamento tecnico');
    const renamed = await ok('PATCH', `/item-category/${a._id}`, { name: 'Attrezzatura da tavolo' });
    assert.equal(renamed.name, 'Attrezzatura da tavolo');

    const page = await ok('GET', '/item-category?q=attrezzatura&sortBy=name&order=desc');
    assert.deepEqual(
      page.data.map((c: { name: string }) => c.name),
      ['Attrezzatura da tavolo'],
    );
    const sorted = (await ok('GET', '/item-category?limit=500&sortBy=name&order=desc')).data.map((c: { name: string }) => c.name);
    assert.deepEqual(
      sorted,
      [...sorted].sort((x: string, y: string) => y.localeCompare(x, 'en', { sensitivity: 'base' })),
    );

    const taken = await call(t.app, admin, 'POST', `${API}/item-category`, { name: 'Attrezzatura da tavolo' });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().code, 'STORAGE_CATEGORY_NAME_TAKEN');

    const csv = await call(t.app, admin, 'GET', `${API}/item-category/export?format=csv&q=attrezzatura`);
    assert.equal(csv.statusCode, 200);
    assert.match(csv.headers['content-type'] as string, /text\/csv/);
    assert.match(csv.body, /Nome/);
    assert.match(csv.body, /Attrezzatura da tavolo/);
    assert.doesNotMatch(csv.body, /Abbigliamento tecnico/);

    await ok('DELETE', `/item-category/${a._id}`);
    assert.equal((await call(t.app, admin, 'GET', `${API}/item-category/${a._id}`)).statusCode, 404);
  });

  test('a category that items use cannot be deleted: 409 saying how many', async () => {
    const item = await newItem(3);
    const res = await call(t.app, admin, 'DELETE', `${API}/item-category/${item.category._id}`);
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'STORAGE_CATEGORY_IN_USE');
    assert.equal(res.json().message, 'Impossibile eliminare la categoria: è usata da 1 articolo.');
    assert.equal((await call(t.app, admin, 'GET', `${API}/item-category/${item.category._id}`)).statusCode, 200);
  });

  test('a blank name is refused', async () => {
    const res = await call(t.app, admin, 'POST', `${API}/item-category`, { name: '   ' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, 'name: Campo obbligatorio');
  });
});

describe('items (/storage/item)', () => {
  test('create and edit with the category; list with search, sort by category and paging; the selector reads 500', async () => {
    const category = await newCategory('Palline da allenamento');
    const created = await ok('POST', '/item', {
      description: 'Palline bianche 40+',
      category: category._id,
      total_quantity: 120,
      current_quantity: 100,
    });
    assert.deepEqual(
      { description: created.description, category: created.category, total: created.total_quantity, current: created.current_quantity },
      { description: 'Palline bianche 40+', category: { _id: category._id, name: 'Palline da allenamento' }, total: 120, current: 100 },
    );
    const edited = await ok('PATCH', `/item/${created._id}`, {
      description: 'Palline bianche 40+ (scatola)',
      category: category._id,
      total_quantity: 120,
      current_quantity: 90,
    });
    assert.equal(edited.current_quantity, 90);

    // The search reads the category's name too.
    const found = await ok('GET', '/item?q=allenamento');
    assert.deepEqual(
      found.data.map((i: { _id: string }) => i._id),
      [created._id],
    );

    for (let n = 0; n < 3; n++) await newItem(n);
    const first = await ok('GET', '/item?page=1&limit=2&sortBy=category&order=asc');
    const second = await ok('GET', '/item?page=2&limit=2&sortBy=category&order=asc');
    assert.equal(first.data.length, 2);
    assert.ok(first.meta.totalItems >= 4);
    assert.equal(first.meta.totalPages, Math.ceil(first.meta.totalItems / 2));
    const all = (await ok('GET', '/item?limit=500&sortBy=category&order=asc')).data as { _id: string; category: { name: string } }[];
    assert.deepEqual(
      [...first.data, ...second.data].map((i: { _id: string }) => i._id),
      all.slice(0, 4).map((i) => i._id),
    );
    const names = all.map((i) => i.category.name);
    assert.deepEqual(
      names,
      [...names].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })),
    );
    assert.equal((await call(t.app, admin, 'GET', `${API}/item?limit=501`)).statusCode, 400);

    const xlsx = await call(t.app, admin, 'GET', `${API}/item/export?format=xlsx&q=allenamento`);
    assert.equal(xlsx.statusCode, 200);
    assert.equal(xlsx.rawPayload.subarray(0, 2).toString(), 'PK');
    const pdf = await call(t.app, admin, 'GET', `${API}/item/export?format=pdf`);
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
  });

  test('bad input is refused with the field named and nothing saved', async () => {
    const category = await newCategory();
    const good = { description: 'Racchetta', category: category._id, total_quantity: 5, current_quantity: 5 };
    const before = (await ok('GET', '/item?limit=0')).meta.totalItems;
    for (const [change, message] of [
      [{ description: '' }, 'description: Campo obbligatorio'],
      [{ category: undefined }, 'category: Campo obbligatorio'],
      [{ total_quantity: undefined }, 'total_quantity: Campo obbligatorio'],
      [{ current_quantity: 1.5 }, 'current_quantity: Valore decimale non consentito'],
      [{ current_quantity: -1 }, 'current_quantity: Il valore deve essere compreso tra 0 e 1000000000'],
      [{ current_quantity: 6 }, 'current_quantity: La quantità attuale non può superare la quantità totale'],
      [{ category: '00000000-0000-4000-8000-000000000000' }, 'category: Categoria di articoli non trovata'],
    ] as const) {
      const res = await call(t.app, admin, 'POST', `${API}/item`, { ...good, ...change });
      assert.equal(res.statusCode, 400, JSON.stringify(change));
      assert.equal(res.json().code, 'VALIDATION_FAILED');
      assert.equal(res.json().message, message);
    }
    assert.equal((await ok('GET', '/item?limit=0')).meta.totalItems, before);
  });

  test('an item that movements use cannot be deleted: 409 naming them; an unused one can', async () => {
    const item = await newItem(10);
    await ok('POST', '/load', { item: item._id, quantity: 2, date: '2026-11-01' });
    await ok('POST', '/unload', unload(item._id, 1));
    const res = await call(t.app, admin, 'DELETE', `${API}/item/${item._id}`);
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'STORAGE_ITEM_IN_USE');
    assert.equal(res.json().message, "Impossibile eliminare l'articolo: è usato da 1 carico, 1 scarico o consegna.");
    const unused = await newItem(1);
    await ok('DELETE', `/item/${unused._id}`);
    assert.equal((await call(t.app, admin, 'GET', `${API}/item/${unused._id}`)).statusCode, 404);
  });
});

describe('loads (/storage/load)', () => {
  test('a load adds to the current and total quantity; editing replaces its effect; deleting undoes it', async () => {
    const item = await newItem(4);
    const load = await ok('POST', '/load', { item: item._id, quantity: 6, date: '2026-10-05', notes: 'Ordine n. 12' });
    assert.deepEqual(
      { item: load.item, quantity: load.quantity, date: load.date, notes: load.notes },
      { item: { _id: item._id, description: item.description }, quantity: 6, date: '2026-10-05', notes: 'Ordine n. 12' },
    );
    assert.deepEqual(await quantities(item._id), { total: 10, current: 10 });

    await ok('PATCH', `/load/${load._id}`, { item: item._id, quantity: 3, date: '2026-10-06', notes: '' });
    assert.deepEqual(await quantities(item._id), { total: 7, current: 7 });
    assert.equal((await ok('GET', `/load/${load._id}`)).notes, null);

    // Moving the load to another item takes it from the first and gives it to the second.
    const other = await newItem(0);
    await ok('PATCH', `/load/${load._id}`, { item: other._id, quantity: 3, date: '2026-10-06' });
    assert.deepEqual(await quantities(item._id), { total: 4, current: 4 });
    assert.deepEqual(await quantities(other._id), { total: 3, current: 3 });

    await ok('DELETE', `/load/${load._id}`);
    assert.deepEqual(await quantities(other._id), { total: 0, current: 0 });
    assert.equal((await call(t.app, admin, 'DELETE', `${API}/load/${load._id}`)).statusCode, 404);
  });

  test('deleting a load whose pieces already left the stockroom is refused, nothing changed', async () => {
    const item = await newItem(0);
    const load = await ok('POST', '/load', { item: item._id, quantity: 5, date: '2026-10-05' });
    await ok('POST', '/unload', delivery(item._id, 4));
    const res = await call(t.app, admin, 'DELETE', `${API}/load/${load._id}`);
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().code, 'STORAGE_NOT_ENOUGH_STOCK');
    assert.equal(
      res.json().message,
      `Quantità non disponibile in magazzino: di «${item.description}» restano 1 pezzi, l'operazione ne toglierebbe 5.`,
    );
    assert.equal((await call(t.app, admin, 'GET', `${API}/load/${load._id}`)).statusCode, 200);
    assert.deepEqual(await quantities(item._id), { total: 5, current: 1 });
  });

  test('list with search, sort and paging, and the download', async () => {
    const item = await newItem(0, 'Tavolo pieghevole da esterno');
    for (const [quantity, date] of [
      [1, '2026-01-10'],
      [3, '2026-03-10'],
      [2, '2026-02-10'],
    ] as const) {
      await ok('POST', '/load', { item: item._id, quantity, date });
    }
    const page = await ok('GET', '/load?q=pieghevole&sortBy=date&order=desc&limit=2');
    assert.deepEqual(
      page.data.map((l: { date: string }) => l.date),
      ['2026-03-10', '2026-02-10'],
    );
    assert.equal(page.meta.totalItems, 3);
    const byQuantity = await ok('GET', '/load?q=pieghevole&sortBy=quantity&order=asc');
    assert.deepEqual(
      byQuantity.data.map((l: { quantity: number }) => l.quantity),
      [1, 2, 3],
    );
    const csv = await call(t.app, admin, 'GET', `${API}/load/export?format=csv&q=pieghevole&sortBy=date`);
    assert.equal(csv.statusCode, 200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    assert.equal(lines[0], 'Articolo;Quantità;Data di acquisizione;Note');
    assert.equal(lines[1], 'Tavolo pieghevole da esterno;1;10/01/2026;');
    assert.equal(lines.length, 4);
  });

  test('without a sort the list is newest first: latest date, and on one date the latest recorded', async () => {
    const item = await newItem(0, 'Cassa portapalline numerata');
    for (const [quantity, date] of [
      [1, '2026-04-10'],
      [2, '2026-06-10'],
      [3, '2026-05-10'],
      [4, '2026-06-10'],
    ] as const) {
      await ok('POST', '/load', { item: item._id, quantity, date });
    }
    const expected = [4, 2, 3, 1];
    const list = await ok('GET', '/load?q=portapalline');
    assert.deepEqual(
      list.data.map((l: { quantity: number }) => l.quantity),
      expected,
    );
    // Paged the same way, and the download follows it.
    const second = await ok('GET', '/load?q=portapalline&limit=2&page=2');
    assert.deepEqual(
      second.data.map((l: { quantity: number }) => l.quantity),
      expected.slice(2),
    );
    const csv = await call(t.app, admin, 'GET', `${API}/load/export?format=csv&q=portapalline`);
    assert.deepEqual(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => Number(line.split(';')[1])),
      expected,
    );
    // A sort asked goes its own way.
    const oldest = await ok('GET', '/load?q=portapalline&sortBy=date&order=asc');
    assert.equal(oldest.data[0].quantity, 1);
  });

  test('bad input is refused with the field named and nothing changed', async () => {
    const item = await newItem(2);
    const good = { item: item._id, quantity: 1, date: '2026-10-05' };
    for (const [change, message] of [
      [{ item: undefined }, 'item: Campo obbligatorio'],
      [{ quantity: undefined }, 'quantity: Campo obbligatorio'],
      [{ date: undefined }, 'date: Campo obbligatorio'],
      [{ quantity: 0 }, 'quantity: Il valore deve essere compreso tra 1 e 1000000'],
      [{ quantity: 2.5 }, 'quantity: Valore decimale non consentito'],
      [{ date: '2026-02-30' }, 'date: Data non valida'],
      [{ item: '00000000-0000-4000-8000-000000000000' }, 'item: Articolo non trovato'],
    ] as const) {
      const res = await call(t.app, admin, 'POST', `${API}/load`, { ...good, ...change });
      assert.equal(res.statusCode, 400, JSON.stringify(change));
      assert.equal(res.json().message, message);
    }
    assert.deepEqual(await quantities(item._id), { total: 2, current: 2 });
  });
});

describe('unloads and deliveries (/storage/unload)', () => {
  test('an unload and a delivery take from the current quantity; the list shows reason and member', async () => {
    const item = await newItem(10, 'Maglia da gara taglia L');
    const u = await ok('POST', '/unload', unload(item._id, 2, { user: memberId }));
    assert.equal(u.type, 'UNLOAD');
    assert.equal(u.reason, 'Materiale rotto');
    assert.equal(u.user, null, 'an unload keeps no member');
    const d = await ok('POST', '/unload', { ...delivery(item._id, 3), reason: 'ignored' });
    assert.equal(d.type, 'DELIVERY');
    assert.equal(d.reason, null, 'a delivery keeps no reason');
    assert.deepEqual(d.user, { _id: memberId, name: 'Marco', surname: 'Rossi' });
    assert.deepEqual(await quantities(item._id), { total: 10, current: 5 });

    const list = await ok('GET', '/unload?q=rossi');
    assert.ok(list.data.some((row: { _id: string }) => row._id === d._id));
    assert.ok(!list.data.some((row: { _id: string }) => row._id === u._id));
    const byType = (await ok('GET', '/unload?q=gara&sortBy=type&order=asc')).data.map((row: { type: string }) => row.type);
    assert.deepEqual(byType, ['DELIVERY', 'UNLOAD']);
    const csv = await call(t.app, admin, 'GET', `${API}/unload/export?format=csv&q=gara&sortBy=type`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    assert.equal(lines[0], 'Tipo;Articolo;Quantità;Data;Motivo;Cognome;Nome;Note');
    assert.equal(lines[1], 'Consegna;Maglia da gara taglia L;3;21/11/2026;;Rossi;Marco;Consegnata a mano');
    assert.equal(lines[2], 'Scarico;Maglia da gara taglia L;2;20/11/2026;Materiale rotto;;;');
  });

  test('without a sort the list is newest first: latest date, and on one date the latest recorded', async () => {
    const item = await newItem(20, 'Copritavolo antipolvere');
    for (const [quantity, start_date] of [
      [1, '2026-04-10'],
      [2, '2026-06-10'],
      [3, '2026-05-10'],
      [4, '2026-06-10'],
    ] as const) {
      await ok('POST', '/unload', unload(item._id, quantity, { start_date }));
    }
    const list = await ok('GET', '/unload?q=copritavolo');
    assert.deepEqual(
      list.data.map((u: { quantity: number }) => u.quantity),
      [4, 2, 3, 1],
    );
  });

  test('an unload of more than the stock is refused with a clear message and nothing changes', async () => {
    const item = await newItem(3, 'Rete professionale');
    const before = (await ok('GET', '/unload?limit=0')).meta.totalItems;
    for (const body of [unload(item._id, 4), delivery(item._id, 4)]) {
      const res = await call(t.app, admin, 'POST', `${API}/unload`, body);
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(res.json().code, 'STORAGE_NOT_ENOUGH_STOCK');
      assert.equal(
        res.json().message,
        "Quantità non disponibile in magazzino: di «Rete professionale» restano 3 pezzi, l'operazione ne toglierebbe 4.",
      );
    }
    assert.equal((await ok('GET', '/unload?limit=0')).meta.totalItems, before);
    assert.deepEqual(await quantities(item._id), { total: 3, current: 3 });
    // Exactly the stock is fine.
    await ok('POST', '/unload', unload(item._id, 3));
    assert.deepEqual(await quantities(item._id), { total: 3, current: 0 });
  });

  test('editing undoes the old effect before the new one; raising past the stock is refused; deleting gives back', async () => {
    const item = await newItem(10);
    const u = await ok('POST', '/unload', unload(item._id, 4));
    await ok('PATCH', `/unload/${u._id}`, delivery(item._id, 10));
    assert.deepEqual(await quantities(item._id), { total: 10, current: 0 });
    const tooMany = await call(t.app, admin, 'PATCH', `${API}/unload/${u._id}`, delivery(item._id, 11));
    assert.equal(tooMany.statusCode, 409);
    assert.equal((await ok('GET', `/unload/${u._id}`)).quantity, 10);
    assert.deepEqual(await quantities(item._id), { total: 10, current: 0 });
    await ok('DELETE', `/unload/${u._id}`);
    assert.deepEqual(await quantities(item._id), { total: 10, current: 10 });
  });

  test('bad input is refused with the field named and nothing changed', async () => {
    const item = await newItem(5);
    for (const [body, message] of [
      [{ ...unload(item._id, 1), reason: ' ' }, 'reason: Campo obbligatorio'],
      [{ ...delivery(item._id, 1), user: undefined }, 'user: Campo obbligatorio'],
      [{ ...unload(item._id, 1), type: 'LOST' }, 'type: Valore non valido'],
      [{ ...unload(item._id, 1), start_date: undefined }, 'start_date: Campo obbligatorio'],
      [{ ...unload(item._id, 1), quantity: -2 }, 'quantity: Il valore deve essere compreso tra 1 e 1000000'],
      [delivery(item._id, 1, '00000000-0000-4000-8000-000000000000'), 'user: Utente non trovato'],
    ] as const) {
      const res = await call(t.app, admin, 'POST', `${API}/unload`, body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().message, message);
    }
    assert.deepEqual(await quantities(item._id), { total: 5, current: 5 });
  });

  test('racing unloads never leave less than zero: of 12 unloads of 1 on a stock of 5, exactly 5 pass', async () => {
    const item = await newItem(5);
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(t.app, admin, 'POST', `${API}/unload`, unload(item._id, 1))));
    const statuses = answers.map((a) => a.statusCode).sort();
    assert.deepEqual(statuses, [...Array(5).fill(201), ...Array(7).fill(409)]);
    assert.deepEqual(await quantities(item._id), { total: 5, current: 0 });
    assert.equal((await ok('GET', `/unload?q=${encodeURIComponent(item.description)}&limit=0`)).meta.totalItems, 5);
  });

  test('racing edits and deletions of movements keep the quantity equal to loads minus unloads', async () => {
    const item = await newItem(0);
    const loads = await Promise.all([4, 4, 4].map((quantity) => ok('POST', '/load', { item: item._id, quantity, date: '2026-10-01' })));
    const unloads = await Promise.all([3, 3].map(() => ok('POST', '/unload', unload(item._id, 3))));
    // Deleting every load and growing the unloads race: whatever order wins, stock never goes negative.
    const answers = await Promise.all([
      ...loads.map((l) => call(t.app, admin, 'DELETE', `${API}/load/${l._id}`)),
      ...unloads.map((u) => call(t.app, admin, 'PATCH', `${API}/unload/${u._id}`, unload(item._id, 5))),
    ]);
    for (const a of answers) assert.ok([200, 204, 409].includes(a.statusCode), a.body);
    const loaded = (await ok('GET', `/load?q=${encodeURIComponent(item.description)}&limit=0`)).data.reduce(
      (s: number, l: { quantity: number }) => s + l.quantity,
      0,
    );
    const taken = (await ok('GET', `/unload?q=${encodeURIComponent(item.description)}&limit=0`)).data.reduce(
      (s: number, u: { quantity: number }) => s + u.quantity,
      0,
    );
    const { total, current } = await quantities(item._id);
    assert.equal(total, loaded);
    assert.equal(current, loaded - taken);
    assert.ok(current >= 0);
  });
});

describe('access', () => {
  test('a member gets 403 on every storage call; a visitor 401', async () => {
    const item = await newItem(1);
    for (const [method, url] of [
      ['GET', '/item'],
      ['GET', '/item/export?format=csv'],
      ['POST', '/item'],
      ['PATCH', `/item/${item._id}`],
      ['DELETE', `/item/${item._id}`],
      ['GET', '/item-category'],
      ['POST', '/item-category'],
      ['GET', '/load'],
      ['POST', '/load'],
      ['GET', '/unload'],
      ['POST', '/unload'],
    ] as const) {
      const body = method === 'POST' || method === 'PATCH' ? {} : undefined;
      assert.equal((await call(t.app, member, method, `${API}${url}`, body)).statusCode, 403, `${method} ${url}`);
      assert.equal((await call(t.app, null, method, `${API}${url}`, body)).statusCode, 401, `${method} ${url}`);
    }
    assert.deepEqual(await quantities(item._id), { total: 1, current: 1 });
  });

  test('storage staff work the stockroom and pick the member of a delivery, but not read the registry', async () => {
    const cat = await call(t.app, admin, 'POST', '/api/v1/user/category', { name: 'Magazzinieri', permissions: ['storage_access'] });
    assert.equal(cat.statusCode, 201, cat.body);
    const created = (await call(t.app, admin, 'POST', '/api/v1/user', userPayload(cat.json()._id))).json();
    const { userId, token } = linkParams(await lastMailLink(t, created.email));
    await call(t.app, null, 'POST', '/api/v1/auth/complete-registration', { userId, token, password: 'Password-123' });
    const staff = await login(t.app, { email: created.email, password: 'Password-123' });
    await call(t.app, staff, 'POST', '/api/v1/auth/accept-terms', { privacy_policy: true, regulations: true });

    const picker = await call(t.app, staff, 'GET', '/api/v1/user?limit=500&reducedDetails=true');
    assert.equal(picker.statusCode, 200, picker.body);
    const marco = (picker.json().data as { _id: string; email: string }[]).find((u) => u.email === MEMBER.email);
    assert.ok(marco);
    assert.equal((await call(t.app, staff, 'GET', '/api/v1/user')).statusCode, 403);

    const item = await newItem(2);
    const res = await call(t.app, staff, 'POST', `${API}/unload`, delivery(item._id, 1, marco._id));
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(await quantities(item._id), { total: 2, current: 1 });
  });

  test('a member who received a delivery cannot be deleted while it is on record', async () => {
    const res = await call(t.app, admin, 'DELETE', `/api/v1/user/${memberId}`);
    assert.equal(res.statusCode, 409, res.body);
    assert.equal(res.json().code, 'REFERENCED');
  });
});
