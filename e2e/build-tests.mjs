// `node e2e/build-tests.mjs`: the browser test files bundled once into e2e/dist-tests/ (esbuild, code split), as the
// API files are (server/build-tests.mjs), so each test process loads a few JavaScript chunks instead of tsx compiling
// the support files, test-kit and shared-api (npm test runs them so; `pnpm --filter e2e test` and a file run by hand
// still go through tsx). The tests run the same code as from tests/: every module's import.meta is its source file's
// (fixtures, axe's source, test-kit's repository root and clock), and stack traces name the sources through the maps.
// Every npm package stays an import: one that a workspace package (test-kit, shared-api, the server's testing entry)
// imports is written in as the file it resolves to from there, since e2e/ need not depend on it.
import { readdirSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { serverBuildOptions, sourceImportMeta } from 'server/esbuild-config';

const e2eRoot = import.meta.dirname;
const tests = path.join(e2eRoot, 'tests');
export const E2E_TESTS_OUTDIR = path.join(e2eRoot, 'dist-tests');
const WORKSPACE = ['test-kit', 'shared-api', 'shell', 'server'];

/** Bare imports stay imports: as written from e2e/'s own files, as the file they resolve to from a workspace package's. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      if (WORKSPACE.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
      if (args.importer.startsWith(`${e2eRoot}${path.sep}`)) return { path: args.path, external: true };
      const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'resolving' });
      if (found.errors.length) return { errors: found.errors };
      return { path: found.path, external: true };
    });
  },
};

const started = Date.now();
rmSync(E2E_TESTS_OUTDIR, { recursive: true, force: true });
const files = readdirSync(tests)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => path.join(tests, name));
// The server bundles' options (Node 20, ES modules, maps naming the sources, names kept), with this package's folders.
await esbuild
  .build(
    serverBuildOptions({
      entryPoints: files,
      outbase: tests,
      outdir: E2E_TESTS_OUTDIR,
      tsconfig: path.join(e2eRoot, 'tsconfig.json'),
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      plugins: [externalPackages, sourceImportMeta],
    }),
  )
  .catch(() => process.exit(1));
console.log(`e2e/dist-tests: ${files.length} test files (${Date.now() - started} ms)`);
