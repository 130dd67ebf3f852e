/**
 * Registers the portal's service worker (public/sw.js, issue 28: installable, usable offline) after the first paint, so
 * it never competes with the page's own first load; production builds only (the dev server rebuilds everything).
 * Once the worker is ready, the page tells it which of this origin's files it loaded before the worker controlled it
 * (the first visit), so the shell and the current release's assets are kept from that visit on.
 */
import { afterFirstPaint } from '../first-paint';

export const SERVICE_WORKER_URL = '/sw.js';

/** This origin's files the page has loaded (API calls excluded): the shell page itself, its scripts and styles. */
export function loadedFiles(origin: string, pathname: string, resources: readonly string[]): string[] {
  const files = resources.filter((href) => {
    try {
      const url = new URL(href);
      return url.origin === origin && !url.pathname.startsWith('/api/');
    } catch {
      return false;
    }
  });
  // Every client-side route is index.html, kept as '/'; /login is its own page.
  files.push(`${origin}${pathname === '/login' ? '/login' : '/'}`);
  return [...new Set(files)];
}

function tellLoaded(worker: ServiceWorker | null | undefined): void {
  if (!worker) return;
  const resources = performance.getEntriesByType('resource').map((entry) => entry.name);
  worker.postMessage({ type: 'keep-loaded', urls: loadedFiles(window.location.origin, window.location.pathname, resources) });
}

export function registerServiceWorkerAfterPaint(): void {
  // Not in the server's headless check of a new release (/__release-check): it is no visit of a person.
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator) || window.location.pathname === '/__release-check') return;
  afterFirstPaint(() => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL)
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => tellLoaded(registration.active))
      .catch((err: unknown) => console.warn('[shell] service worker non registrato', err));
  });
}
