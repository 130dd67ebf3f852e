// npm run build: rebuild what changed among the front ends (shell and domain apps, one after the other) and the
// server (esbuild, server/dist). --force rebuilds everything; --server builds the server only.
import { ensurePnpm, buildFrontEnds, buildServer } from './lib.mjs';

const pnpm = ensurePnpm();
const force = process.argv.includes('--force');
if (!process.argv.includes('--server')) buildFrontEnds(pnpm, { force });
buildServer(pnpm, { force });
