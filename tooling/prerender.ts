/**
 * Build-time pre-rendering of a shell page (issue 26, first load): a second rspack build of the page's render
 * function for Node, run once both builds are done, whose markup goes into `<page>.html` in place of the empty
 * `<div id="root"></div>`, with the CSS that markup uses inlined (beasties: critical CSS, the whole style sheet
 * still linked at the end of the body). The page's own entry then hydrates that markup in the browser.
 *
 * The one inline script (issue 44 item 10) asks for the hydration chunk's files once the page has painted: the
 * server's CSP allows it by its hash alone (`'sha256-…'` in `csp.json`, written here beside the page and read by the
 * server; no 'unsafe-inline').
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import Beasties from 'beasties';

export interface PrerenderOptions {
  /** Folder of the app (its __dirname). */
  dir: string;
  /** The web build's name (createConfig's `name`): this build runs after it. */
  after: string;
  /** The page: `<page>.html` in the web build's output. */
  page: string;
  /** Module exporting `render(): string` (the markup of the page's root). */
  entry: string;
  /** The web build's output folder. */
  webOut: string;
  /**
   * A chunk the page's entry imports after the first paint (webpackChunkName): its script files are preloaded by
   * the page's inline script once the first contentful paint is on screen (preloadAfterPaint), without waiting for
   * the entry to arrive and run.
   */
  preloadChunk?: string;
  /**
   * The longest the inline script waits for the first paint before preloading anyway: the entry's own limit
   * (shell/src/first-paint.ts FIRST_PAINT_WAIT_MS), so that both start together.
   */
  preloadWaitMs: number;
}

/** The script files of `preloadChunk`, as the web build wrote them (filled by PreloadedChunkFiles). */
type ChunkFiles = { files: string[] };

/** Records, once the web build is done, the script files of a named chunk group (with the chunks split out of it). */
class PreloadedChunkFiles {
  constructor(
    private readonly chunk: string,
    private readonly found: ChunkFiles,
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.done.tap('PreloadedChunkFiles', (stats) => {
      const group = stats.compilation.namedChunkGroups.get(this.chunk);
      if (!group) throw new Error(`nessun chunk di nome ${this.chunk}`);
      this.found.files = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
    });
  }
}

const ROOT = '<div id="root"></div>';

/** Written beside the page: the CSP sources its inline scripts need (the server adds them to script-src). */
export const CSP_FILE = 'csp.json';

/** A CSP source allowing exactly the inline script `source` (its text between the tags). */
export const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/**
 * The page's inline script: preloads `files` once the first contentful paint is reported (where the browser has no
 * paint timing, after the first frame), so that neither their download nor their compilation, which Chromium starts
 * as a preload arrives, competes with the first paint (issue 44 item 10: /login painted 1.9 × later than a plain
 * page with the preloads in its head, 1.5 × without), and they still arrive without waiting for the deferred entry.
 * The entry's import waits for the same moment (shell/src/first-paint.ts) and finds them preloaded; both at the latest
 * after `waitMs` (a tab opened in the background paints nothing until shown), once either way.
 */
export function preloadAfterPaint(files: readonly string[], waitMs: number): string {
  return (
    `(function(){var f=${JSON.stringify(files.map((file) => `/${file}`))};` +
    'var d;function p(){if(d)return;d=1;f.forEach(function(h){var l=document.createElement("link");l.rel="preload";l.as="script";l.href=h;document.head.appendChild(l)})}' +
    `setTimeout(p,${Math.round(waitMs)});` +
    'var P=window.PerformanceObserver;' +
    'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){' +
    'var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();p()}});' +
    'o.observe({type:"paint",buffered:true})' +
    '}else requestAnimationFrame(function(){setTimeout(p)})})()'
  );
}

/** Fills `<page>.html` once the Node build of its render function is emitted. */
class WritePrerenderedPage {
  constructor(private readonly options: PrerenderOptions & { bundle: string; preload: ChunkFiles }) {}

  apply(compiler: Compiler) {
    compiler.hooks.done.tapPromise('WritePrerenderedPage', async (stats) => {
      if (stats.hasErrors()) return;
      const { bundle, webOut, page } = this.options;
      const load = createRequire(__filename);
      delete load.cache[load.resolve(bundle)];
      const { render } = load(bundle) as { render: () => string };
      const file = path.join(webOut, `${page}.html`);
      const template = readFileSync(file, 'utf8');
      if (!template.includes(ROOT)) throw new Error(`${file}: manca ${ROOT} da riempire`);
      const filled = template.replace(ROOT, `<div id="root">${render()}</div>`);
      const beasties = new Beasties({ path: webOut, publicPath: '/', preload: 'body', noscriptFallback: false, logLevel: 'warn' });
      let html = await beasties.process(filled);
      const inline = this.options.preload.files.length ? [preloadAfterPaint(this.options.preload.files, this.options.preloadWaitMs)] : [];
      html = html.replace('</head>', `${inline.map((source) => `<script>${source}</script>`).join('')}</head>`);
      writeFileSync(path.join(webOut, CSP_FILE), `${JSON.stringify({ 'script-src': inline.map(scriptHash) }, null, 2)}\n`);
      writeFileSync(file, html);
      // The server sends the smaller copy the browser accepts, as for every other asset (createConfig's compressedCopies).
      writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }));
      writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
      rmSync(path.dirname(bundle), { recursive: true, force: true });
    });
  }
}

/**
 * The Node build of a page's render function (see the file's comment), and the plugin the web build needs for the
 * preload links; production builds only.
 */
export function createPrerender(options: PrerenderOptions): { webPlugin: PreloadedChunkFiles | null; config: Configuration } {
  const preload: ChunkFiles = { files: [] };
  const webPlugin = options.preloadChunk ? new PreloadedChunkFiles(options.preloadChunk, preload) : null;
  return { webPlugin, config: prerenderConfig(options, preload) };
}

function prerenderConfig(options: PrerenderOptions, preload: ChunkFiles): Configuration {
  // Beside the web build's folder (dist → dist-prerender-login), so builds into other folders (OUT_DIR) never share it.
  const out = `${options.webOut}-prerender-${options.page}`;
  const bundle = path.join(out, 'render.cjs');
  return {
    name: `${options.after}-prerender-${options.page}`,
    dependencies: [options.after],
    context: options.dir,
    target: 'node',
    mode: 'production',
    devtool: false,
    entry: { render: options.entry },
    output: { path: out, filename: 'render.cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic', development: false } } },
          },
          type: 'javascript/auto',
        },
        // Style sheets are the web build's; here they are only text nobody reads.
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    optimization: { minimize: false },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production'), 'process.env.BUILD_LABEL': JSON.stringify('') }),
      new WritePrerenderedPage({ ...options, bundle, preload }),
    ],
    performance: { hints: false },
  };
}
