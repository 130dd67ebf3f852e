import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { DOMAIN_APPS } from 'shared-api/domain-apps';

/** Each domain app (shared-api's one list) served at /apps/<folder>/, its manifest the default remote. */
export const DEFAULT_REMOTES: Record<string, string> = Object.fromEntries(
  DOMAIN_APPS.map(({ folder, federationName }) => [federationName, `/apps/${folder}/mf-manifest.json`]),
);

/** Files a new deployment changes in place: always revalidated. Hashed chunks never change. */
const ALWAYS_REVALIDATE = new Set(['mf-manifest.json', 'remoteEntry.js', 'index.html', 'mf-stats.json']);
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|mjs)$/;

function cacheHeaders(cors: boolean) {
  return (reply: FastifyReply, filePath: string) => {
    const name = path.basename(filePath);
    const immutable = !ALWAYS_REVALIDATE.has(name) && HASHED.test(name);
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (cors) reply.header('access-control-allow-origin', '*');
  };
}

/**
 * The embedded default's static host (DESIGN §1): the shell at / with SPA fallback, each domain app at
 * /apps/<folder>/ (CORS open, so a shell on another origin can load it), and /remotes.json.
 * A missing dist folder only means that part is not served: the API keeps working.
 */
export default fp(
  async (app) => {
    const { staticRoot, dataDir } = app.config;
    const shellDist = path.join(staticRoot, 'shell', 'dist');

    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      cacheControl: false,
      setHeaders: cacheHeaders(false),
      suppressWarning: true,
    });
    for (const { folder } of DOMAIN_APPS) {
      await app.register(fastifyStatic, {
        root: path.join(staticRoot, folder, 'dist'),
        prefix: `/apps/${folder}/`,
        decorateReply: false,
        cacheControl: false,
        setHeaders: cacheHeaders(true),
        suppressWarning: true,
      });
    }

    app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      // Read on every request: changing one line of the file redeploys one domain app (docs/deploy.md).
      let text: string;
      try {
        text = await fs.promises.readFile(path.join(dataDir, 'remotes.json'), 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_REMOTES;
        throw err;
      }
      try {
        return JSON.parse(text) as Record<string, string>;
      } catch {
        throw new Error(`${path.join(dataDir, 'remotes.json')} non è un JSON valido`);
      }
    });

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0];
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/apps/');
      // Client-side routes (/login, /registry/users/management, …) get the shell; missing assets stay 404.
      if (isPage && !path.extname(url) && fs.existsSync(path.join(shellDist, 'index.html'))) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', shellDist);
      }
      return reply.code(404).send({ message: `Risorsa non trovata: ${request.method} ${url}` });
    });
  },
  { name: 'static-host', dependencies: ['services'] },
);
