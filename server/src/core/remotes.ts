import fs from 'node:fs';
import path from 'node:path';
import { DOMAIN_APPS } from 'shared-api/domain-apps';

/** Each domain app (shared-api's one list) served at /apps/<folder>/, its manifest the default remote. */
export const DEFAULT_REMOTES: Record<string, string> = Object.fromEntries(
  DOMAIN_APPS.map(({ folder, federationName }) => [federationName, `/apps/${folder}/mf-manifest.json`]),
);

/** The cookie holding one browser's own remotes lines (DEV_OVERRIDE_ORIGINS; the platform domain reads it). */
export const DEV_OVERRIDE_COOKIE = 'mf_dev_override';

/**
 * Where the live set of domain apps comes from when no hand-written DATA_DIR/remotes.json overrides it: the platform
 * domain's live release (it registers itself as Services.remotesSource; core imports no domain). null: no release yet.
 */
export interface RemotesSource {
  liveRemotes(): Promise<Record<string, string> | null>;
  /**
   * One browser's own lines over the live set (a platform developer pointing their browser at a local build), read
   * from the request's cookies; null when none apply.
   */
  overrideFor?(cookieHeader: string | undefined): Promise<Record<string, string> | null>;
  /** The preview release's lines when the request's signed-in user is in its audience (issue 29); null otherwise. */
  previewFor?(cookieHeader: string | undefined): Promise<Record<string, string> | null>;
  /**
   * After a /remotes.json answer: records which release and versions the request's signed-in session was served
   * (issue 40: an error report counts only for a version its session was served). Not called for the page's headers.
   */
  recordServed?(cookieHeader: string | undefined, remotes: Record<string, string>): Promise<void>;
}

/**
 * The remotes manifest (federation name → mf-manifest.json URL), read on every call: DATA_DIR/remotes.json when it
 * exists (a hand-written override, docs/deploy.md), else the live release, else the built-in map; then the preview
 * release's lines for a member of its audience, then a developer's own lines. An app the live
 * release does not list keeps its built-in line.
 */
export async function readRemotes(dataDir: string, source?: RemotesSource, cookieHeader?: string): Promise<Record<string, string>> {
  return (await readRemotesFor(dataDir, source, cookieHeader)).remotes;
}

/**
 * readRemotes, and whether the answer is this visitor's own (a preview's or a developer's lines changed it) rather
 * than the set everyone gets: the service worker keeps only the latter (issue 40), so it never answers one member's
 * /remotes.json with a copy filled for another.
 */
export async function readRemotesFor(
  dataDir: string,
  source?: RemotesSource,
  cookieHeader?: string,
): Promise<{ remotes: Record<string, string>; personal: boolean }> {
  const base = await sharedRemotes(dataDir, source);
  const preview = cookieHeader ? await source?.previewFor?.(cookieHeader) : null;
  const own = cookieHeader ? await source?.overrideFor?.(cookieHeader) : null;
  const remotes = { ...base, ...preview, ...own };
  const personal = Object.entries(remotes).some(([name, url]) => base[name] !== url);
  return { remotes, personal };
}

/** The header saying whether a /remotes.json answer is the set everyone gets ('1') or this visitor's own ('0'). */
export const REMOTES_SHARED_HEADER = 'x-remotes-shared';

async function sharedRemotes(dataDir: string, source?: RemotesSource): Promise<Record<string, string>> {
  const file = path.join(dataDir, 'remotes.json');
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const live = await source?.liveRemotes();
    return live ? { ...DEFAULT_REMOTES, ...live } : DEFAULT_REMOTES;
  }
  try {
    return JSON.parse(text) as Record<string, string>;
  } catch {
    throw new Error(`${file} non è un JSON valido`);
  }
}

const SAME_ORIGIN = 'http://same-origin.invalid';

/** The origins of the domain apps served elsewhere (absolute URLs in the manifest); relative ones are this origin. */
export function remoteOriginsOf(remotes: Record<string, unknown>): string[] {
  const origins = new Set<string>();
  for (const value of Object.values(remotes)) {
    if (typeof value !== 'string') continue;
    try {
      const url = new URL(value, SAME_ORIGIN);
      if (url.origin !== SAME_ORIGIN && (url.protocol === 'http:' || url.protocol === 'https:')) origins.add(url.origin);
    } catch {
      /* not a URL: nothing to allow */
    }
  }
  return [...origins].sort();
}
