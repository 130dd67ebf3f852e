/**
 * The one way the suites start the real server (the entry point of `npm start`) as a process: on a free port, a data
 * folder and a database the test chooses (so it can be killed and started again on the same data, or started twice on
 * one PostgreSQL), on the test's clock. It runs the built server (server/dist/main.js) when PORTAL_SERVER_ENTRY points
 * at it — the test command builds it once — and the sources through tsx otherwise, as a developer running one file wants.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processClock, testNow } from './clock';
import { MailLog } from './mail';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_ROOT = path.join(REPO_ROOT, 'server');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcessOptions {
  /** The data folder (embedded database, files, releases); a new temporary one, removed at stop(), without it. */
  dataDir?: string;
  /** A PostgreSQL database instead of the embedded one in dataDir. */
  databaseUrl?: string | null;
  /** The instant the server's clock starts at (default: the test's now); null leaves the process on the system's clock. */
  clockStartMs?: number | null;
  /** More environment (CLUB_NAME, RELEASE_HEALTH_CHECK, …), applied last. */
  env?: Record<string, string>;
  /** Lines of output kept (the newest); all by default. */
  keepLines?: number;
}

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  databaseUrl: string | null;
  /** The output kept so far, one entry a line (stdout and stderr). */
  output: string[];
  /** The mails the server printed (no SMTP). */
  mail: MailLog;
  /** Resolves with the first line of output matching `pattern` (already printed ones included). */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string | null>;
  /** SIGKILL: no shutdown, no flush, as a crash. Resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, the orderly stop (the database is closed); SIGKILL after 10 s. Removes the data folder it made. */
  stop(): Promise<void>;
}

export interface SpawnedServer extends ServerProcess {
  /** Resolves when the server serves; rejects when it exits first or does not serve within a minute. */
  ready: Promise<void>;
}

/**
 * V8 flags the test command gives every process of the run (TEST_NODE_FLAGS, set by scripts/test.mjs): --liftoff-only,
 * so the embedded database's WebAssembly is not compiled a second time by the optimizing compiler in processes that
 * live seconds to minutes (about 2 CPU-s less per process, see scripts/test.mjs).
 */
function testNodeFlags(): string[] {
  return (process.env.TEST_NODE_FLAGS ?? '').split(' ').filter(Boolean);
}

/** The node arguments that run the server: the built entry (PORTAL_SERVER_ENTRY) or the sources through tsx. */
function serverEntry(): string[] {
  const built = process.env.PORTAL_SERVER_ENTRY;
  if (built) return ['--enable-source-maps', path.resolve(REPO_ROOT, built)];
  return ['--import', 'tsx', path.join(SERVER_ROOT, 'src', 'main.ts')];
}

/**
 * The node arguments that run one of the server's commands, named by its path under server/src without the extension
 * ('backup-cli', 'domains/platform/cli'): the build next to the built server when PORTAL_SERVER_ENTRY is set (the test
 * command builds server/dist, which holds every command, as `npm run backup` and `npm run compose` run them), the
 * sources through tsx otherwise. Spawn `process.execPath` with these, then the command's own arguments.
 */
export function serverScript(name: string): string[] {
  const built = process.env.PORTAL_SERVER_ENTRY;
  if (built) return ['--enable-source-maps', path.join(path.dirname(path.resolve(REPO_ROOT, built)), `${name}.js`)];
  return ['--import', 'tsx', path.join(SERVER_ROOT, 'src', `${name}.ts`)];
}

/** Starts the server without waiting for it: `ready` and `exited` say what became of it. */
export async function spawnServer(options: ServerProcessOptions = {}): Promise<SpawnedServer> {
  const port = await freePort();
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portale-server-'));
  const clock = options.clockStartMs === null ? { args: [], env: {} } : processClock(options.clockStartMs ?? testNow().getTime());
  const child: ChildProcess = spawn(process.execPath, [...testNodeFlags(), ...clock.args, ...serverEntry()], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: options.databaseUrl ?? '',
      ...clock.env,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const mail = new MailLog();
  const tail = () => `\n${output.slice(-30).join('\n')}`;
  let serving: () => void = () => {};
  const lineWaiters = new Set<(line: string) => void>();
  const onLine = (line: string) => {
    output.push(line);
    if (options.keepLines && output.length > options.keepLines) output.shift();
    mail.read(line);
    lineWaiters.forEach((wake) => wake(line));
    if (line.includes('Portale del circolo:')) serving();
  };
  const waitForLine = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const seen = output.find((line) => pattern.test(line));
      if (seen !== undefined) return resolve(seen);
      const timer = setTimeout(() => {
        lineWaiters.delete(check);
        reject(new Error(`nessuna riga ${pattern} in ${timeoutMs} ms:${tail()}`));
      }, timeoutMs);
      const check = (line: string) => {
        if (!pattern.test(line)) return;
        clearTimeout(timer);
        lineWaiters.delete(check);
        resolve(line);
      };
      lineWaiters.add(check);
    });
  for (const stream of [child.stdout!, child.stderr!]) {
    let buffer = '';
    stream.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      lines.forEach(onLine);
    });
  }
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`il server non è partito in 120 s:${tail()}`)), 120_000);
    serving = () => {
      clearTimeout(timer);
      resolve();
    };
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`il server è uscito (${code}) prima di servire:${tail()}`));
    });
  });
  // A caller that only awaits `exited` must not see an unhandled rejection of `ready`.
  ready.catch(() => undefined);
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    dataDir,
    databaseUrl: options.databaseUrl ?? null,
    output,
    mail,
    waitForLine,
    exited,
    ready,
    async kill() {
      if (alive()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (alive()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => alive() && child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the server and waits until it serves. */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const server = await spawnServer(options);
  try {
    await server.ready;
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

/** An answer of the API as a test reads it: whatever came back; the tests name the fields they check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiAnswer = { status: number; json: any; text: string };

/** A small HTTP client with its own session cookie, speaking to a server process as the portal's pages do. */
export class Client {
  cookie: string | null = null;
  constructor(readonly base: string) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      // Same-origin, as the portal's own pages send it (cross-site writes are refused).
      headers: {
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie?.startsWith('sid=')) this.cookie = setCookie.replace(/;.*$/, '');
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, json, text };
  }

  async login(email: string, password: string, headers: Record<string, string> = {}): Promise<void> {
    const res = await this.request('POST', '/api/v1/auth/login', { email, password }, headers);
    if (res.status !== 200) throw new Error(`login ${email} → ${res.status} ${res.text}`);
  }
}
