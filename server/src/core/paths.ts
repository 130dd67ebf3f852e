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
 * Set only in the API tests' bundle (server/build-tests.mjs, esbuild's define): its folder, 'dist-tests'. Its modules'
 * import.meta is their source file's, so this module takes the bundle for the sources; its worker threads still load
 * the bundle's JavaScript, not the sources through tsx (a loader thread and a compile in every worker).
 */
declare const SERVER_TEST_BUNDLE: string | undefined;
/** The folder under server/ of the built modules a worker thread loads; null from the sources. */
const BUILT_FOLDER = typeof SERVER_TEST_BUNDLE === 'string' ? SERVER_TEST_BUNDLE : RUNS_BUILT ? 'dist' : null;

/**
 * A module of the server by its path under src/ without extension, as a file URL: src/<name><sourceExtension> from the
 * sources, dist/<name>.js in the built server (dist-tests/<name>.js in the API tests' bundle). For what a worker thread
 * loads (core/workers/pool.ts), which the builds write as entries of their own at those paths.
 */
export function serverModule(name: string, sourceExtension = '.ts'): URL {
  return pathToFileURL(BUILT_FOLDER ? path.join(SERVER_ROOT, BUILT_FOLDER, `${name}.js`) : path.join(SERVER_SRC, `${name}${sourceExtension}`));
}
