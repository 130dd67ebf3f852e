// One headless Chromium for the pool's browser files (e2e/tests/support/browser-server.ts, Playwright's launchServer):
// its address goes to every file the pool starts from then on through E2E_BROWSER_WS in this process's environment,
// and each file connects to it instead of launching a Chromium of its own. If it dies, the files it was serving fail
// (their Playwright calls reject: the connection is gone), the address is withdrawn (files started meanwhile launch
// their own) and another is started for the next files. Plain JavaScript: scripts/test.mjs imports it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { log, root } from './lib.mjs';

const ENV = 'E2E_BROWSER_WS';
/** Restarts after a death: a Chromium that keeps dying is left alone, and the files launch their own. */
const MAX_RESTARTS = 3;

/**
 * Starts the shared Chromium and answers once its address is in process.env (or it failed to start: the files then
 * launch their own). `stop()` closes it and answers when it has ended.
 * @returns {Promise<{ stop(): Promise<void> }>}
 */
export async function startSharedBrowser() {
  let child = null;
  let stopping = false;
  let restarts = 0;

  const launch = () =>
    new Promise((resolve) => {
      const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/support/browser-server.ts'], {
        cwd: path.join(root, 'e2e'),
        env: process.env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      child = proc;
      let out = '';
      let err = '';
      proc.stderr.on('data', (chunk) => (err += chunk));
      proc.stdout.on('data', (chunk) => {
        out += chunk;
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (!line || process.env[ENV]) return;
        process.env[ENV] = JSON.parse(line).wsEndpoint;
        resolve(true);
      });
      proc.on('close', (code, signal) => {
        delete process.env[ENV];
        resolve(false);
        if (stopping) return;
        console.log(`  ✖ Chromium condiviso terminato (uscita ${code ?? signal})${err.trim() ? `:\n${err.trim().replace(/^/gm, '    │ ')}` : ''}`);
        if (restarts >= MAX_RESTARTS) {
          console.log('  ✖ Chromium condiviso: troppi riavvii, i file successivi avviano il proprio');
          return;
        }
        restarts += 1;
        log('Riavvio il Chromium condiviso per i file successivi');
        void launch();
      });
    });

  if (!(await launch())) console.log('  ✖ Chromium condiviso non avviato: ogni file del browser avvia il proprio');
  return {
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        delete process.env[ENV];
        if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
        child.on('close', () => resolve());
        child.stdin.end();
      }),
  };
}
