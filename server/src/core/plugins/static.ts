import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import { REMOTES_SHARED_HEADER, readRemotesFor } from '../remotes';

/** Files a new deployment changes in place: always revalidated. Hashed chunks never change. */
const ALWAYS_REVALIDATE = new Set(['mf-manifest.json', 'remoteEntry.js', 'index.html', 'login.html', 'mf-stats.json']);
/**
 * Addresses the shell's build gives a page of their own (tooling/prerender.ts): /login is sent with its markup and
 * critical CSS already in, hydrated by its small entry (issue 26). Every other client-side route gets index.html.
 */
const OWN_PAGES: Record<string, string> = { '/login': 'login.html' };
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|mjs)$/;

function cacheHeaders(cors: boolean) {
  return (reply: FastifyReply, filePath: string) => {
    // With preCompressed the path is the .br or .gz copy: the rule is the original file's.
    const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
    const immutable = !ALWAYS_REVALIDATE.has(name) && HASHED.test(name);
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    // A shell on another origin loads these scripts: open to it (CORS), and not blocked by the CORP header.
    if (cors) reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
  };
}

/**
 * The embedded default's static host (DESIGN §1): the shell at / with SPA fallback, each domain app at
 * /apps/<folder>/ (CORS open, so a shell on another origin can load it), and /remotes.json.
 * preCompressed: the builds write .br and .gz beside each asset; the one the browser accepts is sent as is.
 * A missing dist folder only means that part is not served: the API keeps working.
 */
export default fp(
  async (app) => {
    const { staticRoot, dataDir, releasesDir } = app.config;
    const shellDist = path.join(staticRoot, 'shell', 'dist');

    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      cacheControl: false,
      preCompressed: true,
      setHeaders: cacheHeaders(false),
      suppressWarning: true,
    });
    for (const { folder } of DOMAIN_APPS) {
      await app.register(fastifyStatic, {
        root: path.join(staticRoot, folder, 'dist'),
        prefix: `/apps/${folder}/`,
        decorateReply: false,
        cacheControl: false,
        preCompressed: true,
        setHeaders: cacheHeaders(true),
        suppressWarning: true,
      });
    }

    // The releases root (issue 12): <folder>/<version>/ never changes once published, so everything under it is cached
    // for a year, whatever its name; only the release (/remotes.json) changes which version a page loads.
    if (!app.config.releasesUrl.startsWith('http')) {
      fs.mkdirSync(releasesDir, { recursive: true });
      await app.register(fastifyStatic, {
        root: releasesDir,
        prefix: `${app.config.releasesUrl}/`,
        decorateReply: false,
        cacheControl: false,
        preCompressed: true,
        // The publication record and half-copied folders are not for browsers.
        allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.') || part === 'release.json'),
        setHeaders: (reply: FastifyReply) => {
          reply
            .header('cache-control', 'public, max-age=31536000, immutable')
            .header('access-control-allow-origin', '*')
            .header('cross-origin-resource-policy', 'cross-origin');
        },
        suppressWarning: true,
      });
    }

    app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
      // Derived from the live release on every read; no-cache: browsers and CDNs revalidate it on every use, so a compose shows at once.
      // The answer depends on who asks (a preview release's audience, a developer's own lines): never kept by a shared cache.
      reply.header('cache-control', 'private, no-cache');
      const { remotes, personal } = await readRemotesFor(dataDir, app.services.remotesSource, request.headers.cookie);
      await app.services.remotesSource?.recordServed?.(request.headers.cookie, remotes);
      // The service worker keeps only the set everyone gets (shell/public/sw.js): never one member's own for another.
      reply.header(REMOTES_SHARED_HEADER, personal ? '0' : '1');
      return remotes;
    });

    app.setNotFoundHandler((request, reply) => {
      const [url = ''] = request.url.split('?');
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !url.startsWith('/api/') &&
        !url.startsWith('/apps/') &&
        !url.startsWith(`${app.config.releasesUrl}/`);
      // Client-side routes (/login, /registry/users/management, …) get the shell; missing assets stay 404.
      const page = OWN_PAGES[url] && fs.existsSync(path.join(shellDist, OWN_PAGES[url])) ? OWN_PAGES[url] : 'index.html';
      if (isPage && !path.extname(url) && fs.existsSync(path.join(shellDist, page))) {
        return reply.header('cache-control', 'no-cache').sendFile(page, shellDist);
      }
      return reply.code(404).send({ message: `Risorsa non trovata: ${request.method} ${url}` });
    });
  },
  { name: 'static-host', dependencies: ['services'] },
);
