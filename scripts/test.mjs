// npm test: every test of the project — unit (jest), API (node:test on a real server and database),
// browser (headless Chromium through playwright-core against the built, composed portal).
// Lint (ESLint over every package, then the test that its import boundaries fire) runs first.
// `npm test -- --only lint,types,unit,api,e2e` runs a subset (CI uses it for the second pass on PostgreSQL).
import { existsSync } from 'node:fs';
import { ensurePnpm, install, buildFrontEnds, run, log } from './lib.mjs';

const onlyArg = process.argv.find((a) => a.startsWith('--only'));
const only = onlyArg ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : process.argv[process.argv.indexOf(onlyArg) + 1]).split(',') : null;
const wants = (suite) => !only || only.includes(suite);

const pnpm = ensurePnpm();
install(pnpm);

const results = [];
const stage = (name, fn) => {
  log(name);
  const status = fn();
  results.push({ name, ok: status === 0 });
};

if (wants('lint')) {
  stage('Lint (ESLint, ogni pacchetto)', () => run(pnpm, ['lint']));
  stage('Confini tra i moduli (le regole di import scattano)', () => run(process.execPath, ['--test', 'scripts/lint-boundaries.test.mjs']));
}
if (wants('types')) stage('Controllo dei tipi (tsc, ogni pacchetto)', () => run(pnpm, ['-r', '--workspace-concurrency=1', 'typecheck']));
if (wants('unit')) stage('Test unitari (jest)', () => run(pnpm, ['exec', 'jest', '--ci']));
if (wants('api'))
  stage(`Test API (${process.env.DATABASE_URL ? 'PostgreSQL ' + process.env.DATABASE_URL : 'PGlite'})`, () =>
    run(pnpm, ['--filter', 'server', 'test']),
  );
if (wants('e2e')) {
  stage('Chromium per i test nel browser', ensureChromium);
  if (results.at(-1).ok) {
    buildFrontEnds(pnpm);
    stage(`Test nel browser (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => run(pnpm, ['--filter', 'e2e', 'test']));
  }
}

console.log('\nRiepilogo:');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✖'} ${r.name}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

function ensureChromium() {
  const bin = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(bin)) return 0;
  if (process.getuid?.() !== 0) {
    console.error(`✖ Chromium non trovato in ${bin}. Installalo con: sudo apt-get install -y chromium (oppure imposta CHROMIUM_PATH).`);
    return 1;
  }
  log('Installo chromium dai pacchetti Debian');
  const update = run('apt-get', ['update', '-qq']);
  if (update !== 0) return update;
  return run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
}
