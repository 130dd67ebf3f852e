// npm test: every test of the project, and a table of each stage's wall time and test counts at the end.
//   format  oxfmt's check of every file (Prettier's style)
//   lint    oxlint with its type-aware rules, then ESLint without types (boundaries, restricted imports, sizes), then
//           the tests that its import boundaries fire and that the pool below keeps its limits
//   types   tsc on every package (TypeScript 7, the native compiler)
//   unit    jest (front ends and the shared contract)
//   api     node:test on a real server and database (PGlite; with --postgres also that PostgreSQL server, and the files
//           whose outcome the database cannot change on it only: DATABASE_FREE_API_FILES; those that open PGlite
//           whatever DATABASE_URL says on PGlite only: PGLITE_ONLY_API_FILES), each file
//           from its bundle (server/build-tests.mjs: built once, so a process loads JavaScript instead of tsx compiling
//           the server's sources again); `pnpm --filter server test` runs the same files through tsx
//   e2e     headless Chromium through playwright-core against the built, composed portal, and the booking steps again at
//           the clock's edges (a Sunday night, both daylight-saving nights, New Year's Eve); each from its bundle too
// Lint on one lane, the other checks then the builds on the other; then jest beside one pool of API and browser
// files a few at a time.
//
// Options:
//   --only format,lint,types,unit,api,e2e   a subset
//   --postgres <url>                         CI (.ci/run): the API suite on PGlite and on that server, the browser
//                                            suite once, on that server
//   DATABASE_URL=<url> npm test              the API and browser suites on that server only
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensurePnpm, install, log, root, runAsync } from './lib.mjs';
import { busySeconds, busyText, cpuTimes, measureReference, postgresServerCpu } from './machine-reference.mjs';
import { DATABASE_FREE_API_FILES, PGLITE_ONLY_API_FILES } from './database-free-api-files.mjs';
import { stageTableLines } from './stage-table.mjs';
import { runFiles, takeReapedCpu } from './test-files.mjs';

const argValue = (name) => {
  const at = process.argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (at < 0) return null;
  return process.argv[at].includes('=') ? process.argv[at].split('=')[1] : process.argv[at + 1];
};
const only = argValue('--only')?.split(',') ?? null;
const wants = (suite) => !only || only.includes(suite);
const postgres = argValue('--postgres') ?? process.env.DATABASE_URL ?? null;
/** Without --postgres, DATABASE_URL moves the API suite there; with it, the API suite runs on both databases. */
const apiDatabases = argValue('--postgres') ? [null, postgres] : [postgres];

/** The clock's edges the booking steps run at again, every run (test-kit's clock, TEST_NOW). */
const CLOCK_EDGES = [
  ['domenica sera', '2026-11-29T22:30:00+01:00'],
  ['notte del passaggio all’ora legale', '2027-03-28T01:30:00+01:00'],
  ['notte del ritorno all’ora solare', '2027-10-31T02:30:00+01:00'],
  ['San Silvestro', '2026-12-31T23:30:00+01:00'],
];
/**
 * The API files that take longest (30–70 s each in a CI run, against about 8 s for most) start first, so the pool
 * does not end waiting on one of them started last.
 */
const LONGEST_API_FILES = ['fuzz', 'crash', 'processes', 'hardening', 'platform', 'data-dir-lock', 'authorization-matrix', 'migrations'];
/**
 * Likewise the browser files that take longest after booking's runs (30–80 s each in a CI run, against 10–20 s for
 * most): started in alphabetical order, walk-phone came last and the run ended waiting on it alone.
 */
const LONGEST_BROWSER_FILES = ['accessibility', 'walk-phone', 'releases-console', 'releases', 'walk-booking', 'registry-mail-groups', 'finance'];
/**
 * The other API files run a few to a process (server/src/testing/run-test-files.ts), one after another, each its own
 * suite with its own app and database: Node's start and the server's modules are loaded once per batch (each file's
 * app still opens its own PGlite). Six small files: 39.1 CPU-s one process each, 32.6 together. The files above, and
 * those that start servers or time the event loop, keep a process of their own.
 */
const API_BATCH_SIZE = Number(process.env.TEST_API_BATCH ?? 6);
const OWN_PROCESS_API_FILES = new Set([...LONGEST_API_FILES, 'heavy-calls', 'backup', 'two-servers', 'reminders-two-servers']);
const runsAlone = (file) => OWN_PROCESS_API_FILES.has(path.basename(file, '.test.ts'));
/** Files side by side: three API or browser files at once keep a 2-core machine busy (99% in a CI run). */
const CONCURRENCY = Number(process.env.TEST_CONCURRENCY ?? 3);
/**
 * At most two of them browser files while API files wait: a browser test slowed by the machine spends more CPU, not
 * less (Playwright polls its locators while it waits), so a third one beside two costs more than an API file in its
 * slot. Measured on the browser suite alone: two at a time 772 s of CPU in 498 s, three 872 s in 488 s. Once no API
 * file waits, browser files take every slot: the last browser files of a developer's run (no API suite on PostgreSQL)
 * otherwise ran two at a time with a core partly idle (91% busy).
 */
const BROWSER_CONCURRENCY = Number(process.env.TEST_BROWSER_CONCURRENCY ?? 2);

/**
 * V8 flags for every test process and every server the tests start (test-kit reads TEST_NODE_FLAGS): --liftoff-only
 * keeps PGlite's WebAssembly on V8's baseline compiler. A test process lives seconds to minutes, too short for the
 * optimizing compiler's second compile of the hot functions to pay back: measured per API file (user+sys, PGlite),
 * users 9.4 → 7.3 CPU-s, finance 11.7 → 9.5, booking 18.8 → 16.1, the 10,000-input fuzz 41.0 → 38.5.
 */
process.env.TEST_NODE_FLAGS ??= '--liftoff-only';

// The machine's reference (scripts/machine-reference.mjs), before anything else runs and again after the stages: every
// stage is also printed in units of their mean (scripts/stage-table.mjs), so two runs on machines of different speed compare.
const reference = measureReference();
log(`Riferimento della macchina: ${reference.cpuSeconds.toFixed(2)} s di CPU (carico fisso, un thread; scripts/machine-reference.mjs)`);

const started = performance.now();
const cpuAtStart = cpuTimes();
/** @type {{ name: string, ok: boolean, seconds: number, cpu?: number | null, counts?: string }[]} */
const rows = [];
const seconds = (from) => (performance.now() - from) / 1000;

const pnpm = ensurePnpm();
const installStart = performance.now();
await install(pnpm);
rows.push({ name: 'Installazione (pnpm install)', ok: true, seconds: seconds(installStart) });

// ── The checks and the builds, on two lanes (each check prints its output once done, so they do not interleave).
// ESLint, the longest check, has a lane of its own; the other runs the type check, the format check and then the
// builds. jest and the API and browser files start as soon as the builds are done, beside ESLint's last seconds:
// run one after the other, the builds waited for ESLint while it ran alone on one core and the other sat idle. ──
// Chromium's package (network and disk more than CPU) is installed beside them.
const chromium = wants('e2e') ? ensureChromium() : Promise.resolve(0);
const lanes = [wants('lint') && 'Lint (oxlint, ESLint)', wants('types') && 'Tipi', wants('format') && 'Formato'].filter(Boolean);
if (lanes.length) log(`Controlli su due corsie: ${lanes.join(' · ')}`);
const lintRun = wants('lint')
  ? runBuffered({
      name: 'Lint (oxlint con i tipi, ESLint senza), confini tra i moduli e pianificatore dei test',
      steps: [
        [pnpm, ['lint']],
        // The boundaries' rules fire; the test pool below keeps its limits; the install's output (plain node:test, no build needed).
        [
          process.execPath,
          ['--test', 'scripts/lint-boundaries.test.mjs', 'scripts/test-files.test.mjs', 'scripts/install.test.mjs', 'scripts/stage-table.test.mjs'],
        ],
      ],
    })
  : null;
const typesRow = wants('types') ? await runBuffered({ name: 'Tipi (tsc, ogni pacchetto)', steps: [[pnpm, ['typecheck']]] }) : null;
const formatRow = wants('format') ? await runBuffered({ name: 'Formato (oxfmt --check)', steps: [[pnpm, ['format:check']]] }) : null;

// ── Builds: the server, which every spawned server process runs as in production (test-kit reads
// PORTAL_SERVER_ENTRY), and the front ends the browser suite loads; each skipped when fresh. ──
if (wants('api') || wants('e2e')) {
  const buildStart = performance.now();
  const chromiumOk = (await chromium) === 0;
  // scripts/build.mjs: the front ends (for the browser suite) and the server; --server the server only.
  const frontEnds = wants('e2e') && chromiumOk;
  const ok = (await runAsync(process.execPath, ['scripts/build.mjs', ...(frontEnds ? [] : ['--server'])])) === 0;
  process.env.PORTAL_SERVER_ENTRY = 'server/dist/main.js';
  // The API test files bundled once (server/build-tests.mjs): each process then loads JavaScript, not tsx's compile.
  if (ok && wants('api') && (await runAsync(process.execPath, ['server/build-tests.mjs'])) !== 0)
    rows.push({ name: 'Build dei test API', ok: false, seconds: 0 });
  // The browser test files likewise (e2e/build-tests.mjs: about 0.8 CPU-s less a process; `pnpm --filter e2e test` runs tsx).
  if (ok && frontEnds && (await runAsync(process.execPath, ['e2e/build-tests.mjs'])) !== 0)
    rows.push({ name: 'Build dei test nel browser', ok: false, seconds: 0 });
  rows.push({
    name: wants('e2e') ? 'Build del server e dei front end (e Chromium)' : 'Build del server',
    ok: ok && (!wants('e2e') || chromiumOk),
    seconds: seconds(buildStart),
  });
}

// ── jest: started now, side by side with the API and browser files (they leave a core idle while they wait on
// servers and Chromium); its row is added to the table once it ends. ──
const jestRun = wants('unit') ? runJest() : null;

// ── API and browser files, one pool ──
const dbName = (url) => (url ? 'PostgreSQL' : 'PGlite');
const jobs = [];
const e2eRows = [];
const buildsOk = rows.every((r) => !r.name.startsWith('Build') || r.ok);
if (wants('e2e') && buildsOk) {
  const files = testFiles('e2e/tests');
  const env = { DATABASE_URL: postgres ?? '' };
  // The booking file first (the longest), then its runs at the clock's edges, then the others.
  const booking = files.filter((f) => path.basename(f) === 'booking.test.ts');
  const suite = `Browser · ${dbName(postgres)}`;
  const edges = `Browser · orari limite (${CLOCK_EDGES.length} istanti)`;
  // Each file's bundle (e2e/build-tests.mjs), named by its source.
  const job = (file) => ({ kind: 'browser', file: bundled(file), shown: `e2e/${file}`, cwd: path.join(root, 'e2e') });
  for (const file of booking) jobs.push({ suite, ...job(file), env });
  for (const [label, instant] of CLOCK_EDGES)
    for (const file of booking) jobs.push({ suite: edges, ...job(file), env: { ...env, TEST_NOW: instant }, label: `${label}, ${instant}` });
  const others = files.filter((f) => !booking.includes(f));
  for (const file of longestFirst(others, LONGEST_BROWSER_FILES)) jobs.push({ suite, ...job(file), env });
  e2eRows.push(suite, edges);
}
const apiRows = [];
if (wants('api')) {
  // npm start's supervisor on the built server: a crash is restarted, a failed start and SIGTERM are not.
  apiRows.push('Avvio (npm start)');
  jobs.push({ suite: 'Avvio (npm start)', file: 'scripts/supervise.test.mjs', cwd: root });
  for (const url of apiDatabases) {
    const suite = `API · ${dbName(url)}`;
    apiRows.push(suite);
    // With both databases, the files whose outcome the database cannot change run in the PostgreSQL pass only, those
    // that open PGlite whatever DATABASE_URL says in the PGlite pass only.
    const once = (f) => apiDatabases.length > 1 && (url ? PGLITE_ONLY_API_FILES : DATABASE_FREE_API_FILES).includes(f.replace(/^src\//, ''));
    const files = longestFirst(testFiles('server/src'), LONGEST_API_FILES).filter((f) => !once(f));
    // NODE_ENV=test: a write outside a unit of work throws (core/db/unit-of-work), as under `node --test`, which sets
    // NODE_TEST_CONTEXT; these files run without it (one process a batch), so the suite would only have logged them.
    const env = { DATABASE_URL: url ?? '', NODE_ENV: 'test' };
    const cwd = path.join(root, 'server');
    for (const file of files.filter(runsAlone)) jobs.push({ suite, file: bundled(file), shown: `server/${file}`, cwd, env });
    for (const batch of batches(
      files.filter((f) => !runsAlone(f)),
      API_BATCH_SIZE,
    ))
      jobs.push({
        suite,
        file: 'dist-tests/testing/run-test-files.js',
        args: batch.map(bundled),
        shown: `${batch.length} file: ${batch.map((f) => path.basename(f, '.test.ts')).join(', ')}`,
        cwd,
        env,
      });
  }
}
if (jobs.length) {
  // Interleave browser and API files so both kinds keep a slot: a browser file waits on Chromium, an API file on the CPU.
  const browser = jobs.filter((j) => j.suite.startsWith('Browser'));
  const api = jobs.filter((j) => !j.suite.startsWith('Browser'));
  const ordered = [];
  while (browser.length || api.length) {
    if (browser.length) ordered.push(browser.shift());
    if (api.length) ordered.push(api.shift());
  }
  log(`Test API e nel browser: ${jobs.length} file, ${CONCURRENCY} alla volta`);
  const from = performance.now();
  const cpuAtPool = cpuTimes();
  const postgresAtPool = postgres ? postgresServerCpu() : null; // a run without PostgreSQL: no row
  takeReapedCpu(); // what the builds' processes took is not the first file's
  const suites = await runFiles(ordered, { concurrency: CONCURRENCY, perKind: { browser: BROWSER_CONCURRENCY } });
  for (const name of [...apiRows, ...e2eRows]) {
    const s = suites[name];
    if (!s) continue;
    rows.push({
      name,
      ok: s.fail === 0 && s.failedFiles.length === 0,
      seconds: (s.endedAt - s.startedAt) / 1000,
      cpu: s.cpu,
      counts: countText(s) + (s.failedFiles.length ? ` · falliti: ${s.failedFiles.join(', ')}` : ''),
    });
  }
  const poolCpu = { seconds: seconds(from), cpu: busySeconds(cpuAtPool), counts: busyText(cpuAtPool) };
  rows.push({ name: '  (API e browser insieme, tempo di parete)', ok: true, ...poolCpu });
  // The PostgreSQL server's processes are no file's children: their CPU is in the total and in no other row.
  const postgresCpu = postgresAtPool === null ? null : postgresServerCpu();
  if (postgresCpu !== null) rows.push({ name: '  (di cui il server PostgreSQL)', ok: true, seconds: null, cpu: postgresCpu - postgresAtPool });
  const failures = Object.values(suites).flatMap((s) => s.failures);
  if (failures.length) {
    console.log('\nFile falliti (di nuovo, in breve; l’output intero è sopra):');
    for (const f of failures) console.log(`  ✖ ${f.name}\n${f.digest.replace(/^/gm, '    │ ')}`);
  }
}

// The checks' rows after the install's, in the table's usual order; ESLint's once it ends (it may outlast the builds).
rows.splice(1, 0, ...[formatRow, await lintRun, typesRow].filter(Boolean));

if (jestRun) {
  // Placed after the builds, where it starts.
  const jestRow = await jestRun;
  rows.splice(
    rows.findLastIndex((r) => r.name.startsWith('Build') || r.name.startsWith('Installazione') || r.name.startsWith('Lint')) + 1,
    0,
    jestRow,
  );
}

// The total is taken before the reference's second reading, which is not part of the run's work.
const total = { name: 'Totale', ok: rows.every((r) => r.ok), seconds: seconds(started), cpu: busySeconds(cpuAtStart), counts: busyText(cpuAtStart) };
const referenceAfter = measureReference();
for (const l of stageTableLines({ rows, total, reference: { before: reference.cpuSeconds, after: referenceAfter.cpuSeconds } })) console.log(l);
process.exit(rows.every((r) => r.ok) ? 0 : 1);

// ──────────────────────────────────────────────────────────────────────────────

function countText({ pass, tests, skipped }) {
  return `${pass}/${tests}${skipped ? `, ${skipped} saltati` : ''}`;
}

/** `files` in groups of `size`, the last one shorter. */
function batches(files, size) {
  const groups = [];
  for (let at = 0; at < files.length; at += size) groups.push(files.slice(at, at + size));
  return groups;
}

/** src/x/tests/y.test.ts → its bundle, dist-tests/x/tests/y.test.js (server/build-tests.mjs); tests/y.test.ts likewise (e2e/). */
function bundled(file) {
  return file.replace(/^(src|tests)\//, 'dist-tests/').replace(/\.ts$/, '.js');
}

/** `files` with those named in `longest` first, in its order; the others after them, in theirs. */
function longestFirst(files, longest) {
  const rank = (f) => {
    const at = longest.indexOf(path.basename(f, '.test.ts'));
    return at < 0 ? longest.length : at;
  };
  return [...files].sort((a, b) => rank(a) - rank(b));
}

/** The test files under a folder (…/tests/*.test.ts), sorted. */
function testFiles(dir) {
  const found = [];
  const walk = (d) => {
    for (const entry of readdirSync(path.join(root, d), { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.test.ts') && path.basename(d) === 'tests') found.push(p);
    }
  };
  walk(dir);
  const base = dir.split('/')[0];
  return found.sort().map((p) => path.relative(base, p));
}

/** jest with its output held back (printed whole when it fails), answering its row of the table. */
async function runJest() {
  log('Test unitari (jest), affiancati ai file API e del browser');
  const from = performance.now();
  const out = mkdtempSync(path.join(os.tmpdir(), 'jest-'));
  let output = '';
  let cpu = null;
  const status = await new Promise((resolve) => {
    const child = spawn(pnpm, ['exec', 'jest', '--ci', '--json', `--outputFile=${path.join(out, 'results.json')}`], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', () => (cpu = takeReapedCpu()));
    child.on('close', (code) => resolve(code ?? 1));
  });
  let counts;
  try {
    const r = JSON.parse(readFileSync(path.join(out, 'results.json'), 'utf8'));
    counts = countText({ pass: r.numPassedTests, tests: r.numTotalTests, skipped: r.numPendingTests + r.numTodoTests });
  } catch {
    counts = 'nessun risultato';
  }
  rmSync(out, { recursive: true, force: true });
  const took = seconds(from);
  if (status !== 0 || process.env.TEST_VERBOSE) process.stdout.write(output.replace(/^/gm, '  │ ') + '\n');
  log(
    `Test unitari (jest): ${status === 0 ? 'ok' : `fallito (uscita ${status})`}, ${counts}, in ${took.toFixed(1)} s${cpu === null ? '' : ` (CPU ${cpu.toFixed(1)} s)`}`,
  );
  return { name: 'Unitari (jest)', ok: status === 0, seconds: took, cpu, counts };
}

/** Runs a check's steps one after the other with their output held back, then prints it under the check's name; answers its row. */
async function runBuffered({ name, steps }) {
  const from = performance.now();
  let output = '';
  let status = 0;
  // Its processes' CPU, taken as each exits: ESLint may end while the API and browser files run, and what it took
  // would otherwise be counted to the next file that ends.
  let cpu = 0;
  for (const [cmd, args] of steps) {
    status = await new Promise((resolve) => {
      const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (c) => (output += c));
      child.stderr.on('data', (c) => (output += c));
      child.on('exit', () => (cpu += takeReapedCpu() ?? 0));
      child.on('close', (code) => resolve(code ?? 1));
    });
    if (status !== 0) break;
  }
  const took = seconds(from);
  log(`${name}: ${status === 0 ? 'ok' : `fallito (uscita ${status})`} in ${took.toFixed(1)} s (CPU ${cpu.toFixed(1)} s)`);
  if (status !== 0 || process.env.TEST_VERBOSE) process.stdout.write(output.replace(/^/gm, '  │ ') + '\n');
  return { name, ok: status === 0, seconds: took, cpu };
}

/**
 * The browser tests drive Debian's chromium-headless-shell (the chromium source package's headless-only build, what
 * Playwright itself runs headless): the whole browser's headless mode also runs its windows' UI, about a fifth more CPU
 * per browser file (booking.test: 51 → 40 CPU-s, every process of its tree sampled). CHROMIUM_PATH picks another.
 */
async function ensureChromium() {
  const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
  const bin = (process.env.CHROMIUM_PATH ??= HEADLESS_SHELL);
  if (existsSync(bin)) return 0;
  if (process.getuid?.() !== 0 || bin !== HEADLESS_SHELL) {
    console.error(
      `✖ Chromium non trovato in ${bin}. Installalo con: sudo apt-get install -y chromium-headless-shell (oppure imposta CHROMIUM_PATH).`,
    );
    return 1;
  }
  log('Installo chromium-headless-shell dai pacchetti Debian');
  const update = await runAsync('apt-get', ['update', '-qq']);
  if (update !== 0) return update;
  return runAsync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
}
