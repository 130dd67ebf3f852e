import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { ADMIN } from '../../testing/helper';

const MAIN = path.join(import.meta.dirname, '..', '..', 'main.ts');
const folders: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];

after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const tempFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-portal-lock-'));
  folders.push(folder);
  return folder;
};

/** src/main.ts on DATA_DIR: resolves when it serves (with its address) or when it exits (with its code and output). */
function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', STATIC_ROOT: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const output_ = () => output;
  const outcome = new Promise<{ url: string } | { exitCode: number | null; output: string }>((resolve) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /Portale del circolo: (http:\/\/localhost:\d+)/.exec(output)?.[1];
      if (url && /Accesso amministratore/.test(output)) resolve({ url });
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (exitCode) => resolve({ exitCode, output }));
  });
  return { child, outcome, output: output_ };
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

async function signIn(url: string) {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return res.status;
}

describe('one server per embedded database folder', () => {
  test('a second server on the same DATA_DIR refuses to start, naming the folder and the first one; a dead one’s lock is taken over', async () => {
    const dataDir = tempFolder();
    const first = startServer(dataDir);
    const running = await first.outcome;
    assert.ok('url' in running, `the first server starts: ${JSON.stringify(running)}`);

    const second = await startServer(dataDir).outcome;
    assert.ok('exitCode' in second, 'the second server does not start');
    assert.equal(second.exitCode, 1);
    assert.match(second.output, /La cartella dei dati .* è già usata da un altro server/);
    assert.ok(second.output.includes(path.join(dataDir, 'pgdata')), `names the folder: ${second.output}`);
    assert.ok(second.output.includes(`processo ${first.child.pid}`), `names the other process: ${second.output}`);
    assert.doesNotMatch(second.output, /\n\s+at /, 'a message, not a stack trace');
    assert.equal(await signIn(running.url), 200, 'the first one keeps serving');

    // Killed without a chance to clean up: its lock stays, with a dead pid.
    first.child.kill('SIGKILL');
    await exited(first.child);
    assert.ok(fs.existsSync(path.join(dataDir, 'pgdata.lock')));
    const third = startServer(dataDir);
    const restarted = await third.outcome;
    assert.ok('url' in restarted, `the stale lock is taken over: ${JSON.stringify(restarted)}`);
    assert.equal(await signIn(restarted.url), 200, third.output());
    third.child.kill('SIGTERM');
    await exited(third.child);
    assert.equal(third.child.exitCode, 0, `a clean stop: ${third.output()}`);
    assert.equal(fs.existsSync(path.join(dataDir, 'pgdata.lock')), false, 'a clean stop frees the folder');
  });

  test('the lock itself: held → refused in the same process; released → free; a dead pid or a torn file → taken over', () => {
    const folder = path.join(tempFolder(), 'pgdata');
    const release = lockDataDir(folder);
    assert.throws(
      () => lockDataDir(folder),
      (err) => err instanceof DataDirInUseError && err.pid === process.pid,
    );
    release();
    const again = lockDataDir(folder);
    again();

    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(`${folder}.lock`, JSON.stringify({ pid: Number(dead.stdout), token: 'vecchio', startedAt: '2026-01-01T00:00:00Z' }));
    const takenOver = lockDataDir(folder);
    assert.equal(JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8')).pid, process.pid);
    takenOver();

    fs.writeFileSync(`${folder}.lock`, '');
    lockDataDir(folder)();
    assert.equal(fs.existsSync(`${folder}.lock`), false);
  });
});
