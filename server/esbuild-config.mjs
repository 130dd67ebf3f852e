// The one esbuild configuration of the server's two bundles: the production server (build.mjs → dist/) and the API
// test files (build-tests.mjs → dist-tests/). Both bundle src/ into ES modules for Node with source maps that name
// src/ lines, keep class and function names as written (errors and logs name them), and leave every npm package an
// import resolved at run time while this workspace's TypeScript packages are bundled in.
import path from 'node:path';

export const serverRoot = import.meta.dirname;
export const src = path.join(serverRoot, 'src');

/** Bare imports stay imports, except this workspace's packages named (TypeScript sources, bundled in). */
export function externalPackages(workspace) {
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (workspace.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * esbuild's options for a bundle of the server's sources written under `outdir` at their path under src/; `options`
 * adds to them (entryPoints, plugins, splitting, metafile, …). Stack traces name src/ files and lines through the
 * maps; the sources themselves stay in src/.
 */
export function serverBuildOptions({ outdir, ...options }) {
  return {
    outbase: src,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    sourcesContent: false,
    keepNames: true,
    tsconfig: path.join(serverRoot, 'tsconfig.json'),
    logLevel: 'warning',
    ...options,
  };
}
