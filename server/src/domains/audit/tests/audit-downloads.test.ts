/**
 * Issue 44 item 6, the downloads of the audit log read as its page does: in the CSV and the XLSX, 'Data e ora' is on
 * the club's clock in Italian, 'Elemento' names the record, and 'Modifiche' gives each field by its Italian label
 * with its values formatted as the 'Dettagli' modal shows them (shared-api audit-format): people, sessions, tables,
 * rules and categories by name, days and instants on the club's clock, days of the week by name; never a column's
 * name, an id, a UTC offset or JSON quoting. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { ADMIN, MEMBER, OTHER_MEMBER, type TestApp, build, call, categoryId, login, userPayload } from '../../../testing/helper';
import { users } from '../../registry/tables';

let t: TestApp;
let admin: string;

const HEADERS = ['Data e ora', 'Utente', 'Indirizzo', 'Azione', 'Elemento', 'Identificativo', 'Modifiche'];
const TODAY = 'from=2026-11-25&to=2026-11-25';

const ok = <R extends { statusCode: number; body: string }>(res: R, status: number): R => {
  assert.equal(res.statusCode, status, res.body);
  return res;
};
const userIdOf = async (email: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

type Row = Record<string, string>;

/** The rows of a download of the log, each cell under its header, in CSV and in XLSX. */
async function downloads(filter: string): Promise<Record<'csv' | 'xlsx', Row[]>> {
  const read = async (format: 'csv' | 'xlsx'): Promise<Row[]> => {
    const res = ok(await call(t.app, admin, 'GET', `/api/v1/audit/export?format=${format}&${filter}`), 200);
    let rows: string[][];
    if (format === 'csv') {
      rows = parse(res.rawPayload.subarray(3).toString('utf8'), { delimiter: ';' });
    } else {
      const { default: ExcelJS } = await import('@mui/x-internal-exceljs-fork');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      rows = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as (string | number | null)[]).slice(1).map((v) => String(v ?? ''))));
    }
    assert.deepEqual(rows[0], HEADERS, format);
    return rows.slice(1).map((cells) => Object.fromEntries(HEADERS.map((header, i) => [header, cells[i] ?? ''])));
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
  t = await build();
  t.clock.freeze();
  t.clock.advance(new Date('2026-11-25T10:00:00+01:00').getTime() - t.clock.now().getTime());
  admin = await login(t.app, ADMIN);
});
after(async () => {
  await t.close();
});

test("a booking's entry in the downloads: its shift, session, table and people by name, its times on the club's clock", async () => {
  const marco = await userIdOf(MEMBER.email);
  const giulia = await userIdOf(OTHER_MEMBER.email);
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
  const [me] = await t.database.db.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.email, ADMIN.email));

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
    assert.match(cancelled.Modifiche!, new RegExp(`(^|; )Annullata da: ${me!.surname} ${me!.name}(;|$)`), `${format}: ${cancelled.Modifiche}`);
  }
});

test("a member's phone changed in the downloads: its label, before and after; the creation names the category", async () => {
  const payload = userPayload(await categoryId(t.app, admin, 'Soci'));
  const member = ok(await call(t.app, admin, 'POST', '/api/v1/user', payload), 201).json()._id as string;
  t.clock.advance(1000);
  ok(await call(t.app, admin, 'PATCH', `/api/v1/user/${member}`, { ...payload, phone_number: '+39 333 7654321' }), 200);

  const [me] = await t.database.db.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.email, ADMIN.email));
  const adminName = `${me!.surname} ${me!.name}`;
  const files = await downloads(`entity=users&entityId=${member}&${TODAY}`);
  for (const [format, rows] of Object.entries(files)) {
    const edit = rows.find((row) => row.Azione === 'Modifica');
    const created = rows.find((row) => row.Azione === 'Creazione');
    assert.ok(edit && created, `${format}: ${JSON.stringify(rows)}`);
    for (const row of [edit, created]) readsAsAPerson(row, format);
    assert.equal(edit.Modifiche, 'Telefono: +39 340 1112233 → +39 333 7654321', format);
    assert.equal(edit.Elemento, 'Utenti: Verdi Anna', format);
    assert.equal(edit.Utente, adminName, format);
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
