/**
 * node:test as the API test files' bundles see it (server/build-tests.mjs points their `node:test` here): the same
 * functions, except while `recordFile` imports a file, when the calls at the file's top level are kept instead of
 * registered. The runner (run-test-files.ts) then replays them inside a `describe` named after the file, so several
 * files share one process (one start, one load of the server's modules) and each file's top-level `before` and `after` still
 * wrap its own tests only, one file after another. Run on its own, a file's calls go straight through.
 */
import * as nodeTest from 'node:test';

let recording: (() => void)[] | null = null;

/** A node:test function whose top-level calls are kept while a file is being recorded. */
function kept<F extends (...args: never[]) => unknown>(register: F): F {
  return ((...args: Parameters<F>) => {
    if (!recording) return register(...args);
    recording.push(() => void register(...args));
    return undefined;
  }) as F;
}

export const test = kept(nodeTest.test);
export const describe = kept(nodeTest.describe);
export const before = kept(nodeTest.before);
export const after = kept(nodeTest.after);
export const beforeEach = kept(nodeTest.beforeEach);
export const afterEach = kept(nodeTest.afterEach);

/** Imports a test file and answers its top-level registrations, to be replayed where the runner wants them. */
export async function recordFile(load: () => Promise<unknown>): Promise<(() => void)[]> {
  if (recording) throw new Error('recordFile: one file at a time');
  const calls: (() => void)[] = [];
  recording = calls;
  try {
    await load();
  } finally {
    recording = null;
  }
  return calls;
}
