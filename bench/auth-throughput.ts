/**
 * Sign-in and /auth/me requests per second on the real server (embedded PGlite, or DATABASE_URL),
 * next to a bare Fastify route measured in the same run on the same machine.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { freePort, startServer } from 'e2e/support/server';
import { assertMostlyAccepted } from './booking-support.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

async function measure(title: string, opts: autocannon.Options): Promise<number> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  const errors = result.errors + result.non2xx;
  // Refused calls measure the refusal, not the work: past half of them the bench stops instead of printing a figure.
  assertMostlyAccepted(title, result.requests.total - errors, errors, { non2xx: result.non2xx, errors: result.errors });
  if (errors > 0) console.warn(`  ! ${title}: ${errors} errori / risposte non 2xx`);
  return result.requests.average;
}

export async function benchAuthThroughput(): Promise<void> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  bare.post('/bare', async (req) => ({ ok: true, echo: req.body }));
  const barePort = await freePort();
  await bare.listen({ port: barePort, host: '127.0.0.1' });

  const server = await startServer();
  const email = 'admin@circolo.example';
  const password = 'Admin-2026!';
  try {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];

    const bareGet = await measure('bare GET', { url: `http://127.0.0.1:${barePort}/bare` });
    const me = await measure('/auth/me', { url: `${server.url}/api/v1/auth/me`, headers: { cookie } });
    const barePost = await measure('bare POST', {
      url: `http://127.0.0.1:${barePort}/bare`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const signIn = await measure('sign-in', {
      url: `${server.url}/api/v1/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(`\nRichieste al secondo (${CONNECTIONS} connessioni, ${DURATION_S} s ciascuna, database ${db})`);
    console.table([
      { misura: 'Fastify nudo GET /bare (baseline)', 'req/s': Math.round(bareGet), rapporto: 1 },
      { misura: 'GET /api/v1/auth/me (sessione valida)', 'req/s': Math.round(me), rapporto: +(me / bareGet).toFixed(3) },
      { misura: 'Fastify nudo POST /bare (baseline)', 'req/s': Math.round(barePost), rapporto: 1 },
      { misura: 'POST /api/v1/auth/login (argon2id)', 'req/s': Math.round(signIn), rapporto: +(signIn / barePost).toFixed(4) },
    ]);
  } finally {
    await server.stop();
    await bare.close();
  }
}
