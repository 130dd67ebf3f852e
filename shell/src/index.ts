import { fetchRemotesManifest } from './remotes/manifest';
import { registerManifest } from './remotes/runtime';

// A missing or broken manifest must not stop the portal: the domain sections then show their fallback.
fetchRemotesManifest()
  .then(registerManifest)
  .catch((err: unknown) => console.error('[shell] /remotes.json non disponibile', err))
  .finally(() => import('./bootstrap'));
