// `node build-tests.mjs`: the API test files bundled once into dist-tests/ (esbuild, code split), so each test
// process loads a few JavaScript chunks instead of compiling and resolving ~800 TypeScript modules through tsx
// (about 2 s of CPU per process, 126 processes in CI). The tests run the same code as from src/: every module's
// import.meta is its source file's (tests find fixtures and source folders from it), and stack traces name src/ lines
// through the maps. The modules worker threads run are entries too, as in server/build.mjs, and the worker pool loads
// them (core/paths.ts, SERVER_TEST_BUNDLE): from the sources, each worker thread that ran a task started tsx's loader
// thread and compiled its modules again, 0.5–3 CPU-s a worker.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { externalPackages, offThreadModules, serverBuildOptions, serverRoot, sourceImportMeta, src } from './esbuild-config.mjs';

export const TESTS_OUTDIR = path.join(serverRoot, 'dist-tests');

/** Every *.test.ts under src/. */
function testFiles(dir = src) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/**
 * The test files' `node:test` is testing/file-scope.ts, which passes every call through unless the runner of several
 * files in one process (testing/run-test-files.ts) is recording a file's top level. file-scope itself gets Node's.
 */
const FILE_SCOPE = path.join(src, 'testing', 'file-scope.ts');
const testFileScope = {
  name: 'test-file-scope',
  setup(build) {
    build.onResolve({ filter: /^node:test$/ }, (args) =>
      args.importer === FILE_SCOPE ? { path: 'node:test', external: true } : { path: FILE_SCOPE },
    );
  },
};

const started = Date.now();
rmSync(TESTS_OUTDIR, { recursive: true, force: true });
const files = testFiles();
await esbuild
  .build(
    serverBuildOptions({
      entryPoints: [...files, path.join(src, 'testing', 'run-test-files.ts'), path.join(src, 'core', 'workers', 'entry.mjs'), ...offThreadModules()],
      define: { SERVER_TEST_BUNDLE: JSON.stringify(path.basename(TESTS_OUTDIR)) },
      outdir: TESTS_OUTDIR,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      // This workspace's packages are TypeScript sources: bundled in. Every npm package stays an import.
      plugins: [testFileScope, externalPackages(['shared-api', 'test-kit']), sourceImportMeta],
    }),
  )
  .catch(() => process.exit(1));
console.log(`server/dist-tests: ${files.length} test files (${Date.now() - started} ms)`);
