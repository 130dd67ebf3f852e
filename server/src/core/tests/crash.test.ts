/**
 * Crash under load: the real server process takes a stream of mixed writes (categories created, profile phones
 * edited, users created) from a few concurrent clients, is killed with SIGKILL in the middle, and is started
 * again on the same data: every write it acknowledged is there. Runs on the database of the pass: PGlite in a
 * data folder, or PostgreSQL when DATABASE_URL is set (CI's second pass). It starts from a copy of the seeded demo club
 * (test-kit's copyOfPortal): its subject is the restart after the crash, not the first start's migration and seed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ADMIN, userPayload } from '../../testing/helper';
import { Client, type ServerProcess, type ServerProcessOptions, TEST_START_MS, copyOfPortal, startServerProcess } from 'test-kit';

/** Writes planned; the server is killed once KILL_AFTER of them are acknowledged, the rest fail or never start. */
const PLANNED = 3000;
const KILL_AFTER = 2000;
const WORKERS = 6;
const ACCOUNTS = [
  ADMIN,
  ...['marco.rossi', 'giulia.bianchi', 'luca.ferrari', 'francesca.romano', 'matteo.colombo'].map((n) => ({
    email: `${n}@circolo.example`,
    password: 'Socio-2026!',
  })),
];

test(`SIGKILL during ${PLANNED} mixed writes: every acknowledged write survives the restart`, async () => {
  const copy = await copyOfPortal(TEST_START_MS, process.env.DATABASE_URL || null);
  const { dataDir, databaseUrl } = copy;
  // MAIL lines carry links: keep only the last lines of output, for error messages.
  const env: ServerProcessOptions = { dataDir, databaseUrl, env: { STATIC_ROOT: dataDir, LOG_LEVEL: 'error' }, keepLines: 200 };
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess(env);
    const admin = new Client(server.url);
    await admin.login(ADMIN.email, ADMIN.password);
    const soci = (await admin.request('GET', '/api/v1/user/category?limit=0&q=Soci')).json.data.find((c: { name: string }) => c.name === 'Soci')._id;
    const members = await Promise.all(
      ACCOUNTS.map(async (account) => {
        const client = new Client(server!.url);
        await client.login(account.email, account.password);
        return client;
      }),
    );

    const acknowledged = { categories: [] as string[], users: [] as string[] };
    /** Per account: the phones acknowledged in order, and the one in flight when the server died. */
    const phones = ACCOUNTS.map(() => ({ acked: [] as string[], inFlight: null as string | null }));
    let attempted = 0;
    let acks = 0;
    let killing: Promise<void> | null = null;
    const crashAt = () => {
      if (acks >= KILL_AFTER && !killing) killing = server!.kill();
    };

    const worker = async (w: number) => {
      const phone = phones[w];
      const member = members[w];
      if (!phone || !member) throw new Error(`worker ${w} without an account`);
      for (let i = 0; ; i++) {
        if (killing || attempted >= PLANNED) return;
        const n = attempted++;
        try {
          if (n % 3 === 0) {
            const name = `Crash ${w}-${i}`;
            const res = await admin.request('POST', '/api/v1/user/category', { name, permissions: ['book_session'] });
            if (res.status !== 201) throw new Error(`category ${res.status} ${res.text}`);
            acknowledged.categories.push(name);
          } else if (n % 3 === 1) {
            const number = `+39 3${w}${String(i).padStart(8, '0')}`;
            phone.inFlight = number;
            const res = await member.request('PATCH', '/api/v1/user/me', { phone_number: number });
            if (res.status !== 200) throw new Error(`profile ${res.status} ${res.text}`);
            phone.acked.push(number);
            phone.inFlight = null;
          } else {
            const payload = userPayload(soci);
            const res = await admin.request('POST', '/api/v1/user', payload);
            if (res.status !== 201) throw new Error(`user ${res.status} ${res.text}`);
            acknowledged.users.push(String(payload.email));
          }
          acks++;
          crashAt();
        } catch (err) {
          if (killing) return; // the connection died with the server: not acknowledged
          throw err;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    assert.ok(killing, `the server was killed mid-stream (acknowledged ${acks} of ${attempted})`);
    // Set inside the workers, which TypeScript's narrowing cannot see.
    await Promise.resolve(killing);
    const acknowledgedCount = acks;

    server = await startServerProcess(env);
    const after = new Client(server.url);
    await after.login(ADMIN.email, ADMIN.password);
    const categoryNames = new Set((await after.request('GET', '/api/v1/user/category?limit=0')).json.data.map((c: { name: string }) => c.name));
    const userEmails = new Set((await after.request('GET', '/api/v1/user?limit=0')).json.data.map((u: { email: string }) => u.email));
    const missingCategories = acknowledged.categories.filter((name) => !categoryNames.has(name));
    const missingUsers = acknowledged.users.filter((email) => !userEmails.has(email));
    const wrongPhones: string[] = [];
    let phonesFound = 0;
    for (const [w, account] of ACCOUNTS.entries()) {
      const client = new Client(server.url);
      await client.login(account.email, account.password);
      const phone = (await client.request('GET', '/api/v1/user/me')).json.phone_number;
      const { acked, inFlight } = phones[w] ?? { acked: [], inFlight: null };
      // The last acknowledged edit, or the one sent after it that the crash cut (it may have committed).
      if (acked.length === 0 || phone === acked.at(-1) || phone === inFlight) phonesFound += acked.length;
      else wrongPhones.push(`${account.email}: ${phone}, last acknowledged ${acked.at(-1)}`);
    }
    const found = acknowledged.categories.length - missingCategories.length + acknowledged.users.length - missingUsers.length + phonesFound;
    console.log(
      `crash under load (${databaseUrl ? 'PostgreSQL' : 'PGlite'}): ${attempted} writes sent, ${acknowledgedCount} acknowledged ` +
        `(${acknowledged.categories.length} categories, ${acknowledged.users.length} users, ${acknowledgedCount - acknowledged.categories.length - acknowledged.users.length} profile edits), ` +
        `SIGKILL, restart: ${found} found`,
    );
    assert.ok(acknowledgedCount >= KILL_AFTER);
    assert.deepEqual(missingCategories, []);
    assert.deepEqual(missingUsers, []);
    assert.deepEqual(wrongPhones, []);
    assert.equal(found, acknowledgedCount);
  } finally {
    await server?.stop();
    await copy.remove();
  }
});
