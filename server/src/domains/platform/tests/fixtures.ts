/** Builds of domain apps as the releases see them: a folder with mf-manifest.json and a remote entry, no bundler. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOMAIN_APPS } from 'shared-api/domain-apps';
import type { Db } from '../../../core/db/client';
import { insertMembers } from '../../../testing/members';

/** What the shell in these tests provides (the shape the shell's build writes in provides.json). */
export const PROVIDED: Record<string, string> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-dom/client': '19.3.1',
  'react-router-dom': '7.9.4',
  '@tanstack/react-query': '5.90.2',
  zustand: '5.1.0',
  'react-toastify': '11.0.5',
  'shared-ui': '1.0.0',
  'shared-api': '1.0.0',
};

export function writeShellProvides(staticRoot: string, shared: Record<string, string> = PROVIDED): void {
  const dir = path.join(staticRoot, 'shell', 'dist');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'provides.json'), JSON.stringify({ shared }));
}

export interface FakeBuild {
  /** Overrides of required ranges; null removes the module from `shared`. */
  requires?: Record<string, string | null>;
  exposes?: string[] | null;
  omitShared?: boolean;
  /** Content that makes the build (and so its version hash) differ. */
  label?: string;
  withoutRemoteEntry?: boolean;
}

export const federationNameOf = (folder: string) => DOMAIN_APPS.find((a) => a.folder === folder)!.federationName;

/** The fake builds this process made and has not removed yet (removeFakeBuilds). */
const made: string[] = [];

/** Deletes every fake build made so far, wherever a test left it (call it from the test file's `after`). */
export function removeFakeBuilds(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** A dist folder of `folder` with a Module Federation manifest as rspack writes it, in the temp folder until removeFakeBuilds. */
export function fakeBuild(folder: string, build: FakeBuild = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fake-${folder}-`));
  made.push(dir);
  const name = federationNameOf(folder);
  const shared = Object.entries(PROVIDED)
    .map(([lib, version]) => ({ lib, range: build.requires && lib in build.requires ? build.requires[lib] : `^${version}` }))
    .filter((s): s is { lib: string; range: string } => s.range !== null)
    .map(({ lib, range }) => ({ id: `${name}:${lib}`, name: lib, version: range.replace(/^\^/, ''), singleton: true, requiredVersion: range }));
  const manifest: Record<string, unknown> = {
    id: name,
    name,
    metaData: {
      name,
      buildInfo: { buildVersion: '0.1.0', buildName: folder },
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    },
    remotes: [],
  };
  if (!build.omitShared) manifest.shared = shared;
  if (build.exposes !== null)
    manifest.exposes = (build.exposes ?? ['./routes']).map((p) => ({ id: `${name}:${p.slice(2)}`, name: p.slice(2), path: p, assets: {} }));
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  if (!build.withoutRemoteEntry) fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var ${name}; /* ${build.label ?? 'v1'} */`);
  fs.writeFileSync(path.join(dir, 'main.1a2b3c4d.js'), `console.log(${JSON.stringify(build.label ?? 'v1')});`);
  return dir;
}

/** `count` new members of the 'Soci' category, signed up and able to sign in (password 'Socio-2026!'). */
export const createMembers = (db: Db, count: number, label = 'esposto'): Promise<{ id: string; email: string; password: string }[]> =>
  insertMembers(db, count, { label });
