/**
 * The real server (the entry point of `npm start`) for one browser test file, through the test kit: on a free port,
 * started from a copy of the seeded demo club (a copied data folder, and on PostgreSQL — DATABASE_URL — a database
 * cloned from a template), on the test's clock (TEST_NOW).
 */
import { type Mail, type PortalCopy, REPO_ROOT, TEST_START_MS, copyOfPortal, startServerProcess } from 'test-kit';

export { freePort } from 'test-kit';
export type { Mail };

export const repoRoot = REPO_ROOT;

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
  const copy: PortalCopy = await copyOfPortal(TEST_START_MS, process.env.DATABASE_URL || null, { linkReleases: true });
  const server = await startServerProcess({ dataDir: copy.dataDir, databaseUrl: copy.databaseUrl, env }).catch(async (err: unknown) => {
    await copy.remove();
    throw err;
  });
  return {
    url: server.url,
    dataDir: copy.dataDir,
    databaseUrl: copy.databaseUrl,
    mails: server.mail.mails,
    output: server.output,
    waitForMail: (to, timeoutMs) => server.mail.waitFor(to, timeoutMs, () => `; output:\n${server.output.slice(-20).join('\n')}`),
    async stop() {
      await server.stop();
      await copy.remove();
    },
  };
}
