// The test pool's scheduler (scripts/test-files.mjs): a kind's limit holds while jobs of another kind wait, and lifts
// once none does. Each job is a node:test file that writes when it starts and ends only when the test lets it, so
// the order is the scheduler's, not the clock's. Run with `node --test scripts/test-files.test.mjs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runFiles } from './test-files.mjs';

/** A job file: appends its name to started.log, then ends once the file release-<name> exists. */
const JOB = `
import { test } from 'node:test';
import { appendFileSync, existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
const [dir, name] = process.argv.slice(2);
test(name, async () => {
  appendFileSync(dir + '/started.log', name + '\\n');
  while (!existsSync(dir + '/release-' + name)) await sleep(20);
});
`;

// A scheduler that broke either rule would leave a wait below unanswered: the time limit fails it.
test('browser files take at most their slots while an API file waits, and every slot once none does', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'test-pool-'));
  let pool = Promise.resolve();
  try {
    writeFileSync(path.join(dir, 'job.mjs'), JOB);
    const started = () =>
      existsSync(path.join(dir, 'started.log')) ? readFileSync(path.join(dir, 'started.log'), 'utf8').split('\n').filter(Boolean) : [];
    const release = (...names) => names.forEach((n) => writeFileSync(path.join(dir, `release-${n}`), ''));
    const until = async (names) => {
      while (!names.every((n) => started().includes(n))) await sleep(20);
    };
    const job = (name, kind) => ({ suite: kind ?? 'api', kind, file: 'job.mjs', args: [dir, name], cwd: dir, shown: name });

    // The jobs report in TAP as npm test's do, not to this file's runner (node --test tells its children so).
    delete process.env.NODE_TEST_CONTEXT;
    pool = runFiles([job('b1', 'browser'), job('b2', 'browser'), job('b3', 'browser'), job('b4', 'browser'), job('a1')], {
      concurrency: 3,
      perKind: { browser: 2 },
    });
    // Two browser files and the API file: the scheduler starts nothing more until one of them ends.
    await until(['b1', 'b2', 'a1']);
    assert.deepEqual(started().sort(), ['a1', 'b1', 'b2']);

    // The API file ends: no other kind waits, so a third browser file runs beside the two.
    release('a1');
    await until(['b3']);
    assert.deepEqual(started().sort(), ['a1', 'b1', 'b2', 'b3']);

    release('b1', 'b2', 'b3', 'b4');
    const suites = await pool;
    assert.equal(suites.browser.pass, 4);
    assert.equal(suites.api.pass, 1);
  } finally {
    // Every job may end (after a failure too), so none keeps the run alive.
    for (const n of ['a1', 'b1', 'b2', 'b3', 'b4']) writeFileSync(path.join(dir, `release-${n}`), '');
    await pool;
    rmSync(dir, { recursive: true, force: true });
  }
});
