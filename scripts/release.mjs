// `pnpm release` of a domain app (run in its folder: `pnpm --filter mf-registry release`): a production build, then
// its files published to the releases root as <app>/<version>/ (version = package.json version + a hash of the
// built files). Publishing a version that exists is refused (exit 1). Options:
//   --skip-build   publish the build already in dist/ (or OUT_DIR) as it is
//   --dist <dir>   publish that folder instead of the app's dist/ (implies --skip-build)
//   --app <folder> the domain app this build is a version of (default: the package's folder name), for a package
//                  built elsewhere, e.g. with another bundler (e2e/vite-app)
// RELEASES_DIR (default DATA_DIR/releases, DATA_DIR default .data) says where; BUILD_LABEL and OUT_DIR go to the build.
// With PORTAL_URL set (and PLATFORM_EMAIL / PLATFORM_PASSWORD of a '*' user) the build is sent to that portal's API
// (POST /api/v1/platform/versions, a .tar.gz) instead; that portal refuses an existing version (exit 1). docs/releases.md
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, run, log } from './lib.mjs';

const appDir = process.cwd();
const args = process.argv.slice(2);
const appAt = args.indexOf('--app');
const app = appAt >= 0 ? args[appAt + 1] : path.basename(appDir);
const pkgName = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')).name;
const distAt = args.indexOf('--dist');
const distDir = distAt >= 0 ? path.resolve(args[distAt + 1] ?? '') : path.resolve(appDir, process.env.OUT_DIR ?? 'dist');
const skipBuild = distAt >= 0 || args.includes('--skip-build');

if (!skipBuild) {
  log(`Build di ${app} (produzione)`);
  const status = run('pnpm', ['--filter', pkgName, 'build'], { env: { NODE_ENV: 'production' } });
  if (status !== 0) process.exit(status);
}
log(`Pubblicazione di ${app} da ${path.relative(root, distDir) || distDir}`);
process.exit(run('pnpm', ['--filter', 'server', 'exec', 'tsx', 'src/domains/platform/cli.ts', 'publish', app, distDir]));
