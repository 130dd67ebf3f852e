/**
 * Anonymisation leaves nothing of the member (issue 39) and ends their future bookings (issue 44 item 4). A member with
 * a certificate with notes, a FITET record, past and future bookings, a waitlist place, a calendar feed, a charge and
 * a payment (its ledger entry described, as before issue 39, with their name) is anonymised; then every text and
 * JSON column of every table of the database holds none of their name, surname, e-mail, fiscal code, phone, card
 * numbers, notes or the address they acted from, and on PostgreSQL neither does `pg_dump --data-only` of the whole
 * database. The books and the statistics are the same before and after; the account cannot be activated again.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { ADMIN, MEMBER, type TestApp, build, call, categoryId, jobsDone, login, uniqueEmail, userPayload } from '../../testing/helper';

// Core's tests know no domain: the club is made through the API, and what the API has no route for in plain SQL.
const BOOKING_NOTICE_JOB = 'booking.notices';
const WAITLIST_NOTICE_JOB = 'booking.waitlist-notices';

interface TestMember {
  id: string;
  email: string;
  password: string;
}

const IP = '10.77.66.55';
const PERSON = { name: 'Ildegonda', surname: 'Quarzamanni', gender: 'F' as const, birthDate: '1984-05-17', birthPlace: 'Roma', birthProvince: 'RM' };
const EMAIL = 'ildegonda.quarzamanni@posta.example';
const PHONE = '+39 347 9081726';
const CARD = '7391846';
const MEMBER_NUMBER = 'TESS-88123';
const CERTIFICATE_NOTES = 'Cardiopatia lieve, da rivedere';
const RECORD_NOTES = 'Idoneo con riserva: controllo ecg a sei mesi';

let t: TestApp;
let admin: string;
let member: TestMember;
let memberCookie: string;
let partner: TestMember;
let partner2: TestMember;
let other: TestMember;
/** The codice fiscale of PERSON (born in Rome). */
const FISCAL_CODE = 'QRZLGN84E57H501D';
let amatore: string;

/** The instants the test's clock stops at: 10:00 in Rome, before summer time (UTC+1). */
const ROME_10 = (date: string) => new Date(`${date}T09:00:00Z`);
function stopClockAt(date: string): void {
  t.clock.freeze();
  t.clock.advance(ROME_10(date).getTime() - t.clock.now().getTime());
}

/**
 * A member of 'Soci' made through POST /user (amateur, so they may book), who can sign in (the seeded member's
 * password) with an approved medical certificate: what a booking needs.
 */
async function newMember(overrides: Record<string, unknown> = {}): Promise<TestMember> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail('anonimo');
  const res = await api(
    admin,
    'POST',
    '/user',
    userPayload(await categoryId(t.app, admin, 'Soci'), { qualifications: [amatore], ...overrides, email }),
  );
  assert.equal(res.statusCode, 201, res.body);
  const id = res.json()._id as string;
  const db = t.database.db;
  await db.execute(sql`update users set password_hash = (select password_hash from users where email = ${MEMBER.email}),
    registration_completed_at = now(), terms_accepted_at = now() where id = ${id}`);
  const fileId = randomUUID();
  await db.execute(sql`insert into files (id, original_name, mime, size, owner_user_id) values (${fileId}, 'c.pdf', 'application/pdf', 1, ${id})`);
  await db.execute(sql`with c as (
      insert into certificates (type_id, user_id) select id, ${id} from certificate_types where is_medical order by name limit 1 returning id)
    insert into certificate_records (certificate_id, file_id, is_approved, end_date) select c.id, ${fileId}, true, '2099-12-31' from c`);
  return { id, email, password: MEMBER.password };
}

async function createSession(fields: Record<string, unknown>): Promise<{ _id: string }> {
  const res = await api(admin, 'POST', '/training-session', fields);
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data[0];
}

/** The API as `cookie`; `ip`: the client's address (the member's requests come from theirs). */
const api = (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, ip?: string) =>
  ip
    ? t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { cookie: cookie ?? '' },
        remoteAddress: ip,
        ...(body === undefined ? {} : { payload: body as never }),
      })
    : call(t.app, cookie, method, `/api/v1${url}`, body);

/** What must be found nowhere after the anonymisation. */
const TRACES = [PERSON.name, PERSON.surname, EMAIL, FISCAL_CODE, PHONE, CARD, MEMBER_NUMBER, CERTIFICATE_NOTES, RECORD_NOTES, IP];

before(async () => {
  t = await build();
  stopClockAt('2027-03-15');
  admin = await login(t.app, ADMIN);
  [{ id: amatore }] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from qualifications where name = 'Amatore'`)) as [
    { id: string },
  ];
  member = await newMember({
    name: PERSON.name,
    surname: PERSON.surname,
    email: EMAIL,
    phone_number: PHONE,
    fiscal_code: FISCAL_CODE,
    birth_date: PERSON.birthDate,
    gender: 'F',
    member_id: MEMBER_NUMBER,
    fitet_data_code: CARD,
  });
  [partner, partner2, other] = [await newMember(), await newMember(), await newMember()];
  memberCookie = await login(t.app, member, IP);
});
after(async () => {
  await t.close();
});

/** Every text, array and JSON column of every table (every schema but the system's) holding one of the traces. */
async function tracesInColumns(): Promise<string[]> {
  const columns = rowsOf<{ schema: string; table: string; column: string }>(
    await t.database.db.execute(sql`select c.table_schema as schema, c.table_name as table, c.column_name as column
      from information_schema.columns c join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where tb.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`),
  );
  const found: string[] = [];
  const needles = JSON.stringify(TRACES.map((n) => n.toLowerCase()));
  for (const { schema, table, column } of columns) {
    const target = sql.raw(`"${schema}"."${table}"`);
    const value = sql.raw(`lower(r."${column}"::text)`);
    const hits = rowsOf<{ n: string; v: string }>(
      await t.database.db.execute(
        sql`select needle.n, left(${value}, 300) as v from ${target} as r, jsonb_array_elements_text(${needles}::jsonb) as needle(n)
          where strpos(${value}, needle.n) > 0 limit 5`,
      ),
    );
    for (const hit of hits) found.push(`${schema}.${table}.${column} holds "${hit.n}": ${hit.v}`);
  }
  return found;
}

/** On PostgreSQL: the data of the whole database as pg_dump writes it. */
function pgDump(database: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  return execFileSync('pg_dump', ['--data-only', '--no-owner', url.toString()], {
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
}

test("anonymisation leaves none of the member's data anywhere, keeps the books and statistics, and cancels their future bookings", async () => {
  const quals = [amatore];
  const tableRes = await api(admin, 'POST', '/training-session/game-tables', { number: 391, description: 'Tavolo anonimizzazione' });
  assert.equal(tableRes.statusCode, 201, tableRes.body);
  const session = (day: string, title: string) =>
    createSession({
      title,
      day,
      start_time: '18:00',
      end_time: '19:30',
      participant_qualifications: quals,
      game_tables: [tableRes.json()._id],
    });

  // Bookings (a member books two a week at most): one the staff made in the week before, two to come (one the member
  // made, one a partner made).
  const today = await session('2027-03-15', 'Turno della settimana scorsa');
  const staffBooked = await api(admin, 'POST', `/training-session/${today._id}/book`, {
    partnersId: [member.id, partner.id],
    date: '2027-03-15',
    admin: true,
  });
  assert.equal(staffBooked.statusCode, 201, staffBooked.body);
  const [{ id: pastBooking }] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`select id from bookings where session_id = ${today._id} and cancelled_at is null`),
  ) as [{ id: string }];
  stopClockAt('2027-03-22');
  admin = await login(t.app, ADMIN);
  memberCookie = await login(t.app, member, IP);
  const ownFuture = await session('2027-03-24', 'Turno futuro del socio');
  const partnersFuture = await session('2027-03-25', 'Turno futuro del compagno');
  const full = await session('2027-03-26', 'Turno al completo');
  const book = async (cookie: string, sessionId: string, date: string, partnerId: string) => {
    const res = await api(
      cookie,
      'POST',
      `/training-session/${sessionId}/book`,
      { partnersId: [partnerId], date },
      cookie === memberCookie ? IP : undefined,
    );
    assert.equal(res.statusCode, 201, res.body);
    return res.json()._id as string;
  };
  const partnerCookie = await login(t.app, partner2);
  const otherCookie = await login(t.app, other);
  const ownBooking = await book(memberCookie, ownFuture._id, '2027-03-24', partner.id);
  const partnersBooking = await book(partnerCookie, partnersFuture._id, '2027-03-25', member.id);
  // The other member waits for the partner's shift; the member waits for a shift the others took.
  const waiting = await api(otherCookie, 'POST', `/training-session/${partnersFuture._id}/waitlist`, { date: '2027-03-25', partnersId: [] });
  assert.equal(waiting.statusCode, 201, waiting.body);
  await book(otherCookie, full._id, '2027-03-26', partner.id);
  const joined = await api(memberCookie, 'POST', `/training-session/${full._id}/waitlist`, { date: '2027-03-26', partnersId: [] }, IP);
  assert.equal(joined.statusCode, 201, joined.body);
  assert.equal((await api(memberCookie, 'POST', '/user/me/calendar-feed', undefined, IP)).statusCode, 200);

  // A certificate with notes, and the medical record approved with notes.
  const [medical] = rowsOf<{ id: string; record: string }>(
    await t.database.db.execute(sql`select c.id, r.id as record from certificates c join certificate_records r on r.certificate_id = c.id
      where c.user_id = ${member.id}`),
  );
  const types = (await api(admin, 'GET', '/certificate/types?limit=0')).json().data as { _id: string; is_medical: boolean }[];
  const nonMedical = types.find((type) => !type.is_medical);
  assert.ok(nonMedical, 'a type that is not medical');
  const created = await api(admin, 'POST', '/certificate', { type: nonMedical._id, user: member.id, notes: CERTIFICATE_NOTES });
  assert.equal(created.statusCode, 201, created.body);
  const approved = await api(admin, 'PATCH', `/certificate/${medical!.id}/user/${member.id}/record/${medical!.record}/approve`, {
    end_date: '2027-12-31',
    notes: RECORD_NOTES,
  });
  assert.equal(approved.statusCode, 200, approved.body);

  // The FITET record of their card.
  const fitet = new FormData();
  fitet.append(
    'file',
    new Blob([`Codice tessera;Tipo tessera;Categoria;Data emissione;Data scadenza\n${CARD};Agonistica;3ª categoria;01/09/2026;31/08/2027\n`]),
    'fitet.csv',
  );
  const imported = await api(admin, 'POST', '/user/fitet', fitet);
  assert.equal(imported.statusCode, 200, imported.body);
  assert.equal(imported.json().rejected?.length ?? 0, 0, imported.body);

  // A charge and its payment; its ledger entry described as before issue 39, with the member's name.
  const post = async (url: string, body: Record<string, unknown>) => {
    const res = await api(admin, 'POST', url, body);
    assert.equal(res.statusCode, 201, res.body);
    return res.json();
  };
  const subaccount = async (parent: string, name: string, payment_type: string | null = null) =>
    (await post('/finance/subaccount', { name, parent_account: parent, payment_type })).data[0]._id as string;
  const assets = (await post('/finance/account', { account_id: 5901, name: 'Cassa (anonimizzazione)', ledger_type: 'Patrimoniale attivo' }))._id;
  const revenues = (await post('/finance/account', { account_id: 5902, name: 'Quote (anonimizzazione)', ledger_type: 'Ricavi' }))._id;
  const cash = await subaccount(assets, 'Cassa', 'cash');
  const fees = await subaccount(revenues, 'Quote sociali');
  const category = (
    await post('/finance/income-category', { name: 'Quote (anonimizzazione)', economic_subaccounts: [fees], asset_subaccounts: [cash] })
  )._id;
  const [fee] = (
    await post('/finance/member-charge', {
      user: [member.id],
      income_category: category,
      description: 'Quota stagione',
      reference_period: { start_date: '2026-09-01', end_date: '2027-08-31' },
      amount_due: 100,
    })
  ).data as { _id: string }[];
  const paid = await api(admin, 'POST', `/finance/member-charge/${fee!._id}/payment`, {
    amount_paid: 60,
    payment_date: '2027-03-01',
    payment_type: 'cash',
  });
  assert.equal(paid.statusCode, 201, paid.body);
  const [entry] = rowsOf<{ id: string; description: string }>(
    await t.database.db.execute(sql`select e.id, e.description from finance_accounting_entries e
      join finance_member_payments p on p.id = e.payment_id where p.charge_id = ${fee!._id}`),
  );
  assert.match(entry!.description, /^Incasso n\. \d+$/, 'a new payment is described by its charge code alone');
  const legacy = `${entry!.description} – ${PERSON.surname} ${PERSON.name}`;
  const db = t.database.db;
  await db.execute(sql`update finance_accounting_entries set description = ${legacy}, search_text = ${legacy} where id = ${entry!.id}`);
  await db.execute(sql`update finance_accounting_items set description = ${legacy} where entry_id = ${entry!.id}`);
  const changes = { description: { before: null, after: legacy }, total_cents: { before: null, after: 6000 } };
  await db.execute(sql`insert into audit_log (at, action, entity, entity_id, changes)
    values (${t.clock.now().toISOString()}::timestamptz, 'payment', 'finance_accounting_entries', ${entry!.id}, ${JSON.stringify(changes)}::jsonb)`);
  const searched = async () => (await api(admin, 'GET', `/finance/accounting-entry?q=${PERSON.surname}`)).json().data.length;
  assert.equal(await searched(), 1);

  await jobsDone(t.database, BOOKING_NOTICE_JOB);
  const before = await tracesInColumns();
  for (const trace of [PERSON.surname.toLowerCase(), CARD, CERTIFICATE_NOTES.toLowerCase(), RECORD_NOTES.toLowerCase(), IP]) {
    assert.ok(
      before.some((hit) => hit.includes(`"${trace}"`)),
      `before: ${trace} is in the database (the test sees it)`,
    );
  }

  const statistics = async () => (await api(admin, 'GET', '/statistics/played-sessions/summary?startDate=2027-01-01&endDate=2027-12-31')).json();
  const books = async () => (await api(admin, 'GET', '/finance/trial-balance?fiscal_year=2026-2027')).json();
  const was = { statistics: await statistics(), books: await books() };
  const mailMark = rowsOf<{ at: string }>(await t.database.db.execute(sql`select clock_timestamp() as at`))[0]!.at;

  const res = await api(admin, 'POST', `/user/${member.id}/anonymize`, {});
  assert.equal(res.statusCode, 204, res.body);
  await jobsDone(t.database, BOOKING_NOTICE_JOB);
  await jobsDone(t.database, WAITLIST_NOTICE_JOB);

  assert.deepEqual(await books(), was.books, 'the trial balance is the same');
  assert.deepEqual(await statistics(), was.statistics, 'the statistics are the same');
  assert.equal(await searched(), 0, 'the ledger search finds the member no more');
  const [rewritten] = rowsOf<{ description: string }>(
    await db.execute(sql`select description from finance_accounting_entries where id = ${entry!.id}`),
  );
  assert.equal(rewritten!.description, entry!.description, "rewritten from the charge's code");

  // Issue 44 item 4: the past booking stays, the future ones are cancelled, the partner told, the place offered.
  const state = async (id: string) =>
    rowsOf<{ cancelled: string | null }>(await db.execute(sql`select cancelled_at as cancelled from bookings where id = ${id}`))[0]!;
  assert.equal((await state(pastBooking)).cancelled, null, 'the past booking stays');
  assert.notEqual((await state(ownBooking)).cancelled, null, 'the booking the member made is cancelled');
  assert.notEqual((await state(partnersBooking)).cancelled, null, "the partner's booking with the member is cancelled");
  const mailsAfter = rowsOf<{ to: string; subject: string; body: string }>(
    await db.execute(sql`select "to", subject, body from mail_outbox where created_at > ${mailMark}::timestamptz`),
  );
  assert.ok(
    mailsAfter.some((m) => m.to === partner2.email),
    `the partner who booked with the member is mailed: ${JSON.stringify(mailsAfter.map((m) => [m.to, m.subject]))}`,
  );
  assert.ok(
    mailsAfter.some((m) => m.to === other.email && /lista d'attesa|libero|liber/i.test(`${m.subject} ${m.body}`)),
    `the waiting member is offered the place: ${JSON.stringify(mailsAfter.map((m) => [m.to, m.subject]))}`,
  );
  assert.equal(rowsOf(await db.execute(sql`select 1 from booking_waitlist where user_id = ${member.id}`)).length, 0, 'their waitlist place is gone');

  // Nothing of the member anywhere: every text and JSON column of every table …
  assert.deepEqual(await tracesInColumns(), []);
  // … and, on PostgreSQL, the whole database as pg_dump writes it.
  if (t.database.driver === 'pg') {
    const [{ name }] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`)) as [{ name: string }];
    const dump = pgDump(name).toLowerCase();
    assert.ok(dump.includes(partner.email.toLowerCase()), 'the dump holds the data (another member is in it)');
    assert.deepEqual(
      TRACES.filter((trace) => dump.includes(trace.toLowerCase())),
      [],
      'pg_dump --data-only holds none of the member’s data',
    );
  }

  // The account cannot be activated again.
  const activated = await api(admin, 'PATCH', `/user/${member.id}/activate`, {});
  assert.equal(activated.statusCode, 409, activated.body);
  assert.equal(activated.json().code, 'ANONYMIZED_USER');
  assert.match(activated.json().message, /anonimizzato/);
});
