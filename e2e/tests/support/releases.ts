/**
 * Publishing marked versions of mf-registry for the releases tests: one real build with a label shown at the foot of
 * its pages ('Build <label>'), then copies of it changed in their text, each published by the real command
 * (`pnpm --filter mf-registry release`, --dist for a copy) through the test server's API (PORTAL_URL, as the
 * administrator): the server's clock stamps the publication, as it stamps everything else the console shows (the
 * command writing the releases root itself stamped the machine's date, days away from the suite's instant).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN } from './portal.ts';
import { type RunningServer, repoRoot } from './server.ts';

/** Publishes mf-registry (or `app`: a fresh build, or `--dist <dir>`) through `server`'s API; answers the version. */
export function releaseRegistry(server: Pick<RunningServer, 'url'>, args: string[], env: Record<string, string> = {}, app = 'mf-registry'): string {
  const res = spawnSync('pnpm', ['--filter', app, 'release', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORTAL_URL: server.url,
      PLATFORM_EMAIL: ADMIN.email,
      PLATFORM_PASSWORD: ADMIN.password,
      ...env,
    },
    encoding: 'utf8',
  });
  assert.equal(res.status, 0, res.stdout + res.stderr);
  const version = new RegExp(`Pubblicata ${app} (\\S+)`).exec(res.stdout)?.[1];
  assert.ok(version, res.stdout);
  return version;
}

/**
 * Marked builds of mf-registry (or `app`): `build(label)` or `labelled(label)` once, then `variant(name, change)`;
 * `remove()` deletes every copy.
 */
export function registryBuilds(stamp: string, app = 'mf-registry') {
  const outDir = `dist-e2e-console-${stamp}`;
  const buildDir = path.join(repoRoot, app, outDir);
  const copies: string[] = [buildDir];
  return {
    /** Builds mf-registry labelled `label` and publishes it. */
    build: (server: Pick<RunningServer, 'url'>, label: string) => releaseRegistry(server, [], { BUILD_LABEL: label, OUT_DIR: outDir }, app),
    /**
     * The app's existing build (`<app>/dist`, from scripts/build.mjs: BUILD_LABEL empty) copied with `label` put where
     * the build puts BUILD_LABEL (DefinePlugin: the literal `buildLabel:""` of the app's page props), published with
     * --dist: the labelled version a `build(label)` publishes, without a production build of its own (the command's
     * own build, end to end, is releases.test.ts's v1).
     */
    labelled(server: Pick<RunningServer, 'url'>, label: string): string {
      cpSync(path.join(repoRoot, app, 'dist'), buildDir, { recursive: true });
      let labels = 0;
      for (const file of readdirSync(buildDir)) {
        const full = path.join(buildDir, file);
        if (/\.(br|gz)$/.test(file)) rmSync(full);
        else if (file.endsWith('.js')) {
          const text = readFileSync(full, 'utf8');
          const changed = text.replaceAll('buildLabel:""', () => (labels++, `buildLabel:${JSON.stringify(label)}`));
          if (changed !== text) writeFileSync(full, changed);
        }
      }
      assert.ok(labels > 0, `no empty build label in ${app}/dist: build it first (node scripts/build.mjs)`);
      return releaseRegistry(server, ['--dist', buildDir], {}, app);
    },
    /** A copy of the build with `change` applied to its scripts and manifest (compressed copies dropped), published. */
    variant(server: Pick<RunningServer, 'url'>, name: string, change: (file: string, text: string) => string): string {
      const dir = path.join(repoRoot, app, `${outDir}-${name}`);
      copies.push(dir);
      cpSync(buildDir, dir, { recursive: true });
      for (const file of readdirSync(dir)) {
        const full = path.join(dir, file);
        if (/\.(br|gz)$/.test(file)) rmSync(full);
        else if (/\.(js|json)$/.test(file)) {
          const text = readFileSync(full, 'utf8');
          const changed = change(file, text);
          if (changed !== text) writeFileSync(full, changed);
        }
      }
      return releaseRegistry(server, ['--dist', dir], {}, app);
    },
    remove: () => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })),
  };
}
