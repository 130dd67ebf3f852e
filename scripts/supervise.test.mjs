// npm start's supervisor (scripts/supervise.mjs) on the real built server, embedded database in a temporary DATA_DIR:
// a server killed with SIGKILL comes back and answers; a second one on the same data folder fails to start and is
// not restarted; SIGTERM stops both supervisor and server. Run with `node --test scripts/supervise.test.mjs`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'supervise-'));
const running = [];

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** A supervisor with its own port on the shared data folder; `output()` is everything it and its server printed. */
async function supervise() {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(root, 'scripts', 'supervise.mjs')], {
    cwd: root,
    // npm start's embedded database whatever the run's DATABASE_URL (DATABASE_URL=… npm test): the second test's
    // refusal is the data folder's lock, which a server on PostgreSQL does not take.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', RELEASE_HEALTH_CHECK: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  proc.stdout.on('data', (d) => (text += d));
  proc.stderr.on('data', (d) => (text += d));
  const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  running.push(proc);
  return { proc, port, exited, output: () => text };
}

/** Polls until `probe` returns a truthy value; fails, with what the processes printed, after the deadline. */
async function until(what, probe, output, deadlineMs = 120_000) {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) assert.fail(`${what}: not within ${deadlineMs / 1000} s. Output:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The administrator signs in through the API: the server is up and answers. */
async function signsIn(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'admin@circolo.example', password: 'Admin-2026!' }),
    });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** The supervisor's one child process: the server. */
function serverPid(supervisorPid) {
  const pids = spawnSync('pgrep', ['-P', String(supervisorPid)], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter(Boolean);
  return pids.length === 1 ? Number(pids[0]) : null;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

before(() => {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--server'], { cwd: root, encoding: 'utf8' });
  assert.equal(build.status, 0, build.stdout + build.stderr);
});

after(() => {
  for (const proc of running) if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

let first;

test('a server killed with SIGKILL is started again and answers', async () => {
  first = await supervise();
  await until('the server answers', () => signsIn(first.port), first.output);
  const killed = serverPid(first.proc.pid);
  assert.ok(killed, 'the supervisor runs one server');

  process.kill(killed, 'SIGKILL');
  await until('the supervisor says it restarts', () => first.output().includes('terminato inaspettatamente (segnale SIGKILL)'), first.output);
  const back = await until(
    'a new server answers',
    async () => {
      const pid = serverPid(first.proc.pid);
      return pid && pid !== killed && (await signsIn(first.port)) ? pid : null;
    },
    first.output,
  );
  assert.equal(alive(killed), false);
  assert.equal(first.proc.exitCode, null, 'the supervisor still runs');
  first.server = back;
});

test('a server that fails to start (data folder in use) is not restarted: the supervisor stops with the reason', async () => {
  const second = await supervise();
  const { code } = await second.exited;
  assert.equal(code, 1);
  assert.match(second.output(), /già usata da un altro server/);
  assert.match(second.output(), /non è partito .*non lo riavvio/);
  assert.equal(await signsIn(first.port), true, 'the running server is untouched');
});

test('SIGTERM to the supervisor stops the server and the supervisor, with no restart', async () => {
  first.proc.kill('SIGTERM');
  const { code } = await first.exited;
  assert.equal(code, 0);
  assert.equal(alive(first.server), false);
  assert.equal(first.output().match(/terminato inaspettatamente/g)?.length, 1, 'the SIGKILL was the one restart');
});
