import { createConfig } from '../tooling/rspack';
import { createPrerender } from '../tooling/prerender';
import { FIRST_PAINT_WAIT_MS } from './src/first-paint';

// The host: no exposes, no remotes baked in (they come from /remotes.json at run time).
const web = createConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  // /login is a page of its own: pre-rendered, hydrated by a small entry (src/login), the portal loading after it.
  pages: { login: './src/login/index.tsx' },
});

function withPrerenderedLogin() {
  const { webPlugin, config } = createPrerender({
    dir: __dirname,
    after: 'shell',
    page: 'login',
    entry: './src/login/prerender.tsx',
    webOut: web.output!.path!,
    preloadChunk: 'sign-in',
    preloadWaitMs: FIRST_PAINT_WAIT_MS,
  });
  return [{ ...web, plugins: [...(web.plugins ?? []), webPlugin] }, config];
}

// The dev server (`rspack serve`) builds the web app only: its /login renders in the browser.
export default web.mode === 'production' ? withPrerenderedLogin() : web;
