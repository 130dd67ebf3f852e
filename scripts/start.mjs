// npm start: installs what is needed (pnpm included), builds the front ends and the server (each only when its
// sources changed), then serves the portal (shell, the five domain apps and the API) on one port with the embedded
// PostgreSQL and a demo club: the built server (node server/dist/main.js) under a supervisor that starts it again if
// it dies (scripts/supervise.mjs).
import { ensurePnpm, install, buildFrontEnds, buildServer, root } from './lib.mjs';

const pnpm = ensurePnpm();
await install(pnpm);
buildFrontEnds(pnpm);
buildServer(pnpm);
process.chdir(root);
await import('./supervise.mjs');
