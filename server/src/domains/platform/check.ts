/**
 * The whole-set check a candidate release passes before it goes live: every domain app present with a published
 * version; each manifest declares what it shares and exposes; './routes' is exposed; each shared singleton's
 * required range accepts the version the live shell provides; the remote entry is reachable.
 */
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { SLOT_NAMES, type ReleaseReason } from 'shared-api/contract';
import { type PublishedVersion, readVersion, versionFileExists } from './releases-root';

/** The singletons every domain app must take from the shell (DESIGN §1). */
export const REQUIRED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  'react-toastify',
  'shared-ui',
  'shared-api',
] as const;
export const REQUIRED_EXPOSE = './routes';
/** What the shell's build writes beside its index.html (tooling/rspack.ts PROVIDES_FILE). */
export const SHELL_PROVIDES_FILE = 'provides.json';

export interface ShellProvides {
  shared: Record<string, string>;
}

/** What the live shell provides, from its build; null when the build does not say. */
export function readShellProvides(staticRoot: string): ShellProvides | null {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(staticRoot, 'shell', 'dist', SHELL_PROVIDES_FILE), 'utf8')) as { shared?: unknown };
    if (!raw.shared || typeof raw.shared !== 'object') return null;
    return { shared: raw.shared as Record<string, string> };
  } catch {
    return null;
  }
}

export interface DomainAppRef {
  folder: string;
  federationName: string;
}

export interface CheckInput {
  candidate: Record<string, string>;
  apps: readonly DomainAppRef[];
  releasesDir: string;
  /** The releases root's public address: a relative one is this server's folder, an absolute one is fetched. */
  releasesUrl: string;
  provides: ShellProvides | null;
  /** Apps to check (the ones whose version changes); every app of the set when omitted. */
  only?: ReadonlySet<string>;
}

async function reachable(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Every reason the candidate cannot go live; empty when it can. */
export async function checkRelease({ candidate, apps, releasesDir, releasesUrl, provides, only }: CheckInput): Promise<ReleaseReason[]> {
  const reasons: ReleaseReason[] = [];
  const known = new Set(apps.map((a) => a.folder));
  for (const app of Object.keys(candidate)) {
    if (!known.has(app))
      reasons.push({
        app,
        version: candidate[app] ?? null,
        dependency: null,
        required: null,
        provided: null,
        message: `${app}: non è un'app di dominio del portale`,
      });
  }
  if (!provides) {
    reasons.push({
      app: 'shell',
      version: null,
      dependency: null,
      required: null,
      provided: null,
      message: `shell: la build della shell non dichiara cosa fornisce (${SHELL_PROVIDES_FILE} mancante): ricostruisci la shell`,
    });
  }
  for (const { folder, federationName } of apps) {
    const version = candidate[folder];
    if (!version) {
      reasons.push({
        app: folder,
        version: null,
        dependency: null,
        required: null,
        provided: null,
        message: `${folder}: nessuna versione indicata (ogni app di dominio fa parte della release)`,
      });
      continue;
    }
    if (only && !only.has(folder)) continue;
    const found = readVersion(releasesDir, folder, version);
    const reason = (message: string, extra: Partial<ReleaseReason> = {}) =>
      reasons.push({ app: folder, version, dependency: null, required: null, provided: null, ...extra, message: `${folder} ${version}: ${message}` });
    if (!found) {
      reason('versione non pubblicata');
      continue;
    }
    if (found.problem) {
      reason(found.problem);
      continue;
    }
    checkManifest(found, federationName, provides, reason);
    const entry = found.remoteEntry;
    if (entry) {
      const ok = /^https?:\/\//.test(releasesUrl)
        ? await reachable(`${releasesUrl}/${folder}/${version}/${entry.path}`)
        : versionFileExists(releasesDir, folder, version, entry.path);
      if (!ok) reason(`il remote entry ${entry.path} non è raggiungibile`);
    }
  }
  return reasons;
}

function checkManifest(
  found: PublishedVersion,
  federationName: string,
  provides: ShellProvides | null,
  reason: (message: string, extra?: Partial<ReleaseReason>) => void,
): void {
  if (found.name !== federationName) reason(`il manifest si chiama ${found.name ?? '(senza nome)'}, atteso ${federationName}`);
  if (!found.remoteEntry) reason('il manifest non indica il remote entry');
  if (!found.exposes) reason('il manifest non dichiara cosa espone (exposes)');
  else if (!found.exposes.includes(REQUIRED_EXPOSE)) reason(`non espone '${REQUIRED_EXPOSE}'`, { dependency: REQUIRED_EXPOSE });
  if (!found.shared) {
    reason('il manifest non dichiara i moduli condivisi (shared)');
    return;
  }
  if (!provides) return;
  for (const dependency of REQUIRED_SINGLETONS) {
    const provided = provides.shared[dependency] ?? null;
    const required = found.shared[dependency] ?? null;
    if (!required) {
      reason(`non condivide ${dependency} (la shell fornisce ${provided ?? 'nessuna versione'}): ne caricherebbe una propria copia`, {
        dependency,
        provided,
      });
    } else if (!provided) {
      reason(`richiede ${dependency} ${required}, la shell non lo fornisce`, { dependency, required });
    } else if (!semver.satisfies(provided, required, { includePrerelease: true })) {
      reason(`richiede ${dependency} ${required}, la shell fornisce ${provided}`, { dependency, required, provided });
    }
  }
}

/**
 * The slots (shell pages' blocks, SLOT_NAMES) the live set offered and `candidate` drops, each as a warning: the check
 * lets the set go live (a team may retire a block on purpose) and the console shows them before 'Metti in linea'.
 */
export function droppedSlots(candidate: Record<string, string>, live: Record<string, string> | null, releasesDir: string): string[] {
  const warnings: string[] = [];
  for (const [folder, version] of Object.entries(candidate)) {
    const before = live?.[folder];
    if (!before || before === version) continue;
    const offered = readVersion(releasesDir, folder, before)?.exposes ?? [];
    const offers = readVersion(releasesDir, folder, version)?.exposes ?? [];
    for (const slot of SLOT_NAMES) {
      if (offered.includes(`./${slot}`) && !offers.includes(`./${slot}`))
        warnings.push(`${folder} ${version}: non offre più lo slot '${slot}' che ${before} offriva, i suoi blocchi spariscono da quella pagina`);
    }
  }
  return warnings;
}
