/**
 * The real server process (src/main.ts, the entry point of `npm start`) for the reliability tests: started on a
 * free port with a data folder and database the test chooses, so it can be killed and started again on the same
 * data, or started twice on one PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const serverRoot = path.resolve(import.meta.dirname, '..', '..');

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

/** A fresh database on the PostgreSQL server of `baseUrl`, dropped by `drop()`. */
export async function scratchDatabase(baseUrl: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface ServerProcess {
  url: string;
  pid: number;
  output: string[];
  /** SIGKILL: no shutdown, no flush, as a crash. Resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, the orderly stop (the database is closed). */
  stop(): Promise<void>;
}

export async function startServerProcess(env: { DATA_DIR: string; DATABASE_URL?: string } & Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
    cwd: serverRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STATIC_ROOT: env.DATA_DIR,
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output.slice(-20).join('\n')}`)), 60_000);
    const onLine = (line: string) => {
      // MAIL lines carry links; keep only the last few lines of output for error messages.
      output.push(line);
      if (output.length > 200) output.shift();
      if (line.includes('Portale del circolo:')) {
        clearTimeout(timer);
        resolve();
      }
    };
    for (const stream of [child.stdout!, child.stderr!]) {
      let buffer = '';
      stream.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        lines.forEach(onLine);
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${output.slice(-20).join('\n')}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A small HTTP client with its own session cookie. */
export class Client {
  cookie: string | null = null;
  constructor(readonly base: string) {}

  // A test client reads whatever the API answers; the tests name the fields they check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async request(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: any; text: string }> {
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
