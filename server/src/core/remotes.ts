import fs from 'node:fs';
import path from 'node:path';

/** Folder → federation name of the five domain apps, served at /apps/<folder>/. */
export const DOMAIN_APPS: Record<string, string> = {
  'mf-booking': 'mf_booking',
  'mf-registry': 'mf_registry',
  'mf-certificates': 'mf_certificates',
  'mf-storage': 'mf_storage',
  'mf-finance': 'mf_finance',
};

export const DEFAULT_REMOTES: Record<string, string> = Object.fromEntries(
  Object.entries(DOMAIN_APPS).map(([folder, name]) => [name, `/apps/${folder}/mf-manifest.json`]),
);

/**
 * The remotes manifest (federation name → mf-manifest.json URL): DATA_DIR/remotes.json when it exists, else the
 * built-in map. Read on every call, so changing one line of the file redeploys one domain app (docs/deploy.md).
 */
export async function readRemotes(dataDir: string): Promise<Record<string, string>> {
  const file = path.join(dataDir, 'remotes.json');
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_REMOTES;
    throw err;
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
