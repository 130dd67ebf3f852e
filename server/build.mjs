// `pnpm --filter server build`: the server as JavaScript, built once for production (node --enable-source-maps
// dist/main.js; npm start runs it). esbuild bundles each entry into one ES module (docs/decisions.md, "A compiled
// server, supervised"): the sources import relative modules without extensions and import shared-api, whose sources are
// TypeScript, so a per-file tsc emit would not run on Node. Every npm package stays an import resolved from
// server/node_modules at run time, except shared-api (this workspace's, bundled in).
//
// Entries, written under dist/ at their path under src/:
//   src/main.ts                     the server                       → dist/main.js
//   src/domains/platform/cli.ts     the platform CLI                 → dist/domains/platform/cli.js (npm run compose)
//   src/backup-cli.ts               backups                          → dist/backup-cli.js (npm run backup / restore)
//   src/core/workers/entry.mjs      the worker threads' entry        → dist/core/workers/entry.js (core/workers/pool.ts)
//   offThreadModule('<path>') calls every module a worker thread runs → dist/<path>.js
import { readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { externalPackages, offThreadModules, serverBuildOptions, serverRoot, src } from './esbuild-config.mjs';

const outdir = path.join(serverRoot, 'dist');

// In the bundle every module's import.meta is the entry's (dist/main.js): a module that finds files from its own
// location would look in dist/. core/paths.ts finds the package folder whichever it is and is the one allowed.
const IMPORT_META_ALLOWED = new Set([path.join(src, 'core', 'paths.ts')]);
const importMetaGuard = {
  name: 'import-meta-guard',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mjs)$/ }, async (args) => {
      if (IMPORT_META_ALLOWED.has(args.path) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      const at = text.search(/import\.meta\.(url|dirname|filename)\b/);
      if (at < 0) return undefined;
      const line = text.slice(0, at).split('\n').length;
      return {
        errors: [
          {
            text: `import.meta in ${path.relative(serverRoot, args.path)}:${line}: in the built server it is dist/main.js. Find files from SERVER_SRC / SERVER_ROOT, and name a module a worker thread runs with offThreadModule() (src/core/workers/pool.ts).`,
          },
        ],
      };
    });
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const entryPoints = [
  path.join(src, 'main.ts'),
  path.join(src, 'domains', 'platform', 'cli.ts'),
  path.join(src, 'backup-cli.ts'),
  path.join(src, 'core', 'workers', 'entry.mjs'),
  ...offThreadModules(),
];
const result = await esbuild
  .build(
    serverBuildOptions({
      entryPoints,
      outdir,
      // Bare imports stay imports (packages: 'external' would keep shared-api out too, so this says it by hand).
      plugins: [externalPackages(['shared-api']), importMetaGuard],
      metafile: true,
    }),
  )
  // esbuild has printed its errors already (logLevel).
  .catch(() => process.exit(1));
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));

// A production install has the dependencies only: a package the built server imports must be one of them, loaded at
// the start or on first use (pdfkit, exceljs, nodemailer, file-type). Two development dependencies may be absent: the
// release check's playwright-core (the check says so and stays off) and tsx, which the worker entry imports only when
// it runs from the TypeScript sources.
const OPTIONAL_PACKAGES = new Set(['playwright-core', 'tsx']);
const { dependencies } = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const missing = new Set(
  outputs.flatMap(([, o]) =>
    o.imports
      .filter((i) => i.external && (i.kind === 'import-statement' || i.kind === 'dynamic-import'))
      .filter((i) => !i.path.startsWith('node:') && !builtinModules.includes(i.path))
      .map((i) => packageOf(i.path))
      .filter((name) => !dependencies[name] && !OPTIONAL_PACKAGES.has(name)),
  ),
);
if (missing.size > 0) {
  console.error(`server/build.mjs: the built server imports ${[...missing].join(', ')}, not in server/package.json's dependencies`);
  process.exit(1);
}
const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
console.log(
  `server/dist: ${outputs.map(([file, o]) => `${path.relative('dist', path.relative(serverRoot, file))} ${kb(o.bytes)}`).join(', ')} (${Date.now() - started} ms)`,
);
