import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { type PortalCopy, type SpawnedServer, TEST_START_MS, copyOfPortal, spawnServer } from 'test-kit';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import { ADMIN } from '../../testing/helper';

const folders: string[] = [];
const copies: PortalCopy[] = [];
const servers: SpawnedServer[] = [];

after(async () => {
  for (const server of servers) await server.kill();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  for (const copy of copies) await copy.remove();
});

const tempFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'club-portal-lock-'));
  folders.push(folder);
  return folder;
};

/** The server on DATA_DIR: `outcome` resolves when it serves (with its address) or when it exits (with its code and output). */
async function startServer(dataDir: string) {
  const server = await spawnServer({ dataDir, env: { STATIC_ROOT: dataDir, LOG_LEVEL: 'silent' } });
  servers.push(server);
  const output = () => server.output.join('\n');
  const outcome: Promise<{ url: string } | { exitCode: number | string | null; output: string }> = Promise.race([
    server.ready.then(() => ({ url: server.url })),
    server.exited.then((exitCode) => ({ exitCode, output: output() })),
  ]);
  return { server, outcome, output };
}

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
    // The seeded demo club's embedded database (a copy): the subject is the lock, not the first start's migration and seed.
    const copy = await copyOfPortal(TEST_START_MS, null);
    copies.push(copy);
    const { dataDir } = copy;
    const first = await startServer(dataDir);
    const running = await first.outcome;
    assert.ok('url' in running, `the first server starts: ${JSON.stringify(running)}`);

    const second = await (await startServer(dataDir)).outcome;
    assert.ok('exitCode' in second, 'the second server does not start');
    assert.equal(second.exitCode, 1);
    assert.match(second.output, /La cartella dei dati .* è già usata da un altro server/);
    assert.ok(second.output.includes(path.join(dataDir, 'pgdata')), `names the folder: ${second.output}`);
    assert.ok(second.output.includes(`processo ${first.server.pid}`), `names the other process: ${second.output}`);
    assert.doesNotMatch(second.output, /\n\s+at /, 'a message, not a stack trace');
    assert.equal(await signIn(running.url), 200, 'the first one keeps serving');

    // Killed without a chance to clean up: its lock stays, with a dead pid.
    await first.server.kill();
    assert.ok(fs.existsSync(path.join(dataDir, 'pgdata.lock')));
    const third = await startServer(dataDir);
    const restarted = await third.outcome;
    assert.ok('url' in restarted, `the stale lock is taken over: ${JSON.stringify(restarted)}`);
    assert.equal(await signIn(restarted.url), 200, third.output());
    await third.server.stop();
    assert.equal(await third.server.exited, 0, `a clean stop: ${third.output()}`);
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
