// ESLint's small pass, without type information: what oxlint (.oxlintrc.json, the type-aware and every other rule)
// does not do. `pnpm lint` runs both (and the 'lint' stage of `npm test`). Here: the import boundaries of
// docs/decisions.md, checked on the resolved file an import points at, so a relative path, a package name or a
// re-export through an index all count the same; the restricted imports and syntax; the size rules. Without type
// information ESLint builds no TypeScript program, which was most of its time.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const at = (...parts) => path.join(root, ...parts);
const folders = (dir, test = () => true) =>
  existsSync(at(dir))
    ? readdirSync(at(dir), { withFileTypes: true })
        .filter((d) => d.isDirectory() && test(d.name))
        .map((d) => d.name)
    : [];

/** Every domain app (mf-*) present in the workspace: a new one is covered by the rules without editing this file. */
const domainApps = folders('.', (name) => name.startsWith('mf-'));
const apps = ['shell', ...domainApps];
/** Every server domain folder (server/src/domains/<domain>/). */
const serverDomains = folders('server/src/domains');
/**
 * What one server domain may import from another: its index.ts (the public face it re-exports on purpose) and its
 * tables.ts (foreign keys across domains). Its services, repositories, routes, seed and tests stay private.
 */
const domainPublicFace = ['index.ts', 'tables.ts'];

/**
 * The packages bench/ and e2e/ test or measure from outside. Each one's public entries are the files its package.json
 * `exports` names (e.g. `server/testing`, `e2e/support/*`, `shared-api/contract`); anything else in it is internal.
 */
const outsidePackages = ['server', 'shell', ...domainApps, 'shared-ui', 'shared-api', 'test-kit', 'tooling', 'e2e'].filter((pkg) =>
  existsSync(at(pkg, 'package.json')),
);
/**
 * A package's public entries as paths relative to its folder: each file its exports (or main) names; an exports
 * pattern (`./tests/support/*.ts`) opens the folder before its `*`.
 */
const publicEntries = (pkg) => {
  const { exports: entries = {}, main } = JSON.parse(readFileSync(at(pkg, 'package.json'), 'utf8'));
  const targets = typeof entries === 'string' ? [entries] : Object.values(entries).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)));
  const relative = [...targets, ...(main ? [main] : [])].map((t) => (t.startsWith('./') ? t : `./${t}`));
  return [...new Set(relative.map((t) => (t.includes('*') ? t.slice(0, t.indexOf('*')) : t)))];
};
/** bench/ and e2e/ reach another package only through its public entries, never a file inside it by path. */
const outsideZones = ['bench', 'e2e'].flatMap((tester) =>
  outsidePackages
    .filter((pkg) => pkg !== tester)
    .map((pkg) => ({
      target: at(tester),
      from: at(pkg),
      except: publicEntries(pkg),
      message: `${tester}/ usa ${pkg} solo dalle sue entrate pubbliche (exports del package.json, es. server/testing), mai un file interno per percorso.`,
    })),
);

/**
 * The API paths of the domains (spec 000 §7 and the features after it): booking, certificates, storage, finance,
 * statistics and the member's own reads of them. The shell calls none of them (the slot rule below); a bare area
 * prefix ('/finance/', a page area the shell's layout tests) is not a call.
 */
const DOMAIN_API_PATH =
  '/^\\u002F(training-session|certificate|storage|finance|statistics|check-in|booking|user\\u002Fme\\u002F(booked-sessions|waitlist|payments|calendar-feed|preferences|booking-rule|fair-play|certificates?))(\\u002F.|\\?|$)/';

const boundaryZones = [
  // A domain app reaches the others only through the shell at run time (Module Federation), never by import.
  ...domainApps.map((app) => ({
    target: at(app),
    from: apps.filter((other) => other !== app).map((other) => at(other)),
    message: `${app} è un'app di dominio: importa solo shared-ui e shared-api, mai la shell o un'altra app di dominio.`,
  })),
  // Shared packages sit below every app.
  ...['shared-ui', 'shared-api'].map((pkg) => ({
    target: at(pkg),
    from: apps.map((app) => at(app)),
    message: `${pkg} è un pacchetto condiviso: non importa la shell né le app di dominio.`,
  })),
  // The server shares only the contract (shared-api) with the front ends.
  {
    target: at('server'),
    from: [...apps, 'shared-ui'].map((pkg) => at(pkg)),
    message: 'Il server condivide con i front end solo shared-api.',
  },
  // Core is what every domain uses; it never knows a domain.
  {
    target: at('server/src/core'),
    from: at('server/src/domains'),
    message: 'server/src/core non importa mai un dominio (server/src/domains/**): le dipendenze vanno da domains/ a core/.',
  },
  // A domain reaches another only through its public face; never the list of domains (domains/index.ts) above it.
  ...serverDomains.map((domain) => ({
    target: at('server/src/domains', domain),
    from: at('server/src/domains'),
    except: [`./${domain}`, ...serverDomains.filter((d) => d !== domain).flatMap((d) => domainPublicFace.map((file) => `./${d}/${file}`))],
    message: `Un dominio importa da un altro solo ${domainPublicFace.join(' e ')}; domains/index.ts (l'elenco dei domini) non si importa da un dominio.`,
  })),
  // No arrow runs back up: core and the domains never import the app that assembles them (their tests may build it).
  {
    target: [at('server/src/{core,domains}/**/!(*.test).ts')],
    from: [at('server/src/app.ts'), at('server/src/main.ts')],
    message: "core/ e domains/ non importano l'app che li assembla (app.ts, main.ts).",
  },
  ...outsideZones,
  // A repository speaks SQL and returns rows: HTTP answers are decided by services and the error plugin.
  {
    target: at('server/src/**/*repository.ts'),
    from: [at('server/src/core/plugins/errors.ts')],
    message: 'Un repository non conosce HTTP: restituisce righe, e il service decide (errori di dominio).',
  },
];

/** Package names of the apps, for a front end or server that would import one as a dependency. */
const appPackagePattern = { regex: '^(shell|mf-[a-z-]+)(/.*)?$', message: 'Le app (shell, mf-*) non si importano da altri pacchetti.' };

/**
 * lucide-react's entry holds its 1,600 icons (1.3 MB): every jest file that reached it loaded them all, where the
 * bundles tree-shake it. Each icon is imported from its own module (lucide-react/icons/<name>).
 */
const lucideEntryPattern = {
  regex: '^lucide-react$',
  message: "Importa ogni icona dal suo modulo (es. 'lucide-react/icons/calendar'), non dall'entrata di lucide-react.",
};

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '.data/**',
      '.tools/**',
      '.tmp/**',
      'e2e/artifacts/**',
      'bench/results/**',
      '**/coverage/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parser: tseslint.parser,
    },
    // oxlint reports unused disable directives: most name its rules, which ESLint no longer runs.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    // Registered (no rule of theirs is on) so that disable comments naming their rules, read by oxlint, parse here.
    plugins: { 'import-x': importX, '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  // The shell's service worker (issue 28): plain JavaScript copied as is into the build, run in the worker's scope.
  {
    files: ['shell/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Browser code: the front ends and the shared packages they load.
  {
    files: ['shell/src/**', 'mf-*/src/**', 'shared-ui/src/**', 'shared-api/src/**', 'jest.setup.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { patterns: [appPackagePattern, lucideEntryPattern] }] },
  },
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appPackagePattern] }] },
  },
  // bench/ and e2e/ name another package by its package name (server/testing, e2e/support/server), never by a relative
  // path out of their own folder: what they use of it is then one of its exports.
  {
    files: ['bench/**', 'e2e/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${outsidePackages.join('|')}|bench)/`,
              message: "bench/ ed e2e/ importano un altro pacchetto col suo nome (es. 'server/testing'), mai per percorso relativo.",
            },
            {
              regex: `^(${outsidePackages.join('|')})/(src|tests)/`,
              message: "bench/ ed e2e/ importano solo le entrate pubbliche di un pacchetto (exports, es. 'server/testing'), non i suoi file.",
            },
          ],
        },
      ],
    },
  },
  // A repository imports neither Fastify nor the errors that become HTTP answers (DomainError lives in core/errors.ts
  // beside the PostgreSQL error helpers, which a repository may use).
  {
    files: ['server/src/**/*repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appPackagePattern,
            {
              regex: '^(fastify|@fastify/.*|fastify-plugin|http-errors)$',
              message: 'Un repository non conosce HTTP: niente Fastify né errori HTTP.',
            },
            {
              regex: '(^|/)errors$',
              importNames: ['DomainError', 'invalidInput'],
              message: 'Un repository non lancia errori di dominio (diventano risposte HTTP): restituisce righe, e il service decide.',
            },
          ],
        },
      ],
    },
  },
  // Periodic work goes through the one job runner (a recurring job, claimed once across processes), never a timer of
  // a domain's own: setInterval in any form (global, globalThis., imported from node:timers) is refused.
  {
    files: ['server/src/domains/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Identifier[name='setInterval']",
          message: 'Il lavoro periodico di un dominio è un job ricorrente del job runner (Domain.jobs, recurring), non un setInterval.',
        },
      ],
    },
  },
  // The shell composes, it holds no domain's surface (issue 41, docs/releases.md "Slot"): no call to a domain's API
  // (a path of booking, certificates, storage, finance or statistics, the member's own included) in its source; the
  // home blocks and profile cards that read them are the domain apps', offered through the 'home' and 'profile' slots.
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'shell/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[`Literal[value=${DOMAIN_API_PATH}]`, `TemplateElement[value.raw=${DOMAIN_API_PATH}]`].map((selector) => ({
          selector,
          message:
            "La shell non chiama l'API di un dominio: il blocco o la scheda che la legge appartiene all'app di dominio e arriva da uno slot (docs/releases.md).",
        })),
      ],
    },
  },
  // Size (issue 24): no source file of any package (server, shell, mf-*, shared-ui, shared-api, bench, tooling,
  // test-kit, scripts) over 400 lines, no function over 120 — tests, the server's test helpers and its table
  // declarations aside. A longer one is split by feature or by step, not allowed by exception.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx,mjs}', '**/tests/**', '**/__tests__/**', 'server/src/testing/**', 'server/src/domains/*/tables.ts'],
    rules: { 'max-lines': ['error', 400], 'max-lines-per-function': ['error', 120] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
