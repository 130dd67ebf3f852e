/**
 * The only module the rest of the shell uses to reach the domain apps. The federation runtime behind it
 * (./federation) is a separate chunk fetched on the first domain page, so the public pages never download it.
 * Tests mock this module: jest cannot resolve federated imports.
 */
import type { ComponentType } from 'react';
import type { DomainRoutes, SlotEntries, SlotName } from 'shared-ui';
import { recordAttemptedEntry, recordLoadedEntry } from './loaded-entries';
import type { RemoteName } from './names';

let federation: Promise<typeof import('./federation')> | null = null;

async function runtime(): Promise<typeof import('./federation')> {
  federation ??= import(/* webpackChunkName: "federation" */ './federation');
  try {
    return await federation;
  } catch (err) {
    // A failed chunk download is not remembered: 'Riprova' fetches it again.
    federation = null;
    throw err;
  }
}

/** Loads a domain app's './routes' (attempt > 0: a real retry, see ./federation). */
export async function loadDomainRoutes(remote: RemoteName, attempt: number): Promise<DomainRoutes> {
  const loaded = await runtime();
  let routes: DomainRoutes;
  try {
    routes = await loaded.loadRoutes(remote, attempt);
  } finally {
    // The version this attempt reached for, loaded or not (an error report names it).
    const attempted = loaded.entryOf(remote);
    if (attempted) recordAttemptedEntry(remote, attempted);
  }
  // What this page runs: the update offer compares it with /remotes.json (./updates).
  const entry = loaded.entryOf(remote);
  if (entry) recordLoadedEntry(remote, entry);
  return routes;
}

/**
 * Loads a component a domain app exposes as `./{exposed}` (e.g. mf_certificates' './profile-card'), for the shell to
 * render inside one of its own pages (attempt > 0: a real retry).
 */
export async function loadRemoteComponent<P extends object>(remote: RemoteName, exposed: string, attempt: number): Promise<ComponentType<P>> {
  const loaded = await (await runtime()).loadExposed(remote, exposed, attempt);
  if (typeof loaded !== 'function' && (typeof loaded !== 'object' || loaded === null)) throw new Error(`${remote}/${exposed} non è un componente`);
  return loaded as ComponentType<P>;
}

/** The apps of the composed set that offer `slot` (their manifest exposes './{slot}'). */
export async function loadSlotOfferers(slot: SlotName): Promise<RemoteName[]> {
  return (await runtime()).slotOfferers(slot);
}

/** What `remote` contributes to `slot`: its './{slot}' module's entries (attempt > 0: a real retry). */
export async function loadSlot<N extends SlotName>(remote: RemoteName, slot: N, attempt: number): Promise<SlotEntries<N>> {
  const loaded = await (await runtime()).loadExposed(remote, slot, attempt);
  if (!Array.isArray(loaded)) throw new Error(`${remote}/${slot} non è un elenco di blocchi`);
  const entry = (await runtime()).entryOf(remote);
  if (entry) recordLoadedEntry(remote, entry);
  return loaded as SlotEntries<N>;
}
