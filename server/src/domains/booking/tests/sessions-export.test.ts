/**
 * The occurrences' download of the admin calendars (GET /training-session/export) on a week of May 2029 laid out
 * here, far from the demo club's sessions: the rows are the occurrences GET /training-session lists for the range,
 * table and available filter, with their participants; CSV, XLSX and PDF through the one export mechanism; the
 * range refused with its own codes; bookings staff only.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ExcelJS from '@mui/x-internal-exceljs-fork';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { type TestMember, bookAsStaff, createMembers, createSession, qualificationIds, romeInstant } from './support';

let t: TestApp;
let admin: string;
/** Tables 401 (A) and 402 (B). */
let tableA: string;
let tableB: string;
let members: TestMember[];

const WEEK = 'startDate=2029-05-07&endDate=2029-05-13';
const FORMULA_TITLE = '=HYPERLINK("http://example.com","Torneo")';

const api = (cookie: string | null, method: 'GET' | 'POST', url: string, body?: unknown) => call(t.app, cookie, method, `/api/v1${url}`, body);

/** 'Cognome Nome' of the test members (surnames exp…x0, x1, x2; names Nome0, Nome1, Nome2). */
const fullName = (i: number) => `${members[i]!.email.split('@')[0]!.replace(/^exp\.(\w+)\.(\d+)$/, 'exp$1x$2')} Nome${i}`;

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

const HEADER = 'Data;Giorno;Inizio;Fine;Tavolo;Turno;Prenotabile;Prenotato;Partecipanti';

before(async () => {
  t = await build();
  const quals = await qualificationIds(t.database, ['Agonista', 'Amatore', 'Allievo corso']);
  t.clock.freeze();
  t.clock.advance(romeInstant('2029-05-06', '10:00').getTime() - t.clock.now().getTime());
  admin = await login(t.app, ADMIN);
  members = await createMembers(t.database, 3, { label: 'exp' });
  const tables: string[] = [];
  for (const number of [401, 402]) {
    const res = await api(admin, 'POST', '/training-session/game-tables', { number, description: `Sala download ${number}` });
    assert.equal(res.statusCode, 201, res.body);
    tables.push(res.json()._id);
  }
  [tableA, tableB] = tables as [string, string];
  const session = (fields: Record<string, unknown>) => createSession(t.app, admin, { participant_qualifications: quals, ...fields });
  const book = (sessionId: string, date: string, who: TestMember[]) => bookAsStaff(t.app, admin, sessionId, date, who);
  const [m1, m2, m3] = members as [TestMember, TestMember, TestMember];

  // Table A: Monday 18:00–19:30 booked by m1 and m2; Saturday 10:00–12:00 not bookable, its title a formula.
  const monday = await session({ title: 'Serale', day: '2029-05-07', start_time: '18:00', end_time: '19:30', game_tables: [tableA] });
  await book(monday._id, '2029-05-07', [m1, m2]);
  await session({
    title: FORMULA_TITLE,
    day: '2029-05-12',
    start_time: '10:00',
    end_time: '12:00',
    game_tables: [tableA],
    is_booking_allowed: false,
  });
  // Table B: a group on Mondays and Wednesdays 20:00–21:00, its Wednesday booked by m2 and m3.
  const group = await session({
    title: 'Gruppo',
    start_time: '20:00',
    end_time: '21:00',
    game_tables: [tableB],
    recurring_days: ['1', '3'],
    start_date: '2029-05-07',
    end_date: '2029-05-31',
  });
  await book(group._id, '2029-05-09', [m2, m3]);
});
after(async () => {
  await t.close();
});

describe('the download of the occurrences', () => {
  test('CSV: one row per occurrence as GET /training-session lists them, with participants; formulas neutralised', async () => {
    const res = await api(admin, 'GET', `/training-session/export?format=csv&${WEEK}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(res.headers['content-disposition'] as string, /filename="turni_2029-05-07_2029-05-13\.csv"/);
    assert.deepEqual(csvLines(res.body), [
      HEADER,
      `07/05/2029;Lunedì;18:00;19:30;Tavolo 401;Serale;Sì;Sì;"${fullName(0)}, ${fullName(1)}"`,
      '07/05/2029;Lunedì;20:00;21:00;Tavolo 402;Gruppo;Sì;No;',
      `09/05/2029;Mercoledì;20:00;21:00;Tavolo 402;Gruppo;Sì;Sì;"${fullName(1)}, ${fullName(2)}"`,
      // The apostrophe keeps a spreadsheet from running the title; the quotes are CSV's.
      `12/05/2029;Sabato;10:00;12:00;Tavolo 401;"'=HYPERLINK(""http://example.com"",""Torneo"")";No;No;`,
    ]);

    // The same occurrences, in the same order, as the calendar's list.
    const list = await api(admin, 'GET', `/training-session?${WEEK}`);
    const listed = list.json().data as { specific_date: string; start_time: string; game_table: { number: number } }[];
    assert.deepEqual(
      listed.filter((o) => o.game_table.number >= 401).map((o) => `${o.specific_date} ${o.start_time} ${o.game_table.number}`),
      ['2029-05-07 18:00 401', '2029-05-07 20:00 402', '2029-05-09 20:00 402', '2029-05-12 10:00 401'],
    );
  });

  test('the table and the available filter narrow the rows and name the file', async () => {
    const booked = await api(admin, 'GET', `/training-session/export?format=csv&${WEEK}&table_id=${tableB}&available=false`);
    assert.equal(booked.statusCode, 200, booked.body);
    assert.match(booked.headers['content-disposition'] as string, /filename="turni_2029-05-07_2029-05-13_tavolo_402_prenotati\.csv"/);
    assert.deepEqual(csvLines(booked.body), [HEADER, `09/05/2029;Mercoledì;20:00;21:00;Tavolo 402;Gruppo;Sì;Sì;"${fullName(1)}, ${fullName(2)}"`]);

    const free = await api(admin, 'GET', `/training-session/export?format=csv&${WEEK}&table=${tableA}&available=true`);
    assert.match(free.headers['content-disposition'] as string, /turni_2029-05-07_2029-05-13_tavolo_401_liberi\.csv/);
    assert.deepEqual(csvLines(free.body).slice(1), [
      `12/05/2029;Sabato;10:00;12:00;Tavolo 401;"'=HYPERLINK(""http://example.com"",""Torneo"")";No;No;`,
    ]);

    // A range with nothing on it: the header alone.
    const empty = await api(admin, 'GET', `/training-session/export?format=csv&startDate=2029-05-08&endDate=2029-05-08&table_id=${tableA}`);
    assert.deepEqual(csvLines(empty.body), [HEADER]);
  });

  test('XLSX: the same rows in a spreadsheet, the formula stored as text', async () => {
    const res = await api(admin, 'GET', `/training-session/export?format=xlsx&${WEEK}&table_id=${tableA}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.match(res.headers['content-disposition'] as string, /filename="turni_2029-05-07_2029-05-13_tavolo_401\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    assert.deepEqual(rows, [
      ['Data', 'Giorno', 'Inizio', 'Fine', 'Tavolo', 'Turno', 'Prenotabile', 'Prenotato', 'Partecipanti'],
      ['07/05/2029', 'Lunedì', '18:00', '19:30', 'Tavolo 401', 'Serale', 'Sì', 'Sì', `${fullName(0)}, ${fullName(1)}`],
      ['12/05/2029', 'Sabato', '10:00', '12:00', 'Tavolo 401', FORMULA_TITLE, 'No', 'No', ''],
    ]);
    assert.equal(sheet.getRow(3).getCell(6).type, ExcelJS.ValueType.String);
  });

  test('PDF: a document named after the range', async () => {
    const res = await api(admin, 'GET', `/training-session/export?format=pdf&${WEEK}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.match(res.headers['content-disposition'] as string, /filename="turni_2029-05-07_2029-05-13\.pdf"/);
    assert.equal(res.rawPayload.subarray(0, 5).toString(), '%PDF-');
  });
});

describe('access and inputs', () => {
  test('a member without bookings_access gets 403, anonymous 401', async () => {
    const member = await login(t.app, MEMBER);
    const refused = await api(member, 'GET', `/training-session/export?format=csv&${WEEK}`);
    assert.deepEqual([refused.statusCode, refused.json().code], [403, 'FORBIDDEN']);
    assert.equal((await api(null, 'GET', `/training-session/export?format=csv&${WEEK}`)).statusCode, 401);
  });

  test('the range: in order and at most 366 days, each refusal with its code and Italian message', async () => {
    const before = await api(admin, 'GET', '/training-session/export?format=csv&startDate=2029-05-13&endDate=2029-05-07');
    assert.equal(before.statusCode, 400);
    assert.deepEqual(before.json(), {
      code: 'SESSIONS_EXPORT_END_BEFORE_START',
      message: 'Impossibile scaricare i turni: la data di fine non può precedere la data di inizio.',
    });
    const wide = await api(admin, 'GET', '/training-session/export?format=xlsx&startDate=2029-01-01&endDate=2030-01-02');
    assert.equal(wide.statusCode, 400);
    assert.deepEqual(wide.json(), {
      code: 'SESSIONS_EXPORT_RANGE_TOO_WIDE',
      message: 'Impossibile scaricare i turni: il periodo può coprire al massimo 366 giorni.',
    });
    // 366 days (a leap year, both ends included) is allowed; one more is not.
    assert.equal((await api(admin, 'GET', '/training-session/export?format=csv&startDate=2028-01-01&endDate=2028-12-31')).statusCode, 200);
    assert.equal(
      (await api(admin, 'GET', '/training-session/export?format=csv&startDate=2028-01-01&endDate=2029-01-01')).json().code,
      'SESSIONS_EXPORT_RANGE_TOO_WIDE',
    );
  });

  test('the format, the dates and the table are checked', async () => {
    for (const query of [
      WEEK,
      `format=doc&${WEEK}`,
      'format=csv&startDate=2029-05-07',
      `format=csv&${WEEK}&table_id=3`,
      `format=csv&${WEEK}&available=forse`,
    ]) {
      const res = await api(admin, 'GET', `/training-session/export?${query}`);
      assert.deepEqual([res.statusCode, res.json().code], [400, 'VALIDATION_FAILED'], query);
    }
    const unknown = await api(admin, 'GET', `/training-session/export?format=csv&${WEEK}&table_id=00000000-0000-4000-8000-000000000000`);
    assert.deepEqual([unknown.statusCode, unknown.json().code], [404, 'GAME_TABLE_NOT_FOUND']);
  });
});
