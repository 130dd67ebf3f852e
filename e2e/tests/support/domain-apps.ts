/** The domain apps from the one list (shared-api's domain-apps), and the built-in remotes manifest they make. */
import { DOMAIN_APPS, type DomainApp } from 'shared-api/domain-apps';

export { DOMAIN_APPS, type DomainApp };

/** What GET /remotes.json answers without a DATA_DIR/remotes.json: each app's manifest under /apps/<folder>/. */
export const DEFAULT_REMOTES: Record<string, string> = Object.fromEntries(
  DOMAIN_APPS.map((app) => [app.federationName, `/apps/${app.folder}/mf-manifest.json`]),
);
