import type { RemoteName } from './names';

/** The manifest URL each domain app was loaded from in this page (what /remotes.json said then). */
const loaded = new Map<RemoteName, string>();
/** The manifest URL a load of each domain app was attempted with (a failed load reports that version). */
const attempted = new Map<RemoteName, string>();

export function recordLoadedEntry(remote: RemoteName, entry: string): void {
  loaded.set(remote, entry);
}

export function loadedEntryOf(remote: RemoteName): string | null {
  return loaded.get(remote) ?? null;
}

/** Tests start from a cold page. */
export function forgetLoadedEntries(): void {
  loaded.clear();
  attempted.clear();
}

export function recordAttemptedEntry(remote: RemoteName, entry: string): void {
  attempted.set(remote, entry);
}

export function attemptedEntryOf(remote: RemoteName): string | null {
  return attempted.get(remote) ?? null;
}
