import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (DESIGN §3). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check, so a login for an unknown address answers as slowly as a wrong password. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('nessun-utente-con-questa-password');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
