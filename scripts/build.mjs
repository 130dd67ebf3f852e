// npm run build: rebuild every front end (shell and domain apps), one after the other.
import { ensurePnpm, buildFrontEnds } from './lib.mjs';

buildFrontEnds(ensurePnpm(), { force: process.argv.includes('--force') });
