// npm run bench: builds what is needed and runs the benchmarks in bench/ (they print figures, never pass/fail).
import { ensurePnpm, install, buildFrontEnds, runOrExit } from './lib.mjs';

const pnpm = ensurePnpm();
await install(pnpm);
buildFrontEnds(pnpm);
runOrExit(pnpm, ['--filter', 'bench', 'bench', ...process.argv.slice(2)]);
