/**
 * Worker threads from the sources (core/workers.ts): a *.worker.ts file runs with its TypeScript imports, through tsx
 * as the tests and `pnpm --filter server dev` run the server (the built server runs dist/<name>.js: server/build.mjs).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import { SERVER_ROOT, workerEntry } from '../paths';
import { startWorker } from '../workers';

test('a *.worker.ts file starts as a worker thread from the sources, its imports included', async () => {
  const worker = startWorker('core/tests/fixtures/echo.worker', { workerData: { rows: 3 } });
  try {
    const [message] = (await once(worker, 'message')) as [unknown];
    assert.deepEqual(message, { got: { rows: 3 }, serverRoot: SERVER_ROOT });
  } finally {
    await worker.terminate();
  }
});

test('a worker is named <path under src>.worker, and its entry is the source file here', () => {
  assert.equal(workerEntry('domains/registry/fitet/parse.worker').pathname, `${SERVER_ROOT}/src/domains/registry/fitet/parse.worker.ts`);
  assert.throws(() => workerEntry('domains/registry/fitet/parse'), /\.worker\.ts/);
});
