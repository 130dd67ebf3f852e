// npm start: installs what is needed (pnpm included), builds the front ends, then serves the portal
// (shell, the five domain apps and the API) on one port with the embedded PostgreSQL and a demo club.
import { ensurePnpm, install, buildFrontEnds, runOrExit } from './lib.mjs';

const pnpm = ensurePnpm();
install(pnpm);
buildFrontEnds(pnpm);
runOrExit(pnpm, ['--filter', 'server', 'start']);
