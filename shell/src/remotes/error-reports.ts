/**
 * Errors of the domain apps seen in this browser, reported to the platform (issue 29): a load failure, a render error
 * the section's boundary caught, an unhandled rejection while a domain route is open. Each goes to
 * POST /platform/client-errors with the app's folder and the version this page runs (from its manifest address), for
 * signed-in users only; the same failure is sent once per page. A report that fails is dropped: reporting must never
 * break the page it reports on.
 */
import { api, CLIENT_ERROR_LIMITS, type ClientErrorKind, DOMAIN_APPS, useAuthStore } from 'shared-api';
import { attemptedEntryOf, loadedEntryOf } from './loaded-entries';
import type { RemoteName } from './names';

const sent = new Set<string>();

/** The version in a release's manifest address (/releases/<folder>/<version>/mf-manifest.json); 'locale' for a local build. */
export function versionOfEntry(entry: string | null): string {
  const match = entry ? /\/([^/]+)\/mf-manifest\.json(?:[?#].*)?$/.exec(entry) : null;
  if (!entry || !match?.[1]) return 'sconosciuta';
  return entry.includes('/apps/') ? 'locale' : match[1];
}

export function reportClientError(remote: RemoteName, kind: ClientErrorKind, error: unknown): void {
  if (useAuthStore.getState().status !== 'authenticated') return;
  const app = DOMAIN_APPS.find((a) => a.federationName === remote)?.folder;
  if (!app) return;
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, CLIENT_ERROR_LIMITS.message) || kind;
  const key = `${app} ${kind} ${message}`;
  if (sent.has(key)) return;
  sent.add(key);
  const body = {
    app,
    version: versionOfEntry(loadedEntryOf(remote) ?? attemptedEntryOf(remote)).slice(0, CLIENT_ERROR_LIMITS.version),
    route: window.location.pathname.slice(0, CLIENT_ERROR_LIMITS.route),
    kind,
    message,
  };
  api.post('/platform/client-errors', body).catch(() => undefined);
}

/** Tests start from a page that reported nothing. */
export function forgetReportedErrors(): void {
  sent.clear();
}
