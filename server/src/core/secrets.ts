import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from './db/client';
import { afterCommit } from './db/unit-of-work';
import { server_secrets } from './db/tables';

/** Per database (tests open several), per name. */
const caches = new WeakMap<object, Map<string, Promise<Buffer>>>();

/** A named secret, generated on first use and kept in the database so every server process signs alike. */
export function serverSecret(db: DbOrTx, name: string): Promise<Buffer> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map<string, Promise<Buffer>>()));
  const cached = cache.get(name);
  if (cached) return cached;
  // Created in a transaction (a unit of work of its own in a read, a savepoint of a mutating request's: core/db/
  // unit-of-work) and kept in memory only once that has committed: a request rolled back leaves no secret cached that
  // the database does not hold.
  const secret = db.transaction(async (tx) => {
    await tx
      .insert(server_secrets)
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await tx.select({ value: server_secrets.value }).from(server_secrets).where(eq(server_secrets.name, name));
    if (!row) throw new Error(`Segreto ${name} non disponibile`);
    return Buffer.from(row.value, 'base64url');
  });
  void secret.then(
    () => afterCommit(() => cache.set(name, secret)),
    () => undefined,
  );
  return secret;
}

/** HMAC-SHA256 of a message under a named secret, as base64url. */
export async function sign(db: DbOrTx, secretName: string, message: string): Promise<string> {
  return createHmac('sha256', await serverSecret(db, secretName))
    .update(message)
    .digest('base64url');
}

/** Whether a signature is the message's, compared in constant time. */
export async function verifySignature(db: DbOrTx, secretName: string, message: string, signature: string): Promise<boolean> {
  const expected = Buffer.from(await sign(db, secretName, message));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
