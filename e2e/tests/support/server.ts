/**
 * Starts the real server (the same entry point as `npm start`) on a free port with its own data folder,
 * on embedded PGlite or, when DATABASE_URL is set, on a fresh database created on that PostgreSQL server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../../../server/src/testing/databases.ts';
import { freePort } from '../../../server/src/testing/process.ts';
import { serverClock } from './clock.ts';

export { freePort };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Mail {
  to: string;
  subject: string;
  links: string[];
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The scratch PostgreSQL database the server runs on (DATABASE_URL runs); null on embedded PGlite, which only the server can open. */
  databaseUrl: string | null;
  mails: Mail[];
  output: string[];
  /** Resolves with the next mail sent to `to` (already sent ones included). */
  waitForMail(to: string, timeoutMs?: number): Promise<Mail>;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portale-e2e-'));
  const db = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'e2e') : null;
  const clock = serverClock();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...clock.args,
      '--import',
      'tsx',
      path.join(repoRoot, 'server/src/main.ts'),
    ],
    {
      cwd: path.join(repoRoot, 'server'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...(db ? { DATABASE_URL: db.url } : { DATABASE_URL: '' }),
        ...clock.env,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  const mails: Mail[] = [];
  const mailWaiters: Array<() => void> = [];
  let ready: () => void;
  let failed: (e: Error) => void;
  const readyPromise = new Promise<void>((res, rej) => ((ready = res), (failed = rej)));
  const onLine = (line: string) => {
    output.push(line);
    if (line.includes('Portale del circolo:')) ready();
    const idx = line.indexOf('MAIL {');
    if (idx >= 0) {
      mails.push(JSON.parse(line.slice(idx + 5)) as Mail);
      mailWaiters.splice(0).forEach((w) => w());
    }
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let buf = '';
    stream.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const lines = buf.split('\n');
      buf = lines.pop()!;
      lines.forEach(onLine);
    });
  }
  child.on('exit', (code) => failed(new Error(`server exited with ${code}:\n${output.slice(-30).join('\n')}`)));
  const timer = setTimeout(() => failed(new Error(`server did not start in 60 s:\n${output.slice(-30).join('\n')}`)), 60_000);
  await readyPromise.finally(() => clearTimeout(timer));

  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    databaseUrl: db?.url ?? null,
    mails,
    output,
    async waitForMail(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.toLowerCase() === to.toLowerCase());
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}; output:\n${output.slice(-20).join('\n')}`);
        await new Promise<void>((res) => {
          mailWaiters.push(res);
          setTimeout(res, 250);
        });
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((res) => child.once('exit', res));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((res) => setTimeout(res, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
