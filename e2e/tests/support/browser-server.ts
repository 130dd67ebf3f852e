/**
 * One headless Chromium for a whole pool of browser files (scripts/test.mjs starts it when the browser suite runs):
 * prints `{"wsEndpoint": …}` on a line of its own, and the files connect to it (E2E_BROWSER_WS, launchBrowser). Closes
 * Chromium and ends on SIGTERM or when its standard input closes (the runner gone); if Chromium dies on its own, ends
 * with code 1, so that the runner can start another for the next files.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium.ts';

const server = await chromium.launchServer({
  executablePath: CHROMIUM_EXECUTABLE,
  args: CHROMIUM_ARGS,
  headless: true,
  handleSIGINT: false,
  handleSIGTERM: false,
  handleSIGHUP: false,
});
let closing = false;
server.on('close', () => {
  if (closing) return;
  console.error('✖ il Chromium condiviso si è chiuso da solo');
  process.exit(1);
});
const close = async () => {
  if (closing) return;
  closing = true;
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.stdin.on('end', () => void close());
process.stdin.resume();
process.stdout.write(`${JSON.stringify({ wsEndpoint: server.wsEndpoint() })}\n`);
