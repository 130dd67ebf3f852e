/**
 * The one PostgreSQL test-database helper, shared by the server's tests (testing/helper.ts) and the browser tests
 * (e2e/tests/support/server.ts): a fresh database on the server DATABASE_URL points at, dropped when done.
 * It imports only node and pg, so the e2e package can import this file as it is.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The new database's address (the base URL with its own database name). */
  url: string;
  name: string;
  /** Drops it, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

async function onServer<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database `<prefix>_<time>_<random>` on the PostgreSQL server of `baseUrl`. */
export async function createScratchDatabase(baseUrl: string, prefix = 'test'): Promise<ScratchDatabase> {
  if (!/^[a-z][a-z0-9_]*$/.test(prefix)) throw new Error(`prefisso non valido: ${prefix}`);
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => onServer(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
