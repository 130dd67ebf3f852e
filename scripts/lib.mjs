// Bootstrap helpers for the README's two commands. Plain JavaScript on purpose: these run on a fresh
// machine before any dependency (TypeScript, tsx, pnpm) is installed.
import { spawnSync, execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Folders of the domain apps, from the one list in shared-api (a JSON file, readable before any install). */
export const DOMAIN_APPS = createRequire(import.meta.url)('../shared-api/src/domain-apps.json').map((app) => app.folder);
export const FRONT_ENDS = ['shell', ...DOMAIN_APPS];

export function log(msg) {
  console.log(`\x1b[36m▸ ${msg}\x1b[0m`);
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

export function runOrExit(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`✖ ${cmd} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

function hasCommand(cmd) {
  try {
    execSync(`${cmd} --version`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** pnpm: the one on PATH, else a global npm install, else a project-local copy in .tools/. */
export function ensurePnpm() {
  if (hasCommand('pnpm')) return 'pnpm';
  log('pnpm non trovato: lo installo con npm');
  if (spawnSync('npm', ['install', '-g', 'pnpm@12'], { stdio: 'inherit' }).status === 0 && hasCommand('pnpm')) return 'pnpm';
  const local = path.join(root, '.tools');
  mkdirSync(local, { recursive: true });
  runOrExit('npm', ['install', '--no-save', '--prefix', local, 'pnpm@12']);
  return path.join(local, 'node_modules', '.bin', 'pnpm');
}

export function install(pnpm) {
  log('Installazione delle dipendenze (pnpm install)');
  runOrExit(pnpm, ['install', '--frozen-lockfile', '--prefer-offline']);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('dist')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the front ends whose sources (or the shared packages and tooling) changed since their last build. */
export function buildFrontEnds(pnpm, { force = false } = {}) {
  const sharedMtime = Math.max(
    ...['shared-ui', 'shared-api', 'tooling'].map((d) => newestMtime(path.join(root, d))),
    statSync(path.join(root, 'pnpm-lock.yaml')).mtimeMs,
  );
  for (const app of FRONT_ENDS) {
    const stamp = path.join(root, app, 'dist', '.built');
    const fresh = !force && existsSync(stamp) && Number(readFileSync(stamp, 'utf8')) >= Math.max(sharedMtime, newestMtime(path.join(root, app)));
    if (fresh) continue;
    log(`Build di ${app}`);
    runOrExit(pnpm, ['--filter', app, 'build'], { env: { NODE_ENV: 'production' } });
    writeFileSync(stamp, String(Date.now()));
  }
}
