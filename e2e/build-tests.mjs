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
import { sourceImportMeta } from 'server/esbuild-config';

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
await esbuild
  .build({
    entryPoints: files,
    outbase: tests,
    outdir: E2E_TESTS_OUTDIR,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    sourcesContent: false,
    keepNames: true,
    tsconfig: path.join(e2eRoot, 'tsconfig.json'),
    logLevel: 'warning',
    plugins: [externalPackages, sourceImportMeta],
  })
  .catch(() => process.exit(1));
console.log(`e2e/dist-tests: ${files.length} test files (${Date.now() - started} ms)`);
