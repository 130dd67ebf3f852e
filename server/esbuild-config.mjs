// The one esbuild configuration of the server's two bundles: the production server (build.mjs → dist/) and the API
// test files (build-tests.mjs → dist-tests/). Both bundle src/ into ES modules for Node with source maps that name
// src/ lines, keep class and function names as written (errors and logs name them), and leave every npm package an
// import resolved at run time while this workspace's TypeScript packages are bundled in.
import { readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const serverRoot = import.meta.dirname;
export const src = path.join(serverRoot, 'src');

/** Bare imports stay imports, except this workspace's packages named (TypeScript sources, bundled in). */
export function externalPackages(workspace) {
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (workspace.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * esbuild's options for a bundle of the server's sources written under `outdir` at their path under src/; `options`
 * adds to them (entryPoints, plugins, splitting, metafile, …). Stack traces name src/ files and lines through the
 * maps; the sources themselves stay in src/.
 */
export function serverBuildOptions({ outdir, ...options }) {
  return {
    outbase: src,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    sourcesContent: false,
    keepNames: true,
    tsconfig: path.join(serverRoot, 'tsconfig.json'),
    logLevel: 'warning',
    ...options,
  };
}

/** Every TypeScript file under src/, tests aside. */
function sourceFiles(dir = src) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'tests' || entry.name === 'testing' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

/**
 * The modules a worker thread runs: each named by an offThreadModule('<path under src>') call (core/workers/pool.ts)
 * with a string literal, so the build can find it. A call with anything else stops the build. Both bundles write
 * each as an entry of its own, with the worker threads' entry (src/core/workers/entry.mjs).
 */
export function offThreadModules() {
  const found = new Set();
  for (const file of sourceFiles()) {
    // Comments aside: they may name the function without a module.
    const text = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    for (const call of text.matchAll(/offThreadModule\(([^)]*)\)/g)) {
      const literal = /^\s*'([\w./-]+)'\s*$/.exec(call[1]);
      if (!literal) {
        console.error(`server: ${path.relative(serverRoot, file)}: offThreadModule(${call[1]}) needs a string literal, the build must find it`);
        process.exit(1);
      }
      found.add(path.join(src, `${literal[1]}.ts`));
    }
  }
  return [...found];
}

/**
 * import.meta.url / dirname / filename of each module: its own source file's, written in as literals (the test
 * bundles: server/build-tests.mjs, e2e/build-tests.mjs; tests find fixtures and source folders from them).
 */
export const sourceImportMeta = {
  name: 'source-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mts|mjs)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!/import\.meta\.(url|dirname|filename)\b/.test(text)) return undefined;
      const contents = text
        .replace(/import\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href))
        .replace(/import\.meta\.dirname\b/g, JSON.stringify(path.dirname(args.path)))
        .replace(/import\.meta\.filename\b/g, JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith('.mjs') ? 'js' : 'ts', resolveDir: path.dirname(args.path) };
    });
  },
};
