/**
 * The only module that talks to the Module Federation runtime. Tests mock it: jest cannot resolve
 * federated imports.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { DomainRoutes } from 'shared-ui';
import { fetchRemotesManifest, type RemotesManifest } from './manifest';
import type { RemoteName } from './names';

export function registerManifest(manifest: RemotesManifest): void {
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
}

/**
 * Loads a domain app's './routes'. Attempt 0 uses what was registered at start-up. A later attempt is a
 * real retry: the runtime keeps a failed manifest or entry load cached, so the manifest is read again and
 * the remote re-registered with force, which drops those caches before loading afresh.
 */
export async function loadDomainRoutes(remote: RemoteName, attempt: number): Promise<DomainRoutes> {
  if (attempt > 0) {
    const entry = (await fetchRemotesManifest())[remote];
    if (!entry) throw new Error(`${remote} non è elencato in /remotes.json`);
    registerRemotes([{ name: remote, entry }], { force: true });
  }
  const mod = await loadRemote<{ default?: DomainRoutes }>(`${remote}/routes`);
  if (!mod?.default) throw new Error(`${remote}/routes non ha esposto le sue pagine`);
  return mod.default;
}
