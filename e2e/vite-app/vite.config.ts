/**
 * Another team's toolchain: this domain app is built by Vite with @module-federation/vite, not by the portal's rspack
 * configuration. Its remote entry is an ES module. It takes every shared singleton from the shell (import: false:
 * no local copy), declaring the same ranges the rspack apps declare, so the releases' whole-set check applies as is.
 * FEDERATION_NAME picks the domain app it stands in for (default mf_storage).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { federation } from '@module-federation/vite';
import { defineConfig } from 'vite';

const here = import.meta.dirname;
const versionOf = (pkg: string) =>
  (JSON.parse(readFileSync(path.join(here, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
const SINGLETONS = ['react', 'react-dom', 'react-router-dom', '@tanstack/react-query', 'zustand', 'react-toastify', 'shared-ui', 'shared-api'];

export default defineConfig({
  base: './',
  build: { target: 'es2022', outDir: process.env.OUT_DIR ?? 'dist', emptyOutDir: true },
  plugins: [
    federation({
      name: process.env.FEDERATION_NAME ?? 'mf_storage',
      filename: 'remoteEntry.js',
      manifest: true,
      dts: false,
      exposes: { './routes': './src/routes.tsx' },
      shareStrategy: 'loaded-first',
      shared: Object.fromEntries(
        SINGLETONS.map((lib) => {
          const version = versionOf(lib);
          return [lib, { singleton: true, requiredVersion: `^${version}`, version, import: false, suppressMissingImportWarning: true }];
        }),
      ),
    }),
  ],
});
