/**
 * Issue 27: two server processes on one PostgreSQL both run the reminder sweeps (each booking's, each preference
 * change's, the schedule's). A booking made inside its participants' window gets exactly one reminder per participant;
 * a cancelled one none. Needs DATABASE_URL (CI's PostgreSQL pass): PGlite is one process's database by design.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { Client, type ServerProcess, TEST_START_MS, copyOfPortal, testNow } from 'test-kit';
import { startServerProcess } from 'test-kit';
import { ADMIN } from '../../../testing/helper';

const baseUrl = process.env.DATABASE_URL;
const skip = baseUrl ? false : 'DATABASE_URL non impostato: due server su un PostgreSQL si provano solo nel passaggio su PostgreSQL';
const PASSWORD = 'Socio-2026!';
const MARCO = 'marco.rossi@circolo.example';
const GIULIA = 'giulia.bianchi@circolo.example';
const LUCA = 'luca.ferrari@circolo.example';
const FRANCESCA = 'francesca.romano@circolo.example';

let a: ServerProcess;
let b: ServerProcess;
let dbUrl = '';
let cleanup: () => Promise<void> = async () => {};
before(async () => {
  if (!baseUrl) return;
  // Both start on a copy of the seeded demo club (its database cloned from the template), each with its own data folder.
  const copy = await copyOfPortal(TEST_START_MS, baseUrl);
  dbUrl = copy.databaseUrl!;
  const dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'club-portal-reminders-'));
  const env = { STATIC_ROOT: copy.dataDir, LOG_LEVEL: 'error' };
  cleanup = async () => {
    await a?.stop();
    await b?.stop();
    await copy.remove();
    fs.rmSync(dirB, { recursive: true, force: true });
  };
  a = await startServerProcess({ dataDir: copy.dataDir, databaseUrl: dbUrl, env });
  b = await startServerProcess({ dataDir: dirB, databaseUrl: dbUrl, env });
});
after(async () => {
  await cleanup();
});

/** The club's date and HH:MM `hours` after the test's instant (the servers run on the same clock). */
function clubTimeIn(hours: number): { date: string; time: string } {
  const at = new Date(testNow().getTime() + hours * 3600_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return { date, time: `${time.slice(0, 2)}:00` };
}

async function signedIn(server: ServerProcess, email: string, password = PASSWORD): Promise<Client> {
  const client = new Client(server.url);
  await client.login(email, password);
  return client;
}

async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A job of the booking notices, the sweeps or the mails that is due or running on either server. */
const UNSETTLED = `name in ('booking.notices', 'booking.reminders', 'mail') and state in ('created', 'retry', 'active') and start_after <= now()`;

/** Until no job is unsettled. */
async function settled(): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const [row] = await query<{ n: number }>(`select count(*)::int as n from pgboss.job where ${UNSETTLED}`);
    if (row?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Which jobs, in what state, since when: what a failure here has to say.
  const stuck = await query<object>(
    `select name, state, retry_count, start_after, started_on, created_on, now() as db_now, output from pgboss.job where ${UNSETTLED}`,
  );
  const said = await Promise.all(
    [a, b].map(async (server, i) => {
      const exit = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('in esecuzione'), 50))]);
      const lines = server.output.filter((line) => !line.startsWith('MAIL ')).slice(-20);
      return `server ${'AB'[i]} (${String(exit)}):\n${lines.join('\n')}`;
    }),
  );
  throw new Error(`jobs still running after 40 s: ${JSON.stringify(stuck)}\n${said.join('\n')}`);
}

test('both servers sweep; a booking inside the window gets one reminder per participant, a cancelled one none', { skip }, async () => {
  const admin = await signedIn(a, ADMIN.email, ADMIN.password);
  const table = await admin.request('POST', '/api/v1/training-session/game-tables', { number: 274, description: 'Tavolo dei due server' });
  assert.equal(table.status, 201, table.text);
  const qualifications = (await admin.request('GET', '/api/v1/user/qualification?limit=300')).json.data.map((q: { _id: string }) => q._id);
  const partners = (await admin.request('GET', '/api/v1/user?limit=500&reducedDetails=true')).json.data as { _id: string; email: string }[];
  const idOf = (email: string) => partners.find((p) => p.email === email)!._id;
  const session = async (title: string, hoursAhead: number) => {
    const { date, time } = clubTimeIn(hoursAhead);
    const end = `${String(Number(time.slice(0, 2)) + 1).padStart(2, '0')}:00`;
    const res = await admin.request('POST', '/api/v1/training-session', {
      title,
      day: date,
      start_time: time,
      end_time: end,
      participant_qualifications: qualifications,
      game_tables: [table.json._id],
    });
    assert.equal(res.status, 201, res.text);
    return { id: res.json.data[0]._id as string, date };
  };

  // Luca and Francesca want reminders one hour before: their booking, three hours ahead, is not due; the staff cancel it
  // (too close to its start for Luca's rule).
  const luca = await signedIn(a, LUCA);
  const francesca = await signedIn(b, FRANCESCA);
  for (const member of [luca, francesca])
    assert.equal((await member.request('PATCH', '/api/v1/user/me/preferences', { reminder_hours: 1 })).status, 200);
  const cancelled = await session('Turno annullato', 3);
  const lucaBooks = await luca.request('POST', `/api/v1/training-session/${cancelled.id}/book`, {
    partnersId: [idOf(FRANCESCA)],
    date: cancelled.date,
  });
  assert.equal(lucaBooks.status, 201, lucaBooks.text);
  const cancel = await admin.request('PATCH', `/api/v1/training-session/${cancelled.id}/book`, { date: cancelled.date });
  assert.equal(cancel.status, 200, cancel.text);

  // Marco (24 hours: no preference saved) books Giulia into a shift four hours ahead: inside the window.
  const booked = await session('Turno con promemoria', 4);
  const marco = await signedIn(b, MARCO);
  const marcoBooks = await marco.request('POST', `/api/v1/training-session/${booked.id}/book`, { partnersId: [idOf(GIULIA)], date: booked.date });
  assert.equal(marcoBooks.status, 201, marcoBooks.text);

  // Luca and Francesca widen their window past the cancelled shift; sweeps are queued on both servers at once.
  const onA = await signedIn(a, ADMIN.email, ADMIN.password);
  const onB = await signedIn(b, ADMIN.email, ADMIN.password);
  await Promise.all([
    luca.request('PATCH', '/api/v1/user/me/preferences', { reminder_hours: 24 }),
    francesca.request('PATCH', '/api/v1/user/me/preferences', { reminder_hours: 24 }),
    ...Array.from({ length: 10 }, (_, i) => (i % 2 ? onA : onB).request('PATCH', '/api/v1/user/me/preferences', { reminder_hours: 24 })),
  ]);
  await settled();

  const sent = await query<{ to: string; n: number }>(
    `select "to", count(*)::int as n from mail_outbox where subject like 'Promemoria: turno %' group by "to" order by "to"`,
  );
  assert.deepEqual(sent, [
    { to: GIULIA, n: 1 },
    { to: MARCO, n: 1 },
  ]);
  const claims = await query<{ n: number }>('select count(*)::int as n from booking_reminders');
  assert.equal(claims[0]?.n, 2);
});
