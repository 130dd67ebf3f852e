/**
 * The club's backup key (issue 39): archives are age files (https://age-encryption.org, through the age-encryption
 * package, not a cipher of our own), encrypted either with a passphrase (BACKUP_KEY, or BACKUP_KEY_FILE holding one)
 * or to an age key pair (BACKUP_KEY_FILE holding `AGE-SECRET-KEY-1…`, from `age-keygen` or `npm run backup --
 * genera-chiave`; a file holding only the public `age1…` line writes archives the server itself cannot read back).
 * Encryption and decryption run on a worker thread (archive.ts): a passphrase's scrypt takes seconds.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';

/** What a worker needs to encrypt or decrypt: structured-clonable strings only. */
export interface BackupKey {
  passphrase: string | null;
  /** age identities (AGE-SECRET-KEY-1…): decrypt, and encrypt to their recipients. */
  identities: string[];
  /** age recipients (age1…): encrypt only. */
  recipients: string[];
}

/** A backup refused before anything was written (no key, an unreadable key file); the message is one Italian sentence. */
export class BackupKeyMissing extends Error {}

export const NO_KEY_MESSAGE =
  'manca la chiave delle copie: imposta BACKUP_KEY (una frase segreta lunga, almeno 5 parole) oppure BACKUP_KEY_FILE (un file con la frase o con una chiave age AGE-SECRET-KEY-1…, creabile con "npm run backup -- genera-chiave"), e conservala fuori dal server: senza di essa le copie non si aprono.';

/** The key of BACKUP_KEY / BACKUP_KEY_FILE, or throws BackupKeyMissing saying (in Italian) how to set one. */
export function backupKeyOf(config: { backupKey: string | null; backupKeyFile: string | null }): BackupKey {
  if (config.backupKey) return { passphrase: config.backupKey, identities: [], recipients: [] };
  if (!config.backupKeyFile) throw new BackupKeyMissing(`Copia non scritta: ${NO_KEY_MESSAGE}`);
  let text: string;
  try {
    text = fs.readFileSync(config.backupKeyFile, 'utf8');
  } catch {
    throw new BackupKeyMissing(`Il file della chiave BACKUP_KEY_FILE (${config.backupKeyFile}) non si legge.`);
  }
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const identities = lines.filter((l) => l.startsWith('AGE-SECRET-KEY-'));
  const recipients = lines.filter((l) => l.startsWith('age1'));
  if (identities.length + recipients.length > 0) return { passphrase: null, identities, recipients };
  const passphrase = text.trim();
  if (!passphrase) throw new BackupKeyMissing(`Il file della chiave BACKUP_KEY_FILE (${config.backupKeyFile}) è vuoto.`);
  return { passphrase, identities: [], recipients: [] };
}

/** A refusal of decryption: the key does not open the archive, or it is no age file. */
export class WrongBackupKey extends Error {}

/**
 * The scrypt work factor (log2 N) of an archive sealed with a passphrase: age's own 18 (about 1.5 CPU-s to write an
 * archive and as much to open it: what makes a guessed passphrase costly). Under tests (NODE_ENV=test, as
 * unit-of-work's checks) 10: the same format, stanza and code path at 1/256 of the work; the archive records its factor,
 * so it opens the same way anywhere. scrypt was a third of the CPU of the API batch holding backup-job and backup-online,
 * and half of backup.test's on PostgreSQL (docs/decisions.md).
 */
export const scryptWorkFactor = (): number => (process.env.NODE_ENV === 'test' ? 10 : 18);

/** Encrypts a byte stream under `key`; answers the ciphertext as a Node stream (age's STREAM format, 64 KiB chunks). */
export async function encryptStream(key: BackupKey, plain: Readable): Promise<Readable> {
  const { Encrypter, identityToRecipient } = await import('age-encryption');
  const encrypter = new Encrypter();
  if (key.passphrase !== null) {
    encrypter.setPassphrase(key.passphrase);
    encrypter.setScryptWorkFactor(scryptWorkFactor());
  }
  for (const identity of key.identities) encrypter.addRecipient(await identityToRecipient(identity));
  for (const recipient of key.recipients) encrypter.addRecipient(recipient);
  const encrypted = await encrypter.encrypt(Readable.toWeb(plain) as unknown as ReadableStream<Uint8Array>);
  // A web stream is async-iterable on Node 20 (and typed so by both TypeScript versions the repo checks with).
  return Readable.from(encrypted as AsyncIterable<Uint8Array>);
}

/** Decrypts an archive's stream under `key`; throws WrongBackupKey when the key does not open it. */
export async function decryptStream(key: BackupKey, cipher: Readable): Promise<Readable> {
  const { Decrypter } = await import('age-encryption');
  const decrypter = new Decrypter();
  if (key.passphrase !== null) decrypter.addPassphrase(key.passphrase);
  for (const identity of key.identities) decrypter.addIdentity(identity);
  if (key.passphrase === null && key.identities.length === 0) {
    throw new WrongBackupKey('BACKUP_KEY_FILE contiene solo la chiave pubblica (age1…): per ripristinare serve la chiave segreta AGE-SECRET-KEY-1….');
  }
  try {
    const plain = await decrypter.decrypt(Readable.toWeb(cipher) as unknown as ReadableStream<Uint8Array>);
    return Readable.from(plain as AsyncIterable<Uint8Array>);
  } catch {
    throw new WrongBackupKey('La chiave non apre questo archivio (o non è una copia cifrata del portale): controlla BACKUP_KEY o BACKUP_KEY_FILE.');
  }
}

/** A new age key pair for BACKUP_KEY_FILE: the file's text (with its public line as a comment). */
export async function newBackupKeyFile(): Promise<string> {
  const { generateX25519Identity, identityToRecipient } = await import('age-encryption');
  const identity = await generateX25519Identity();
  return `# chiave delle copie del portale, pubblica: ${await identityToRecipient(identity)}\n${identity}\n`;
}
