// The built server under a supervisor (npm start's last step): `node --enable-source-maps server/dist/main.js`,
// started again when it dies after it was up (a crash, an out-of-memory kill), after a pause that grows while it
// keeps dying. Not restarted: a server stopped on purpose (Ctrl-C, SIGTERM to this process, a clean exit of its own)
// and a first start that fails before serving (port taken, data folder in use, bad configuration): starting it
// again would fail the same way. The server says it is up through the IPC channel (server/src/main.ts).
//
// A real deployment uses its service manager instead (docs/deploy.md: systemd's Restart=, a container's restart
// policy); this is for the embedded default on one machine.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(root, 'server', 'dist', 'main.js');

/** Pauses before a restart: 1 s, doubling while the server keeps dying, at most a minute. */
const FIRST_PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 60_000;
/** A server that served this long before dying starts the count again from the first pause. */
const STABLE_MS = 5 * 60_000;
/** Restarts in a row that failed before serving (the database unreachable, say) after which it gives up. */
const MAX_FAILED_STARTS = 10;

const say = (line) => console.error(`\x1b[33m▸ ${line}\x1b[0m`);

let child = null;
let stopping = false;
let pauseTimer = null;
/** Restarts since the server last ran stably; failed starts in a row since it last served. */
let restarts = 0;
let failedStarts = 0;

function start() {
  const startedAt = Date.now();
  let ready = false;
  const server = fork(MAIN, process.argv.slice(2), { execArgv: ['--enable-source-maps'], stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  child = server;
  server.on('message', (message) => {
    if (message && typeof message === 'object' && 'ready' in message) {
      ready = true;
      failedStarts = 0;
    }
  });
  server.on('exit', (code, signal) => {
    child = null;
    const how = signal ? `segnale ${signal}` : `codice ${code}`;
    if (stopping) process.exit(code ?? 0);
    if (!ready && restarts === 0) {
      // The first start failed: the server has said why (port taken, data folder in use, configuration).
      say(`Il server non è partito (${how}): non lo riavvio.`);
      process.exit(code || 1);
    }
    if (ready && !signal && code === 0) process.exit(0);
    if (!ready && ++failedStarts >= MAX_FAILED_STARTS) {
      say(`Il server non riparte (${failedStarts} tentativi falliti di fila, l'ultimo con ${how}): mi fermo.`);
      process.exit(code || 1);
    }
    if (ready && Date.now() - startedAt >= STABLE_MS) restarts = 0;
    const pause = Math.min(FIRST_PAUSE_MS * 2 ** restarts, MAX_PAUSE_MS);
    restarts += 1;
    say(`Il server (pid ${server.pid}) è terminato inaspettatamente (${how}): lo riavvio tra ${pause / 1000} s (riavvio n. ${restarts}).`);
    pauseTimer = setTimeout(() => {
      pauseTimer = null;
      start();
    }, pause);
  });
}

// Ctrl-C reaches the server too (same process group); a signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
    if (pauseTimer) {
      clearTimeout(pauseTimer);
      process.exit(0);
    }
    child?.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}

start();
