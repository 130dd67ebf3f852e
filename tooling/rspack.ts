/**
 * The one build configuration of the shell and every domain app, so Module Federation singletons cannot drift.
 * Each app's rspack.config.ts calls createConfig() with its name and what it exposes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import CompressionPlugin from 'compression-webpack-plugin';
import { type BrotliOptions, constants as zlib } from 'node:zlib';

const root = path.resolve(__dirname, '..');
const packageVersion = (dir: string): string => (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
/** The installed version of a library, as the shell resolves it. */
const installedVersion = (pkg: string): string => packageVersion(path.join(root, 'shell', 'node_modules', pkg));

export interface SharedSingleton {
  singleton: true;
  /** A real semver range (never 'workspace:*', see STACK-NOTES). */
  requiredVersion: string;
  /** The version the shell provides. */
  version: string;
}

/** Shared singletons (DESIGN §1). Workspace packages get their own version, never 'workspace:*'. */
export function sharedSingletons(): Record<string, SharedSingleton> {
  const libs = ['react', 'react-dom', 'react-dom/client', 'react-router-dom', '@tanstack/react-query', 'zustand', 'react-toastify'];
  const shared: Record<string, SharedSingleton> = {};
  for (const lib of libs) {
    const version = installedVersion(lib === 'react-dom/client' ? 'react-dom' : lib);
    shared[lib] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  for (const ws of ['shared-ui', 'shared-api']) {
    const version = packageVersion(path.join(root, ws));
    shared[ws] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

export interface AppOptions {
  /** Folder of the app (its __dirname). */
  dir: string;
  /** Federation name, e.g. mf_registry or shell. */
  name: string;
  /** Modules the app exposes (domain apps only). */
  exposes?: Record<string, string>;
  /** Dev server port. */
  port: number;
  /** Output folder, overridable for side-by-side builds (OUT_DIR). */
  outDir?: string;
  /** Title of a domain app's standalone page (domain apps only; the shell has its own public/index.html). */
  title?: string;
  /**
   * More pages of the shell, each an entry of its own with `<name>.html` from the same template (the shell's /login:
   * tooling/prerender.ts then writes its markup in). index.html keeps the main entry only.
   */
  pages?: Record<string, string>;
}

interface DomainApp {
  folder: string;
  federationName: string;
  devPort: number;
  title: string;
}

/**
 * A domain app's build, named from the one list of domain apps (shared-api/src/domain-apps.json):
 * federation name, dev-server port and standalone title. Every domain app exposes './routes'; `moreExposes` adds
 * components the shell renders inside its own pages (e.g. mf-certificates' './profile-card').
 */
export function createDomainAppConfig(dir: string, moreExposes: Record<string, string> = {}): Configuration {
  const apps = JSON.parse(readFileSync(path.join(root, 'shared-api', 'src', 'domain-apps.json'), 'utf8')) as DomainApp[];
  const app = apps.find((a) => a.folder === path.basename(dir));
  if (!app) throw new Error(`${path.basename(dir)} is not listed in shared-api/src/domain-apps.json`);
  return createConfig({
    dir,
    name: app.federationName,
    exposes: { './routes': './src/exposes/routes.tsx', ...moreExposes },
    port: app.devPort,
    title: app.title,
  });
}

/** The page a domain app's dev server shows when the app runs alone (its StandaloneHost mounts on #root). */
const standalonePage = (title: string) => `<!doctype html>
<html lang="it">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** Files worth compressing: text assets of at least 1 KB, kept beside the original (which stays for old clients). */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|html|svg|txt)$/;

function compressedCopies() {
  const common = { test: COMPRESSIBLE, threshold: 1024, minRatio: Number.MAX_SAFE_INTEGER, deleteOriginalAssets: false } as const;
  return [
    new CompressionPlugin<BrotliOptions>({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
  ];
}

/** The file the shell's build publishes beside index.html: what it provides the domain apps (the releases' whole-set check reads it). */
export const PROVIDES_FILE = 'provides.json';

/** Writes PROVIDES_FILE: every shared singleton the shell offers and its version, and the federation runtime's. */
class PublishProvidedPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PublishProvidedPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PublishProvidedPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const shared = Object.fromEntries(Object.entries(sharedSingletons()).map(([lib, { version }]) => [lib, version]));
        const provided = { shared, federationRuntime: installedVersion('@module-federation/enhanced'), exposesRequired: ['./routes'] };
        compilation.emitAsset(PROVIDES_FILE, new rspack.sources.RawSource(`${JSON.stringify(provided, null, 2)}\n`));
      });
    });
  }
}

export function createConfig({ dir, name, exposes, port, outDir, title, pages = {} }: AppOptions): Configuration {
  // `rspack serve` (each app's `pnpm dev`) is a development build unless NODE_ENV says otherwise.
  const isProd = process.env.NODE_ENV ? process.env.NODE_ENV !== 'development' : !process.argv.includes('serve');
  const isRemote = Boolean(exposes);
  const apiUrl = process.env.API_URL ?? 'http://localhost:8080';
  return {
    name,
    context: dir,
    mode: isProd ? 'production' : 'development',
    devtool: isProd ? false : 'eval-cheap-module-source-map',
    entry: { main: './src/index.ts', ...pages },
    output: {
      path: path.resolve(dir, outDir ?? process.env.OUT_DIR ?? 'dist'),
      publicPath: isRemote ? 'auto' : '/',
      filename: isProd ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: isProd ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !isProd } },
            },
            env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      // Domain apps are federation remotes. The shell is a plain bundle: its public pages never load the
      // federation runtime; src/remotes/federation.ts starts it (providing the shell's own copies of the
      // shared singletons) when a domain page is first opened.
      ...(isRemote
        ? [
            new ModuleFederationPlugin({
              name,
              filename: 'remoteEntry.js',
              exposes,
              manifest: true,
              dts: false,
              // With the default strategy one unreachable remote stops the shell from booting (STACK-NOTES).
              shareStrategy: 'loaded-first',
              shared: sharedSingletons(),
              // The shell provides the federation runtime to the domain apps it loads, so a production remote
              // does not ship its own copy (~32 KB gzip each). Development builds keep theirs for the standalone host.
              experiments: { externalRuntime: isProd },
            }),
          ]
        : []),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(isProd ? 'production' : 'development'),
        // A visible build label: lets the deployment test prove the shell shows a rebuilt domain app.
        'process.env.BUILD_LABEL': JSON.stringify(process.env.BUILD_LABEL ?? ''),
        // What the shell offers the domain apps: version and accepted range of each shared singleton.
        ...(isRemote ? {} : { __SHARED_SINGLETONS__: JSON.stringify(sharedSingletons()) }),
      }),
      isRemote
        ? // Scripts from the root: the standalone dev server answers deep links with this page.
          new rspack.HtmlRspackPlugin({ templateContent: standalonePage(title ?? name), publicPath: '/' })
        : new rspack.HtmlRspackPlugin({ template: path.join(dir, 'public', 'index.html'), chunks: ['main'] }),
      ...Object.keys(pages).map(
        (page) => new rspack.HtmlRspackPlugin({ template: path.join(dir, 'public', 'index.html'), filename: `${page}.html`, chunks: [page] }),
      ),
      ...(isRemote ? [] : [new PublishProvidedPlugin()]),
      // The shell's public files beside its pages (issue 28): the web app manifest, its icons, the service worker and
      // the offline page. index.html is the pages' template (HtmlRspackPlugin), not copied.
      ...(isRemote
        ? []
        : [new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(dir, 'public'), globOptions: { ignore: ['**/index.html'] } }] })]),
      // Brotli and gzip copies beside every script, style sheet and JSON over 1 KB, for the server's
      // preCompressed static host (the browser gets the smaller one it accepts; nothing is compressed per request).
      ...(isProd ? compressedCopies() : []),
    ],
    experiments: { css: true },
    devServer: {
      port,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // The API refuses state-changing calls from other origins (ALLOWED_ORIGINS): the proxy speaks as the API's own origin.
      proxy: [{ context: ['/api'], target: apiUrl, headers: { origin: new URL(apiUrl).origin } }],
    },
    performance: { hints: false },
  };
}
