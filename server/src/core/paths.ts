import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the server's files are, the same whether it runs from its TypeScript sources (tsx: this file is
 * src/core/paths.ts) or built (node dist/main.js, server/build.mjs bundles every module into one file): the server
 * package is the nearest folder above this module that holds a package.json. Files kept beside the sources (the SQL
 * migrations) are found from SERVER_SRC, and the modules a worker thread loads with serverModule(), never from a
 * module's own import.meta, which in the bundle is dist/main.js (the build refuses a bundled module that reads
 * import.meta.url or import.meta.dirname, this one aside).
 */
function packageFolder(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`Nessun package.json sopra ${from}`);
  }
}

const here = fileURLToPath(import.meta.url);

/** server/ */
export const SERVER_ROOT = packageFolder(path.dirname(here));
/** server/src/: the TypeScript sources and the files kept beside them. */
export const SERVER_SRC = path.join(SERVER_ROOT, 'src');
/** The repository: the front ends' dist folders and, by default, .data/. */
export const REPO_ROOT = path.dirname(SERVER_ROOT);
/** True when this process runs the built server (dist/*.js) rather than the sources through tsx. */
export const RUNS_BUILT = !here.endsWith('.ts');

/**
 * A module of the server by its path under src/ without extension, as a file URL: src/<name><sourceExtension> from the
 * sources, dist/<name>.js in the built server. For what a worker thread loads (core/workers/pool.ts), which the build
 * writes as entries of their own at those paths.
 */
export function serverModule(name: string, sourceExtension = '.ts'): URL {
  return pathToFileURL(RUNS_BUILT ? path.join(SERVER_ROOT, 'dist', `${name}.js`) : path.join(SERVER_SRC, `${name}${sourceExtension}`));
}
