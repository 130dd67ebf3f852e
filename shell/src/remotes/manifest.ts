/** The remotes manifest the server publishes: federation name → URL of that app's mf-manifest.json. */
export type RemotesManifest = Record<string, string>;

const REMOTES_MANIFEST_URL = '/remotes.json';

/**
 * Reads /remotes.json on every call, bypassing the HTTP cache: deploying a domain app elsewhere changes
 * this file, never the shell's build.
 */
export async function fetchRemotesManifest(): Promise<RemotesManifest> {
  const res = await fetch(REMOTES_MANIFEST_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`Manifest dei moduli non disponibile (HTTP ${res.status})`);
  return parseRemotesManifest(await res.json());
}

/** Keeps only well-formed entries, so one bad line cannot take down the others. */
export function parseRemotesManifest(raw: unknown): RemotesManifest {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('Manifest dei moduli non valido');
  const manifest: RemotesManifest = {};
  for (const [name, entry] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof entry === 'string' && entry.trim() !== '') manifest[name] = entry.trim();
  }
  return manifest;
}
