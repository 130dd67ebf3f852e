/**
 * The Module Federation runtime of the shell, in its own chunk: loaded the first time a domain page opens,
 * never on the public pages. It offers the domain apps the shell's own instances of the shared singletons
 * (one React, one router, one QueryClient context, one auth store and toast host: DESIGN §1), gives them the
 * runtime they are built without (experiments.externalRuntime), then reads /remotes.json and registers them.
 */
import { init, type ModuleFederation } from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import * as TanstackQuery from '@tanstack/react-query';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as ReactRouterDOM from './shared-router';
import * as ReactToastify from 'react-toastify';
import * as SharedApi from 'shared-api';
import * as SharedUi from 'shared-ui';
import type { DomainRoutes } from 'shared-ui';
import * as Zustand from 'zustand';
import { fetchRemotesManifest, type RemotesManifest } from './manifest';
import type { RemoteName } from './names';

/** The modules behind each shared name: the ones the shell itself runs on. */
const SHARED_MODULES: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  'react-router-dom': ReactRouterDOM,
  '@tanstack/react-query': TanstackQuery,
  zustand: Zustand,
  'react-toastify': ReactToastify,
  'shared-ui': SharedUi,
  'shared-api': SharedApi,
};

function createFederation(): ModuleFederation {
  const shared = Object.fromEntries(
    Object.entries(__SHARED_SINGLETONS__).map(([name, { version, requiredVersion, singleton }]) => {
      const lib = SHARED_MODULES[name];
      if (!lib) throw new Error(`Modulo condiviso senza implementazione nella shell: ${name}`);
      return [name, { version, lib: () => lib, shareConfig: { singleton, requiredVersion } }];
    }),
  );
  return init({
    name: 'shell',
    remotes: [],
    shared,
    // With the default strategy one unreachable remote stops the others (STACK-NOTES).
    shareStrategy: 'loaded-first',
    plugins: [injectExternalRuntimeCore()],
  });
}

let federation: ModuleFederation | null = null;
let registered: Promise<void> | null = null;

/** Remotes this page has loaded something of: their version stays until the page reloads (never a hot swap). */
const loadedRemotes = new Set<string>();
/** The manifest URL each remote was registered with. */
const registeredEntries = new Map<string, string>();

function register(instance: ModuleFederation, manifest: RemotesManifest, force = false): void {
  for (const [name, entry] of Object.entries(manifest)) registeredEntries.set(name, entry);
  instance.registerRemotes(
    Object.entries(manifest).map(([name, entry]) => ({ name, entry })),
    { force },
  );
}

/** The runtime, created and given the remotes manifest once. A missing manifest leaves the remotes unregistered. */
async function started(): Promise<ModuleFederation> {
  federation ??= createFederation();
  const instance = federation;
  registered ??= fetchRemotesManifest()
    .then((manifest) => register(instance, manifest))
    .catch((err: unknown) => console.error('[shell] /remotes.json non disponibile', err));
  await registered;
  return instance;
}

/**
 * Loads what a domain app exposes as `./{exposed}` (its default export). Attempt 0 uses what was registered at
 * start. A later attempt is a real retry: the runtime keeps a failed manifest or entry load cached, so the
 * manifest is read again and the remote re-registered with force, which drops those caches before loading afresh.
 */
export async function loadExposed(remote: RemoteName, exposed: string, attempt: number): Promise<unknown> {
  const fresh = registered === null;
  const instance = await started();
  if (attempt === 0 && !fresh && !loadedRemotes.has(remote)) {
    // An app first opened long after the page started: the release may have moved on since; take the live version.
    const entry = await fetchRemotesManifest().then(
      (m) => m[remote],
      () => undefined,
    );
    if (entry && entry !== registeredEntries.get(remote)) register(instance, { [remote]: entry }, true);
  }
  if (attempt > 0) {
    const entry = (await fetchRemotesManifest())[remote];
    if (!entry) throw new Error(`${remote} non è elencato in /remotes.json`);
    register(instance, { [remote]: entry }, true);
  }
  const mod = await instance.loadRemote<{ default?: unknown }>(`${remote}/${exposed}`);
  if (!mod?.default) throw new Error(`${remote}/${exposed} non ha esposto nulla`);
  loadedRemotes.add(remote);
  return mod.default;
}

/** The manifest URL `remote` was loaded from in this page (the update offer compares it with /remotes.json). */
export function entryOf(remote: RemoteName): string | null {
  return registeredEntries.get(remote) ?? null;
}

/**
 * The release health check (./release-check): registers `remote` at `entry` and loads its './routes' as a page
 * would; answers how many pages it exposes, and fails when it exposes none or its code throws.
 */
export async function checkRemote(remote: string, entry: string): Promise<number> {
  federation ??= createFederation();
  const instance = federation;
  register(instance, { [remote]: entry }, true);
  const mod = await instance.loadRemote<{ default?: DomainRoutes }>(`${remote}/routes`);
  const routes = mod?.default;
  if (!routes || typeof routes !== 'object') throw new Error(`${remote}/routes non ha esposto le sue pagine`);
  const pages = Object.values(routes).filter((page) => typeof page === 'function' || (typeof page === 'object' && page !== null));
  if (pages.length === 0) throw new Error(`${remote}/routes non espone nessuna pagina`);
  return pages.length;
}

/**
 * The composed set's apps that offer `slot` (docs/releases.md): those whose mf-manifest.json lists a module of that
 * name among its exposes. An app whose manifest cannot be read is counted in: loading its slot then fails, and the
 * page shows the notice in its place rather than silently leaving it out.
 */
export async function slotOfferers(slot: string): Promise<RemoteName[]> {
  await started();
  const offers = await Promise.all(
    [...registeredEntries].map(async ([, entry]) => {
      try {
        const res = await fetch(entry, { cache: 'no-cache', headers: { Accept: 'application/json' } });
        if (!res.ok) return true;
        const manifest = (await res.json()) as { exposes?: { name?: string; path?: string }[] };
        return (manifest.exposes ?? []).some((e) => e.name === slot || e.path === `./${slot}`);
      } catch {
        return true;
      }
    }),
  );
  return [...registeredEntries.keys()].filter((_, i) => offers[i]);
}

/** A domain app's './routes': its pages by route path. */
export const loadRoutes = (remote: RemoteName, attempt: number) => loadExposed(remote, 'routes', attempt) as Promise<DomainRoutes>;
