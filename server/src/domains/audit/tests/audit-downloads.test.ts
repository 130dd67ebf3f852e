/**
 * Issue 44 item 6, the downloads of the audit log read as its page does: in the CSV and the XLSX, 'Data e ora' is on
 * the club's clock in Italian, 'Elemento' names the record, and 'Modifiche' gives each field by its Italian label
 * with its values formatted as the 'Dettagli' modal shows them (shared-api audit-format): people, sessions, tables,
 * rules and categories, files, storage categories, session groups and finance records by name, a record since
 * deleted by the values its deletion kept, days and instants on the club's clock, days of the week by name; never a
 * column's name, an id, a UTC offset or JSON quoting. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../core/db/rows';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, call, categoryId, userPayload } from '../../../testing/helper';
import { AUDIT_EXPORT_HEADERS, AUDIT_TEST_NOW, auditApp, exportRows, ok, personName, userIdOf } from './audit-fixture';

let t: TestApp;
let admin: string;

const TODAY = 'from=2026-11-25&to=2026-11-25';

type Row = Record<string, string>;

/** The rows of a download of the log, each cell under its header, in CSV and in XLSX. */
async function downloads(filter: string): Promise<Record<'csv' | 'xlsx', Row[]>> {
  const read = async (format: 'csv' | 'xlsx'): Promise<Row[]> => {
    const rows = await exportRows(ok(await call(t.app, admin, 'GET', `/api/v1/audit/export?format=${format}&${filter}`), 200), format);
    assert.deepEqual(rows[0], AUDIT_EXPORT_HEADERS, format);
    return rows.slice(1).map((cells) => Object.fromEntries(AUDIT_EXPORT_HEADERS.map((header, i) => [header, cells[i] ?? ''])));
  };
  return { csv: await read('csv'), xlsx: await read('xlsx') };
}

/** What a cell a person reads never holds: a column's name, an id, a UTC instant, JSON quoting. */
function readsAsAPerson(row: Row, format: string): void {
  const changes = row.Modifiche!;
  const at = `${format}: ${changes}`;
  assert.doesNotMatch(changes, /\b[a-z]+_[a-z_]+\b/, `${at}: a column's name`);
  assert.doesNotMatch(changes, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/i, `${at}: an id`);
  assert.doesNotMatch(changes, /\+00:00|\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}/, `${at}: an ISO day or instant`);
  assert.doesNotMatch(changes, /"/, `${at}: JSON quoting`);
  assert.doesNotMatch(row.Elemento!, /[0-9a-f]{8}-[0-9a-f]{4}-/i, `${format}: the record by its id`);
  // Wednesday 25 November 2026, from 10:00 in Rome (09:00 UTC).
  assert.match(row['Data e ora']!, /^25\/11\/2026 10:0\d$/, `${format}: ${row['Data e ora']}`);
}

before(async () => {
  ({ t, admin } = await auditApp());
});
after(async () => {
  await t.close();
});

test("a booking's entry in the downloads: its shift, session, table and people by name, its times on the club's clock", async () => {
  const marco = await userIdOf(t, MEMBER.email);
  const giulia = await userIdOf(t, OTHER_MEMBER.email);
  const allQuals = ok(await call(t.app, admin, 'GET', '/api/v1/user/qualification?limit=500'), 200)
    .json()
    .data.map((q: { _id: string }) => q._id);
  const table = ok(
    await call(t.app, admin, 'POST', '/api/v1/training-session/game-tables', { number: 45, description: 'Tavolo download' }),
    201,
  ).json()._id;
  const session = ok(
    await call(t.app, admin, 'POST', '/api/v1/training-session', {
      title: 'Scaricata',
      day: '2026-11-26',
      start_time: '18:00',
      end_time: '19:30',
      participant_qualifications: allQuals,
      game_tables: [table],
    }),
    201,
  ).json().data[0]._id;
  const booking = ok(
    await call(t.app, admin, 'POST', `/api/v1/training-session/${session}/book`, { partnersId: [marco, giulia], date: '2026-11-26', admin: true }),
    201,
  ).json()._id;

  t.clock.advance(60_000);
  ok(await call(t.app, admin, 'PATCH', `/api/v1/training-session/booking/${booking}`), 200);
  const me = await personName(t, ADMIN.email);

  const files = await downloads(`entity=bookings&entityId=${booking}&${TODAY}`);
  for (const [format, rows] of Object.entries(files)) {
    const booked = rows.find((row) => row.Azione === 'Prenotazione');
    const cancelled = rows.find((row) => row.Azione === 'Cancellazione prenotazione');
    assert.ok(booked && cancelled, `${format}: ${JSON.stringify(rows)}`);
    for (const row of [booked, cancelled]) readsAsAPerson(row, format);
    assert.equal(booked.Elemento, 'Prenotazioni: Turno del 26/11/2026 ore 18:00, Tavolo 45', format);
    assert.equal(booked.Identificativo, booking, `${format}: the id stays in its own column`);
    assert.equal(booked['Data e ora'], '25/11/2026 10:00', format);
    // A creation shows each value once: no arrows from nothing.
    assert.equal(
      booked.Modifiche,
      'Data: 26/11/2026; Sessione: Scaricata, 26/11/2026 ore 18:00, Tavolo 45; Partecipanti: Rossi Marco, Bianchi Giulia',
      format,
    );
    // The cancellation a minute later: when (09:01 UTC is 10:01 in Rome) and by whom, by name.
    assert.equal(cancelled['Data e ora'], '25/11/2026 10:01', format);
    assert.match(cancelled.Modifiche!, /(^|; )Annullata il: 25\/11\/2026 10:01(;|$)/, `${format}: ${cancelled.Modifiche}`);
    assert.match(cancelled.Modifiche!, new RegExp(`(^|; )Annullata da: ${me}(;|$)`), `${format}: ${cancelled.Modifiche}`);
  }
});

test("a member's phone changed in the downloads: its label, before and after; the creation names the category", async () => {
  const payload = userPayload(await categoryId(t.app, admin, 'Soci'));
  const member = ok(await call(t.app, admin, 'POST', '/api/v1/user', payload), 201).json()._id as string;
  t.clock.advance(1000);
  ok(await call(t.app, admin, 'PATCH', `/api/v1/user/${member}`, { ...payload, phone_number: '+39 333 7654321' }), 200);

  const me = await personName(t, ADMIN.email);
  const files = await downloads(`entity=users&entityId=${member}&${TODAY}`);
  for (const [format, rows] of Object.entries(files)) {
    const edit = rows.find((row) => row.Azione === 'Modifica');
    const created = rows.find((row) => row.Azione === 'Creazione');
    assert.ok(edit && created, `${format}: ${JSON.stringify(rows)}`);
    for (const row of [edit, created]) readsAsAPerson(row, format);
    assert.equal(edit.Modifiche, 'Telefono: +39 340 1112233 → +39 333 7654321', format);
    assert.equal(edit.Elemento, 'Utenti: Verdi Anna', format);
    assert.equal(edit.Utente, me, format);
    assert.match(created.Modifiche!, /(^|; )Categoria: Soci(;|$)/, `${format}: ${created.Modifiche}`);
    assert.match(created.Modifiche!, /(^|; )Sesso: Femmina(;|$)/, `${format}: ${created.Modifiche}`);
    assert.match(created.Modifiche!, /(^|; )Data di nascita: 01\/01\/1990(;|$)/, `${format}: ${created.Modifiche}`);
  }
});

test("a booking rule's change in the downloads: its limits before and after, its unlock times by day and rule's name", async () => {
  const rule = {
    name: 'Regola scaricata',
    description: 'Turni della sera',
    max_rounds_per_week: 3,
    max_rounds_per_day: 1,
    hours_before_booking_to_ignore_rules: 2,
    hours_before_booking_to_cancel: 24,
    week_start_day: 1,
    week_end_day: 0,
    unlock_times: [{ day: 1, hour: '18:00', num_shifts: 2 }],
  };
  const id = ok(await call(t.app, admin, 'POST', '/api/v1/user/reservation-rule', rule), 201).json()._id as string;
  t.clock.advance(1000);
  ok(
    await call(t.app, admin, 'PATCH', `/api/v1/user/reservation-rule/${id}`, {
      ...rule,
      max_rounds_per_week: 4,
      unlock_times: [{ day: 5, hour: '20:15', num_shifts: 3 }],
    }),
    200,
  );

  const ruleFiles = await downloads(`entity=reservation_rules&entityId=${id}&${TODAY}`);
  const unlockFiles = await downloads(`entity=reservation_rule_unlock_times&${TODAY}`);
  for (const format of ['csv', 'xlsx'] as const) {
    const edit = ruleFiles[format].find((row) => row.Azione === 'Modifica');
    const created = ruleFiles[format].find((row) => row.Azione === 'Creazione');
    assert.ok(edit && created, `${format}: ${JSON.stringify(ruleFiles[format])}`);
    for (const row of [edit, created]) readsAsAPerson(row, format);
    assert.equal(edit.Modifiche, 'Turni massimi a settimana: 3 → 4', format);
    assert.equal(edit.Elemento, 'Regole di prenotazione: Regola scaricata', format);
    assert.match(created.Modifiche!, /(^|; )Primo giorno della settimana: Lunedì(;|$)/, `${format}: ${created.Modifiche}`);
    assert.match(created.Modifiche!, /(^|; )Ultimo giorno della settimana: Domenica(;|$)/, `${format}: ${created.Modifiche}`);

    const unlocks = unlockFiles[format];
    for (const row of unlocks) readsAsAPerson(row, format);
    const added = unlocks.find((row) => row.Azione === 'Creazione' && row.Modifiche!.includes('Venerdì'));
    const removed = unlocks.find((row) => row.Azione === 'Eliminazione');
    assert.ok(added && removed, `${format}: ${JSON.stringify(unlocks)}`);
    for (const part of ['Regola di prenotazione: Regola scaricata', 'Giorno: Venerdì', 'Ora: 20:15', 'Numero di turni: 3']) {
      assert.match(added.Modifiche!, new RegExp(`(^|; )${part}(;|$)`), `${format}: ${added.Modifiche}`);
    }
    assert.match(removed.Modifiche!, /(^|; )Giorno: Lunedì(;|$)/, `${format}: ${removed.Modifiche}`);
    assert.equal(added.Elemento, 'Orari di sblocco delle regole', format);
  }
});

test('finance records, storage categories, session groups and files in the downloads: by their names, never their ids', async () => {
  const marco = await userIdOf(t, MEMBER.email);
  // A chart of two subaccounts, an income category on them, a charge to Marco and a payment of it, which posts an
  // accounting entry.
  const post = async (url: string, body: object) => ok(await call(t.app, admin, 'POST', `/api/v1/finance${url}`, body), 201).json();
  const subaccount = async (account_id: number, account: string, ledger_type: string, name: string, payment_type: string | null) => {
    const parent = (await post('/account', { account_id, name: account, ledger_type }))._id as string;
    return (await post('/subaccount', { name, parent_account: parent, payment_type })).data[0]._id as string;
  };
  const cash = await subaccount(6001, 'Cassa e banche (registro)', 'Patrimoniale attivo', 'Cassa', 'cash');
  const fees = await subaccount(6002, 'Quote (registro)', 'Ricavi', 'Quote sociali', null);
  const category = (await post('/income-category', { name: 'Quote (test)', economic_subaccounts: [fees], asset_subaccounts: [cash] }))._id as string;
  const [fee] = (
    await post('/member-charge', {
      user: [marco],
      income_category: category,
      description: 'Quota stagione',
      reference_period: { start_date: '2026-09-01', end_date: '2027-08-31' },
      amount_due: 40,
    })
  ).data as { _id: string }[];
  const payment = (await post(`/member-charge/${fee!._id}/payment`, { amount_paid: 15, payment_date: '2026-11-25', payment_type: 'cash' }))
    ._id as string;
  // An item of a storage category of its own.
  const shelf = ok(await call(t.app, admin, 'POST', '/api/v1/storage/item-category', { name: 'Scaffale scaricato' }), 201).json()._id as string;
  const item = ok(
    await call(t.app, admin, 'POST', '/api/v1/storage/item', {
      description: 'Reti scaricate',
      category: shelf,
      total_quantity: 4,
      current_quantity: 4,
    }),
    201,
  ).json()._id as string;
  // A recurring session: its sessions belong to a group, named by its period.
  const allQuals = ok(await call(t.app, admin, 'GET', '/api/v1/user/qualification?limit=500'), 200)
    .json()
    .data.map((q: { _id: string }) => q._id);
  const table = ok(await call(t.app, admin, 'POST', '/api/v1/training-session/game-tables', { number: 46, description: 'Tavolo gruppi' }), 201).json()
    ._id as string;
  ok(
    await call(t.app, admin, 'POST', '/api/v1/training-session', {
      title: 'Gruppo scaricato',
      start_time: '20:00',
      end_time: '21:30',
      participant_qualifications: allQuals,
      game_tables: [table],
      recurring_days: ['2', '4'],
      start_date: '2027-03-01',
      end_date: '2027-06-30',
    }),
    201,
  );
  // A file given to Marco (a photo), as the log records it.
  const [file] = rowsOf<{ id: string }>(
    await t.database.db.execute(
      sql`insert into files (original_name, mime, size, owner_user_id) values ('foto-marco.jpg', 'image/jpeg', 1024, ${marco}) returning id`,
    ),
  );
  await t.database.db.execute(sql`
    insert into audit_log (at, action, entity, entity_id, changes)
    values (${new Date(AUDIT_TEST_NOW)}, 'edit', 'users', ${marco}, ${JSON.stringify({ image_file_id: { before: null, after: file!.id } })}::jsonb)`);

  const [charges, payments, entries, items, sessions, photos] = await Promise.all([
    downloads(`entity=finance_member_charges&entityId=${fee!._id}&${TODAY}`),
    downloads(`entity=finance_member_payments&entityId=${payment}&${TODAY}`),
    downloads(`entity=finance_accounting_entries&${TODAY}`),
    downloads(`entity=storage_items&entityId=${item}&${TODAY}`),
    downloads(`entity=training_sessions&${TODAY}`),
    downloads(`entity=users&entityId=${marco}&${TODAY}`),
  ]);
  for (const format of ['csv', 'xlsx'] as const) {
    const created = (rows: Row[]) => {
      const row = rows.find((r) => r.Azione === 'Creazione' || r.Azione === 'Pagamento');
      assert.ok(row, `${format}: ${JSON.stringify(rows)}`);
      readsAsAPerson(row, format);
      return row;
    };
    const chargeRow = created(charges[format]);
    assert.match(chargeRow.Elemento!, /^Addebiti ai soci: N\. \d+, Quota stagione$/, format);
    assert.match(chargeRow.Modifiche!, /(^|; )Categoria di entrata: Quote \(test\)(;|$)/, `${format}: ${chargeRow.Modifiche}`);
    const paymentRow = created(payments[format]);
    assert.match(paymentRow.Elemento!, /^Pagamenti dei soci: 15,00\s€ del 25\/11\/2026$/, format);
    assert.match(paymentRow.Modifiche!, /(^|; )Addebito: N\. \d+, Quota stagione(;|$)/, `${format}: ${paymentRow.Modifiche}`);
    const entryRow = entries[format].find((r) => /15,00\s€ del 25\/11\/2026/.test(r.Modifiche!));
    assert.ok(entryRow, `${format}: the payment's accounting entry, ${JSON.stringify(entries[format])}`);
    readsAsAPerson(entryRow, format);
    assert.match(entryRow.Elemento!, /^Movimenti contabili: N\. \d+\/\d{4}-\d{4} del 25\/11\/2026$/, format);
    assert.match(entryRow.Modifiche!, /(^|; )Sottoconto: \d+ Quote sociali(;|$)/, `${format}: ${entryRow.Modifiche}`);
    const itemRow = created(items[format]);
    assert.equal(itemRow.Elemento, 'Articoli di magazzino: Reti scaricate', format);
    assert.match(itemRow.Modifiche!, /(^|; )Categoria: Scaffale scaricato(;|$)/, `${format}: ${itemRow.Modifiche}`);
    const sessionRow = sessions[format].find((r) => r.Modifiche!.includes('Gruppo scaricato'));
    assert.ok(sessionRow, `${format}: ${JSON.stringify(sessions[format])}`);
    readsAsAPerson(sessionRow, format);
    assert.match(sessionRow.Modifiche!, /(^|; )Gruppo di sessioni: Dal 01\/03\/2027 al 30\/06\/2027(;|$)/, `${format}: ${sessionRow.Modifiche}`);
    const photoRow = photos[format].find((r) => r.Modifiche!.startsWith('Foto'));
    assert.ok(photoRow, `${format}: ${JSON.stringify(photos[format])}`);
    assert.equal(photoRow.Modifiche, 'Foto: — → foto-marco.jpg', format);
  }
});

test("a record since deleted reads by the values its deletion kept, marked as deleted; past the log's memory, as a deleted element", async () => {
  const created = async (number: number) =>
    ok(await call(t.app, admin, 'POST', '/api/v1/training-session/game-tables', { number, description: 'Tavolo eliminato' }), 201).json()
      ._id as string;
  const gone = await created(47);
  const forgotten = await created(48);
  const shelf = ok(await call(t.app, admin, 'POST', '/api/v1/storage/item-category', { name: 'Scaffale eliminato' }), 201).json()._id as string;
  const item = ok(
    await call(t.app, admin, 'POST', '/api/v1/storage/item', { description: 'Palline', category: shelf, total_quantity: 1, current_quantity: 1 }),
    201,
  ).json()._id as string;
  t.clock.advance(1000);
  for (const path of [
    `/training-session/game-tables/${gone}`,
    `/training-session/game-tables/${forgotten}`,
    `/storage/item/${item}`,
    `/storage/item-category/${shelf}`,
  ]) {
    ok(await call(t.app, admin, 'DELETE', `/api/v1${path}`), 204);
  }
  // The retention has removed the deletion of table 48 (and its creation stays, a newer entry would not).
  await t.database.db.execute(sql`delete from audit_log where entity = 'game_tables' and entity_id = ${forgotten} and action = 'delete'`);

  const [tables, items] = await Promise.all([downloads(`entity=game_tables&${TODAY}`), downloads(`entity=storage_items&entityId=${item}&${TODAY}`)]);
  for (const format of ['csv', 'xlsx'] as const) {
    const of = (id: string, action: string) => tables[format].find((r) => r.Identificativo === id && r.Azione === action);
    for (const row of [of(gone, 'Creazione'), of(gone, 'Eliminazione')]) {
      assert.ok(row, `${format}: ${JSON.stringify(tables[format])}`);
      readsAsAPerson(row, format);
      assert.equal(row.Elemento, 'Tavoli: Tavolo 47 (eliminato)', format);
    }
    const lost = of(forgotten, 'Creazione');
    assert.ok(lost, `${format}: ${JSON.stringify(tables[format])}`);
    assert.equal(lost.Elemento, `Tavoli: elemento eliminato (n. ${forgotten.slice(0, 8)})`, format);
    // The item's creation names its category, deleted since, by the name its deletion kept.
    const itemCreated = items[format].find((r) => r.Azione === 'Creazione');
    assert.ok(itemCreated, `${format}: ${JSON.stringify(items[format])}`);
    readsAsAPerson(itemCreated, format);
    assert.equal(itemCreated.Elemento, 'Articoli di magazzino: Palline (eliminato)', format);
    assert.match(itemCreated.Modifiche!, /(^|; )Categoria: Scaffale eliminato \(eliminato\)(;|$)/, `${format}: ${itemCreated.Modifiche}`);
  }
});
