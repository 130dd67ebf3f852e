import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a cookie or a mail link, and the hash the database keeps instead of it. */
export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

export const hashSecret = (token: string): string => createHash('sha256').update(token).digest('hex');
