/**
 * The only module the rest of the shell uses to reach the domain apps. The federation runtime behind it
 * (./federation) is a separate chunk fetched on the first domain page, so the public pages never download it.
 * Tests mock this module: jest cannot resolve federated imports.
 */
import type { DomainRoutes } from 'shared-ui';
import { recordLoadedEntry } from './loaded-entries';
import type { RemoteName } from './names';

let federation: Promise<typeof import('./federation')> | null = null;

/** Loads a domain app's './routes' (attempt > 0: a real retry, see ./federation). */
export async function loadDomainRoutes(remote: RemoteName, attempt: number): Promise<DomainRoutes> {
  federation ??= import(/* webpackChunkName: "federation" */ './federation');
  let runtime: typeof import('./federation');
  try {
    runtime = await federation;
  } catch (err) {
    // A failed chunk download is not remembered: 'Riprova' fetches it again.
    federation = null;
    throw err;
  }
  const { routes, entry } = await runtime.loadRoutes(remote, attempt);
  // What this page runs: the update offer compares it with /remotes.json (./updates).
  if (entry) recordLoadedEntry(remote, entry);
  return routes;
}
