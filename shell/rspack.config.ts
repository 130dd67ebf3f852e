import { createConfig } from '../tooling/rspack';
import { createPrerenderConfig } from '../tooling/prerender';

// The host: no exposes, no remotes baked in (they come from /remotes.json at run time).
const web = createConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  // /login is a page of its own: pre-rendered, hydrated by a small entry (src/login), the portal loading after it.
  pages: { login: './src/login/index.tsx' },
});

// The dev server (`rspack serve`) builds the web app only: its /login renders in the browser.
export default web.mode === 'production'
  ? [web, createPrerenderConfig({ dir: __dirname, after: 'shell', page: 'login', entry: './src/login/prerender.tsx', webOut: web.output!.path! })]
  : web;
