import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { readRemotes, remoteOriginsOf } from '../remotes';

/** The domain apps' origins a page may load from, per request (the manifest can change between two requests). */
const originsOf = new WeakMap<IncomingMessage, string>();
const remoteOrigins = (request: IncomingMessage) => originsOf.get(request) ?? '';
/** The shell's inline scripts' hashes a page's policy allows, per request (pages only: assets and API answers run none). */
const hashesOf = new WeakMap<IncomingMessage, string>();
const inlineScriptHashes = (request: IncomingMessage) => hashesOf.get(request) ?? '';
/** script-src's sources after 'self': the inline scripts' hashes, then the remotes' origins (an empty one adds no space). */
const scriptSources = (request: IncomingMessage) => [inlineScriptHashes(request), remoteOrigins(request)].filter(Boolean).join(' ');

/**
 * The hashes of the shell's inline scripts (`'sha256-…'`), as its build wrote them beside its pages (shell/dist/csp.json,
 * tooling/prerender.ts: login.html's script preloading the sign-in chunk after the first paint). Read again when the
 * file changes (a new build of the shell under a running server); no file, no hash: the pages still work, the script is
 * refused and the entry loads the chunk itself.
 */
export function shellScriptHashes(shellDist: string): () => string {
  const file = path.join(shellDist, 'csp.json');
  let seen = { mtimeMs: -1, sources: '' };
  return () => {
    let mtimeMs = 0;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return '';
    }
    if (mtimeMs !== seen.mtimeMs) {
      let sources: unknown[] = [];
      try {
        sources = (JSON.parse(fs.readFileSync(file, 'utf8')) as { 'script-src'?: unknown[] })['script-src'] ?? [];
      } catch {
        // A half-written file: no hash until the build has written it whole.
      }
      // Hashes only: whatever else the file held, nothing here can loosen the policy.
      const hashes = sources.filter((s): s is string => typeof s === 'string' && /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s));
      seen = { mtimeMs, sources: hashes.join(' ') };
    }
    return seen.sources;
  };
}

/**
 * Security headers on every answer (helmet; issue 7 finding 12): a Content-Security-Policy that lets pages
 * load scripts, styles and data from this origin and from the origins the remotes manifest names (nothing else),
 * no framing (frame-ancestors 'none'), nosniff, no Referer, HSTS when the portal is served over https; and
 * `Cache-Control: no-store` on every API answer that does not set its own, since they carry personal data.
 */
export default fp(
  async (app) => {
    const { dataDir, publicUrl, staticRoot } = app.config;
    const inlineScripts = shellScriptHashes(path.join(staticRoot, 'shell', 'dist'));

    app.addHook('onRequest', async (request) => {
      // Only a page's policy governs what loads: API answers and assets (scripts, styles, images) need no remote origin.
      const urlPath = request.url.split('?')[0]!;
      if (urlPath.startsWith('/api/') || /\.(?!html?$)[a-z0-9]+$/i.test(urlPath)) return;
      let remotes: Record<string, unknown> = {};
      try {
        remotes = await readRemotes(dataDir, app.services.remotesSource, request.headers.cookie);
      } catch {
        // A broken manifest loads no remote anyway (and /remotes.json says why): allow none.
      }
      originsOf.set(request.raw, remoteOriginsOf(remotes).join(' '));
      hashesOf.set(request.raw, inlineScripts());
    });

    // helmet's middleware built once: @fastify/helmet built it anew for every request (parsing the policy's
    // directives each time: 3% of the server's time under the booking bench). The policy's remote origins are still
    // read per request, through the functions in its directives.
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // This origin, the remotes' and the shell's own inline scripts by their hash (never 'unsafe-inline').
          scriptSrc: ["'self'", scriptSources],
          // Inline style attributes and the style tags toasts inject; styles cannot run code.
          styleSrc: ["'self'", "'unsafe-inline'", remoteOrigins],
          imgSrc: ["'self'", 'data:', 'blob:', remoteOrigins],
          fontSrc: ["'self'", 'data:', remoteOrigins],
          connectSrc: ["'self'", remoteOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: publicUrl.startsWith('https://') ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
    });
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));

    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers', dependencies: ['services'] },
);
