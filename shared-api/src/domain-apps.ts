/**
 * The domain apps of the portal (DESIGN §1), written once in domain-apps.json so plain Node scripts
 * (scripts/lib.mjs, jest.config.cjs) read the same list as TypeScript (tooling, the shell, e2e, the server's
 * static host). Adding a domain app is one line there.
 */
import apps from './domain-apps.json';

export interface DomainApp {
  /** Folder of the app in the repository, also its path under /apps/ on the static host. */
  folder: string;
  /** Module Federation name: the key of /remotes.json and the prefix of `loadRemote('<name>/routes')`. */
  federationName: string;
  /** Port of the app's own dev server (`pnpm dev`). */
  devPort: number;
  /** Title of the app's standalone page. */
  title: string;
}

export const DOMAIN_APPS: readonly DomainApp[] = apps;

export const domainAppByFolder = (folder: string): DomainApp => {
  const app = DOMAIN_APPS.find((a) => a.folder === folder);
  if (!app) throw new Error(`${folder} is not a domain app listed in shared-api/src/domain-apps.json`);
  return app;
};
