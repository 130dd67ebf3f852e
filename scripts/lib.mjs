// Bootstrap helpers for the README's two commands. Plain JavaScript on purpose: these run on a fresh
// machine before any dependency (TypeScript, tsx, pnpm) is installed.
import { spawn, spawnSync, execSync } from 'node:child_process';
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

/** `run` without blocking: the same command and output, answering its exit status once it ends. */
export function runAsync(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
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

/**
 * Dependencies whose `engines` ask for Node 22 but that this project runs and tests on Node 20 (the whole suite runs
 * on Node 20): msw's command-line prompt (@inquirer/*, mute-stream; msw/node never loads it), cookie and
 * content-disposition (fastify's, see STACK-NOTES), @testing-library/jest-dom and unpdf. pnpm's install ends with a
 * red line about them; the README says Node 20 is enough, so `install` leaves that line out while these are the only
 * ones (issue 44 item 8). Any other package wanting a newer Node still gets pnpm's line.
 */
export const KNOWN_ON_NODE_20 = [
  '@inquirer/ansi',
  '@inquirer/confirm',
  '@inquirer/core',
  '@inquirer/figures',
  '@inquirer/type',
  'mute-stream',
  'cookie',
  'content-disposition',
  '@testing-library/jest-dom',
  'unpdf',
];

/** pnpm's line about installed packages that want another Node.js ('✗ 10 packages want Node.js …'). */
export const ENGINES_LINE = /\bpackages? wants? Node\.js\b/;

/** The packages `pnpm audit engines` names, one a line ('<name> <version>  wants Node.js …'). */
export function enginesAuditNames(output) {
  return output
    .split('\n')
    .map((line) => /^(\S+) \S+ +wants /.exec(line.trim())?.[1])
    .filter(Boolean);
}

/** Copies a child's stream to ours line by line, keeping back the lines `hold` picks; answers those lines. */
function relay(stream, out, hold) {
  const held = [];
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (hold(line)) held.push(line);
      else out.write(`${line}\n`);
    }
  });
  stream.on('end', () => {
    if (!rest) return;
    if (hold(rest)) held.push(rest);
    else out.write(rest);
  });
  return held;
}

export async function install(pnpm) {
  log('Installazione delle dipendenze (pnpm install)');
  const child = spawn(pnpm, ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: root, stdio: ['inherit', 'pipe', 'pipe'] });
  const held = [relay(child.stdout, process.stdout, (l) => ENGINES_LINE.test(l)), relay(child.stderr, process.stderr, (l) => ENGINES_LINE.test(l))];
  const status = await new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
  const lines = held.flat();
  if (lines.length) {
    const audit = spawnSync(pnpm, ['audit', 'engines'], { cwd: root, encoding: 'utf8' });
    const unknown = enginesAuditNames(audit.stdout ?? '').filter((name) => !KNOWN_ON_NODE_20.includes(name));
    if (unknown.length || !enginesAuditNames(audit.stdout ?? '').length) for (const line of lines) console.log(line);
  }
  if (status !== 0) {
    console.error(`✖ ${pnpm} install failed (exit ${status})`);
    process.exit(status);
  }
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

/** The newest change to the shared packages, the front ends' tooling and the lockfile: every build depends on them. */
function sharedMtime() {
  return Math.max(
    ...['shared-ui', 'shared-api', 'tooling'].map((d) => newestMtime(path.join(root, d))),
    statSync(path.join(root, 'pnpm-lock.yaml')).mtimeMs,
  );
}

/** Runs `pnpm --filter <pkg> build` unless <pkg>/dist/.built is newer than every source it depends on. */
function buildIfStale(pnpm, pkg, sourcesMtime, { force, env }) {
  const stamp = path.join(root, pkg, 'dist', '.built');
  if (!force && existsSync(stamp) && Number(readFileSync(stamp, 'utf8')) >= sourcesMtime) return;
  log(`Build di ${pkg}`);
  const startedAt = Date.now();
  runOrExit(pnpm, ['--filter', pkg, 'build'], { env });
  writeFileSync(stamp, String(startedAt));
}

/** Builds the front ends whose sources (or the shared packages and tooling) changed since their last build. */
export function buildFrontEnds(pnpm, { force = false } = {}) {
  const shared = sharedMtime();
  for (const app of FRONT_ENDS) {
    buildIfStale(pnpm, app, Math.max(shared, newestMtime(path.join(root, app))), { force, env: { NODE_ENV: 'production' } });
  }
}

/**
 * Builds the server (server/build.mjs: esbuild, into server/dist) when its sources, shared-api's or the lockfile
 * changed since its last build. npm start runs `node --enable-source-maps server/dist/main.js`.
 */
export function buildServer(pnpm, { force = false } = {}) {
  const sources = Math.max(
    newestMtime(path.join(root, 'server')),
    newestMtime(path.join(root, 'shared-api')),
    statSync(path.join(root, 'pnpm-lock.yaml')).mtimeMs,
  );
  buildIfStale(pnpm, 'server', sources, { force });
}
