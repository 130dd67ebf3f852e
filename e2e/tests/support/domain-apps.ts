/** The domain apps from the one list (shared-api/src/domain-apps.json), and the built-in remotes manifest they make. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './server.ts';

export interface DomainApp {
  folder: string;
  federationName: string;
  devPort: number;
  title: string;
}

export const DOMAIN_APPS: DomainApp[] = JSON.parse(readFileSync(path.join(repoRoot, 'shared-api', 'src', 'domain-apps.json'), 'utf8'));

/** What GET /remotes.json answers without a DATA_DIR/remotes.json: each app's manifest under /apps/<folder>/. */
export const DEFAULT_REMOTES: Record<string, string> = Object.fromEntries(
  DOMAIN_APPS.map((app) => [app.federationName, `/apps/${app.folder}/mf-manifest.json`]),
);
