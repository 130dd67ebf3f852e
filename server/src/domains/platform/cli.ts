/**
 * The platform's two commands (docs/deploy.md "Releases"):
 *
 *   publish <folder> <distDir>   copies a build into the releases root as <folder>/<version>/ (what each app's
 *                                `pnpm release` runs after building: scripts/release.mjs); an existing version is refused.
 *   compose versions             every published version (through the API)
 *   compose releases             the history, the live one marked
 *   compose set app=version … [--dry-run]   checks the whole set and makes it live
 *   compose rollback [--note "…"]           the release before the live one, live again
 *   compose prune --keep N                  removes the versions the last N releases do not use (never the live,
 *                                           preview or previous release's); prints them and the bytes freed
 *
 * `publish` writes the releases root directly (RELEASES_DIR, or DATA_DIR/releases): it needs no server, like an
 * upload to a CDN. With PORTAL_URL set it publishes through that portal's API instead (POST /api/v1/platform/versions,
 * the build sent as a .tar.gz), so a portal on another machine gets the version and refuses an existing one itself.
 * `compose` talks to a running portal's API, so its checks, lock and history are the server's:
 * PORTAL_URL (default http://localhost:8080), PLATFORM_EMAIL and PLATFORM_PASSWORD of a user holding '*'.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { loadCoreConfig } from '../../core/config';
import { VersionExistsError, publishVersion, versionOf } from './releases-root';
import { readPackageVersion } from './local-builds';

class CommandError extends Error {}

/** The build sent to the portal's API: its files (the build stamp left out) as a .tar.gz, the version computed here too. */
async function publishThroughApi(folder: string, distDir: string, packageVersion: string): Promise<void> {
  const version = versionOf(distDir, packageVersion);
  const request = await api();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
  try {
    const archive = path.join(work, `${folder}-${version}.tar.gz`);
    await tar.c({ gzip: true, cwd: distDir, file: archive, portable: true, filter: (p) => path.basename(p) !== '.built' }, ['.']);
    const body = new FormData();
    body.append('app', folder);
    body.append('packageVersion', packageVersion);
    body.append('version', version);
    body.append('archive', new Blob([new Uint8Array(fs.readFileSync(archive))], { type: 'application/gzip' }), path.basename(archive));
    const res = await request('POST', '/api/v1/platform/versions', body);
    failOn(res);
    console.log(`Pubblicata ${folder} ${version} su ${portalUrl()}`);
    console.log(`Per metterla in linea: pnpm compose set ${folder}=${version}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function publish([folder, distDir]: string[]): Promise<void> {
  if (!folder || !distDir) throw new CommandError('Uso: publish <cartella app> <cartella della build>');
  const appDir = path.resolve(distDir, '..');
  if (process.env.PORTAL_URL) return publishThroughApi(folder, path.resolve(distDir), readPackageVersion(appDir));
  const { releasesDir } = loadCoreConfig();
  try {
    const info = publishVersion({
      releasesDir,
      app: folder,
      distDir: path.resolve(distDir),
      packageVersion: readPackageVersion(appDir),
      publishedBy: process.env.RELEASE_PUBLISHER ?? process.env.USER ?? null,
    });
    console.log(`Pubblicata ${folder} ${info.version} in ${path.join(releasesDir, folder, info.version)}`);
    console.log(`Per metterla in linea: pnpm compose set ${folder}=${info.version}`);
  } catch (err) {
    if (err instanceof VersionExistsError) throw new CommandError(err.message);
    throw err;
  }
}

interface Answer {
  status: number;
  body: unknown;
}

const portalUrl = () => (process.env.PORTAL_URL ?? 'http://localhost:8080').replace(/\/+$/, '');

async function api(): Promise<(method: string, url: string, body?: unknown) => Promise<Answer>> {
  const base = portalUrl();
  const email = process.env.PLATFORM_EMAIL;
  const password = process.env.PLATFORM_PASSWORD;
  if (!email || !password) throw new CommandError("Imposta PLATFORM_EMAIL e PLATFORM_PASSWORD (un utente con il permesso '*')");
  let cookie = '';
  const request = async (method: string, url: string, body?: unknown): Promise<Answer> => {
    // A FormData body (the build archive) sets its own multipart content type.
    const form = body instanceof FormData;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie?.startsWith('sid=')) cookie = setCookie.replace(/;.*$/, '');
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  };
  const login = await request('POST', '/api/v1/auth/login', { email, password });
  if (login.status !== 200) throw new CommandError(`Accesso a ${base} non riuscito (${login.status}): ${JSON.stringify(login.body)}`);
  return request;
}

interface ReleaseView {
  number: number | null;
  apps: Record<string, string>;
  kind: string;
  live: boolean;
  createdAt: string;
  createdBy: { name: string } | null;
  restores: number | null;
  note: string | null;
}

const describeRelease = (r: ReleaseView) =>
  `${r.live ? '*' : ' '} ${r.number ?? '(prova)'}  ${r.createdAt}  ${r.kind}${r.restores ? ` → ${r.restores}` : ''}  ${r.createdBy?.name ?? 'sistema'}${r.note ? `  «${r.note}»` : ''}\n${Object.entries(
    r.apps,
  )
    .map(([app, version]) => `      ${app} ${version}`)
    .join('\n')}`;

function failOn(answer: Answer): void {
  if (answer.status < 300) return;
  const body = answer.body as { message?: string; reasons?: { message: string }[] };
  const lines = body.reasons?.map((r) => `  - ${r.message}`) ?? [];
  throw new CommandError([`Rifiutato (${answer.status}): ${body.message ?? JSON.stringify(body)}`, ...lines].join('\n'));
}

const formatBytes = (bytes: number) =>
  new Intl.NumberFormat('it-IT', { style: 'unit', unit: bytes >= 1024 * 1024 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
    bytes / (bytes >= 1024 * 1024 ? 1024 * 1024 : 1024),
  );

/** Options of `compose` that take a value. */
const VALUED = ['--rollout', '--hold', '--min-sessions', '--reason'];
const option = (args: string[], name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

async function compose([command, ...args]: string[]): Promise<void> {
  const request = await api();
  switch (command) {
    case 'versions': {
      const res = await request('GET', '/api/v1/platform/versions');
      failOn(res);
      const { data } = res.body as {
        data: { app: string; version: string; publishedAt: string | null; exposes: string[] | null; problem: string | null }[];
      };
      for (const v of data) console.log(`${v.app} ${v.version}  ${v.publishedAt ?? ''}  ${v.problem ?? (v.exposes ?? []).join(',')}`);
      return;
    }
    case 'releases': {
      const res = await request('GET', '/api/v1/platform/releases');
      failOn(res);
      for (const r of (res.body as { data: ReleaseView[] }).data) console.log(describeRelease(r));
      return;
    }
    case 'set': {
      const dryRun = args.includes('--dry-run');
      // A progressive rollout (issue 40): --rollout 5,25,50,100 [--hold minutes] [--min-sessions n].
      const steps = option(args, '--rollout');
      const rollout = steps
        ? {
            steps: steps.split(',').map(Number),
            holdMinutes: Number(option(args, '--hold') ?? 60),
            minSessions: Number(option(args, '--min-sessions') ?? 100),
          }
        : undefined;
      const apps = Object.fromEntries(
        args
          .filter((a, i) => a !== '--dry-run' && !VALUED.includes(a) && !VALUED.includes(args[i - 1] ?? ''))
          .map((a) => {
            const [app, version] = a.split('=');
            if (!app || !version) throw new CommandError(`Atteso app=versione, trovato "${a}"`);
            return [app, version];
          }),
      );
      const res = await request('POST', '/api/v1/platform/releases', { apps, dryRun, ...(rollout ? { rollout } : {}) });
      failOn(res);
      const body = res.body as { release: ReleaseView; health: { ok: boolean; reason: string | null } | null; rolledBackTo: ReleaseView | null };
      const what = rollout ? `In distribuzione progressiva (${rollout.steps.join(' → ')} %):` : 'Release in linea:';
      console.log(dryRun ? 'Controllo superato (prova: nulla è cambiato):' : what);
      console.log(describeRelease(body.release));
      if (body.rolledBackTo) {
        throw new CommandError(
          `Il controllo dopo il passaggio non è riuscito (${body.health?.reason}): ripristinata la release ${body.rolledBackTo.number}`,
        );
      }
      return;
    }
    case 'rollback': {
      const noteAt = args.indexOf('--note');
      const note = noteAt >= 0 ? args[noteAt + 1] : undefined;
      const res = await request('POST', '/api/v1/platform/releases/rollback', note ? { note } : {});
      failOn(res);
      console.log('Di nuovo in linea:');
      console.log(describeRelease(res.body as ReleaseView));
      return;
    }
    case 'prune': {
      const keepAt = args.indexOf('--keep');
      const keep = keepAt >= 0 ? Number(args[keepAt + 1]) : NaN;
      if (!Number.isInteger(keep) || keep < 1) throw new CommandError('Uso: compose prune --keep N (N ≥ 1: le release di cui tenere le versioni)');
      const res = await request('POST', '/api/v1/platform/versions/prune', { keep });
      failOn(res);
      const { removed, bytesFreed } = res.body as { removed: { app: string; version: string; bytes: number }[]; bytesFreed: number };
      for (const r of removed) console.log(`Rimossa ${r.app} ${r.version}  (${formatBytes(r.bytes)})`);
      console.log(
        removed.length === 0 ? 'Nessuna versione da rimuovere.' : `${removed.length} versioni rimosse, ${formatBytes(bytesFreed)} liberati.`,
      );
      return;
    }
    case 'pause':
    case 'resume':
    case 'advance':
    case 'abort': {
      const n = Number(args[0]);
      if (!Number.isInteger(n) || n < 1) throw new CommandError(`Uso: compose ${command} N [--reason "…"]`);
      const reason = option(args, '--reason');
      const res = await request('POST', `/api/v1/platform/releases/${n}/${command}`, reason ? { reason } : {});
      failOn(res);
      const r = res.body as ReleaseView & { rollout?: { percent: number; pausedAt: string | null } | null; withdrawnAt?: string | null };
      const state = r.withdrawnAt
        ? 'interrotta'
        : r.live
          ? 'in linea per tutti'
          : `al ${r.rollout?.percent ?? '?'} %${r.rollout?.pausedAt ? ', sospesa' : ''}`;
      console.log(`Release ${r.number}: ${state}`);
      return;
    }
    default:
      throw new CommandError(
        'Uso: compose versions | releases | set app=versione … [--dry-run] [--rollout 5,25,50,100 --hold M --min-sessions N] | pause|resume|advance|abort N [--reason "…"] | rollback [--note "…"] | prune --keep N',
      );
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'publish') return publish(rest);
  if (command === 'compose') return compose(rest);
  throw new CommandError('Uso: cli.ts publish <app> <dist> | compose …');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof CommandError ? `✖ ${err.message}` : err);
  process.exit(1);
});
