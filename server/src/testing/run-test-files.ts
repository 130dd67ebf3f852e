/**
 * Runs several API test files' bundles in one process: `node dist-tests/testing/run-test-files.js <bundle>…`. Each
 * file's top-level tests and hooks become a `describe` named after its source, run one file after another, so a file's
 * `before` builds its app on a fresh database and its `after` closes it before the next file starts. Node's start and
 * the server's modules (about 1.2 s of CPU for a file alone) are paid once per process; each file's app still opens a
 * PGlite of its own.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, recordFile } from './file-scope';

const files = process.argv.slice(2);
const recorded: { name: string; calls: (() => void)[] }[] = [];
// Every file is imported first (its top level only declares), then each is registered in its own suite.
for (const file of files) {
  const calls = await recordFile(() => import(pathToFileURL(path.resolve(file)).href));
  recorded.push({
    name: path
      .relative(process.cwd(), file)
      .replace(/^dist-tests\//, 'src/')
      .replace(/\.js$/, '.ts'),
    calls,
  });
}
for (const { name, calls } of recorded) {
  void describe(name, () => {
    for (const call of calls) call();
  });
}
