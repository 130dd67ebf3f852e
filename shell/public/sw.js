/**
 * The portal's service worker (issue 28, installable and usable offline). Hand-written and small on purpose: it
 * costs the pages nothing (the shell registers it after the first paint) and does only this:
 * - caches the shell (its pages and assets at the root) and the current release's assets (the domain apps under
 *   /apps/ and /releases/, /remotes.json); hashed files are immutable, the rest is asked from the network first;
 * - a new release replaces its cache: when /remotes.json answers differently from the copy kept, the release cache is
 *   emptied before the page reads it (the open tab's update offer then reloads onto the new versions); a new shell
 *   (index.html changed) likewise empties the shell cache;
 * - offline, a navigation gets the Italian page offline.html, except the pages that work offline (Le mie
 *   prenotazioni, which shows its last answer kept for the signed-in user) which get the cached shell;
 * - NEVER caches an API answer: /api/ passes through untouched, so nothing of one user can be served to another; nor
 *   a /remotes.json answer that is one member's own (x-remotes-shared: 0, issue 40).
 */
const SHELL_CACHE = 'portal-shell';
const RELEASE_CACHE = 'portal-release';
const OFFLINE_PAGE = '/offline.html';
const SHELL_PAGE = '/';
/** What the worker keeps from its installation on: the offline page and what it shows. */
const PRECACHE = [OFFLINE_PAGE, '/icon-192.png', '/manifest.webmanifest'];
/** Pages that work offline: the cached shell opens them. */
const OFFLINE_PAGES = ['/user/bookings'];
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|mjs)$/;
const REMOTES = '/remotes.json';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Root files are the shell's; anything deeper (/apps/<app>/…, /releases/<app>/<version>/…) is a release's. */
const cacheOf = (pathname) => (pathname.split('/').length > 2 ? RELEASE_CACHE : SHELL_CACHE);

async function sameText(cache, key, response) {
  const kept = await cache.match(key);
  return kept ? (await kept.text()) === (await response.clone().text()) : false;
}

/** Network first; a successful answer is kept (in `cacheName` under `key`), the kept one answers when the network fails. */
async function networkFirst(request, cacheName, key) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (err) {
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept) return kept;
    throw err;
  }
}

/** Hashed files and published versions never change: the kept copy answers, the network only once. */
async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function navigation(request, url) {
  const isLogin = url.pathname === '/login';
  const cache = await caches.open(SHELL_CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch {
    const shell = OFFLINE_PAGES.includes(url.pathname) ? await cache.match(SHELL_PAGE, { ignoreVary: true }) : undefined;
    return shell ?? (await cache.match(OFFLINE_PAGE, { ignoreVary: true })) ?? Response.error();
  }
  const isPage = response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html');
  if (!isPage) return response;
  // Every client-side route answers the same index.html (/login its own pre-rendered page): kept under one key.
  const key = isLogin ? '/login' : SHELL_PAGE;
  if (!isLogin && (await cache.match(SHELL_PAGE)) && !(await sameText(cache, SHELL_PAGE, response))) {
    // A new shell: its old assets go (the new page asks for its own right after), the offline page stays.
    await caches.delete(SHELL_CACHE);
    const fresh = await caches.open(SHELL_CACHE);
    await fresh.addAll(PRECACHE).catch(() => undefined);
    await fresh.put(key, response.clone());
    return response;
  }
  await cache.put(key, response.clone());
  return response;
}

/**
 * /remotes.json depends on who asks (a preview's audience, a release step, a developer's own lines): the server says
 * with x-remotes-shared whether an answer is the set everyone gets. Only such an answer is kept, so the copy that
 * answers offline was never filled for another member or another step (issue 40); a member's own answer is passed
 * through and leaves the kept copy as it was.
 */
const isShared = (response) => response.headers.get('x-remotes-shared') === '1';

async function remotes(request) {
  const cache = await caches.open(RELEASE_CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    const kept = await cache.match(REMOTES, { ignoreVary: true });
    if (kept && isShared(kept)) return kept;
    throw err;
  }
  if (!response.ok || !isShared(response)) return response;
  if ((await cache.match(REMOTES)) && !(await sameText(cache, REMOTES, response))) {
    // A new release: the assets of the previous one are dropped; the new ones are kept as the page loads them.
    await caches.delete(RELEASE_CACHE);
  }
  await (await caches.open(RELEASE_CACHE)).put(REMOTES, response.clone());
  return response;
}

function handle(request) {
  const url = new URL(request.url);
  if (request.mode === 'navigate') return navigation(request, url);
  if (url.pathname === REMOTES) return remotes(request);
  if (HASHED.test(url.pathname) || url.pathname.startsWith('/releases/')) return cacheFirst(request, cacheOf(url.pathname));
  return networkFirst(request, cacheOf(url.pathname), request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Only this origin's files; API answers are never touched (nor kept), whoever asks.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/sw.js') return;
  event.respondWith(handle(request));
});

/**
 * The page tells what it loaded before the worker controlled it (its first visit): those files are kept too, and the
 * page is taken under the worker's control. The claim at activation misses a page still loading then (a first visit
 * whose worker activated mid-navigation) and one loaded past the worker (a hard reload): such a page stayed
 * uncontrolled, and offline it could not open the cached pages.
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep-loaded' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    Promise.all([
      self.clients.claim(),
      ...data.urls.map(async (href) => {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
        const cacheName = url.pathname === REMOTES ? RELEASE_CACHE : cacheOf(url.pathname);
        const cache = await caches.open(cacheName);
        if (await cache.match(url.href)) return;
        const response = await fetch(url.href).catch(() => null);
        if (!response || !response.ok || (url.pathname === REMOTES && !isShared(response))) return;
        await cache.put(url.pathname === REMOTES ? REMOTES : url.href, response);
      }),
    ]),
  );
});
