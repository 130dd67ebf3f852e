/**
 * The keys that sign calendar-feed addresses and unsubscribe links (issue 39): never in the database, so a dump or a
 * backup of it rebuilds no link. They come from the environment (SIGNING_KEY, and SIGNING_KEY_PREVIOUS while links
 * signed with an older one must still work) or from the key file DATA_DIR/signing-keys.json, created with mode 0600 on
 * first start (PostgreSQL deployments too). Each named secret ('calendar-feed', 'unsubscribe', …) is HMAC(master key,
 * name). `rotateSigningKeys` (npm run rotate-signing-key) makes a new master key and keeps the previous one valid
 * for a grace period: links signed before verify until it ends, not after; new links are signed with the new key.
 *
 * Before issue 39 each named secret was a random value in the table server_secrets. At the first start of this
 * version `importLegacySecrets` copies them into the key file as the current generation's own keys for those names
 * (so every address and link already given keeps working) and the migration drops the table; the first rotation
 * retires them with the rest.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './db/client';
import { rowsOf } from './db/rows';
import { type Clock, systemClock } from './time';

const FORMAT = 'portale-chiavi-firma';
export const SIGNING_KEY_FILE = 'signing-keys.json';
/** Days a rotated-out key still verifies (npm run rotate-signing-key -- <days> changes it). */
export const DEFAULT_GRACE_DAYS = 30;

interface KeyGeneration {
  /** 32 random bytes, base64url. */
  master: string;
  /** Keys of single names imported from the database of before issue 39 (base64url). */
  named?: Record<string, string>;
  created_at: string;
}

interface KeyFile {
  format: typeof FORMAT;
  current: KeyGeneration;
  previous: (KeyGeneration & { valid_until: string }) | null;
}

export interface SigningKeySettings {
  dataDir: string;
  /** SIGNING_KEY: the master key itself (at least 32 characters); the file's master key is then not used. */
  signingKey: string | null;
  /** SIGNING_KEY_PREVIOUS: a former SIGNING_KEY, still accepted (for as long as it is set). */
  signingKeyPrevious: string | null;
}

const keyFileOf = (dataDir: string) => path.join(dataDir, SIGNING_KEY_FILE);
const newGeneration = (now: Date): KeyGeneration => ({ master: randomBytes(32).toString('base64url'), created_at: now.toISOString() });

/** Writes the key file whole (a temporary file with mode 0600, then renamed over the old). */
function writeKeyFile(file: string, content: KeyFile): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}

function readKeyFile(file: string): KeyFile {
  const content = JSON.parse(fs.readFileSync(file, 'utf8')) as KeyFile;
  if (content.format !== FORMAT || typeof content.current?.master !== 'string') {
    throw new Error(`${file} non è un file di chiavi del portale: spostalo o correggilo`);
  }
  return content;
}

/** The key file of `dataDir`, created (mode 0600, exclusively: two processes starting together make one) if missing. */
function ensureKeyFile(dataDir: string, now: Date): KeyFile {
  const file = keyFileOf(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const fresh: KeyFile = { format: FORMAT, current: newGeneration(now), previous: null };
  try {
    fs.writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readKeyFile(file);
}

const named = (generation: Pick<KeyGeneration, 'master' | 'named'>, name: string): Buffer =>
  generation.named?.[name] !== undefined
    ? Buffer.from(generation.named[name], 'base64url')
    : createHmac('sha256', generation.master).update(`portale:${name}`).digest();

/** The keys in force: the current generation signs, the previous one (within its grace period) still verifies. */
export class SigningKeys {
  private file: KeyFile | null = null;
  private fileStamp = '';
  private checkedAt = 0;

  constructor(
    private readonly settings: SigningKeySettings,
    private readonly clock: Clock = systemClock,
  ) {
    if (settings.signingKey !== null && settings.signingKey.length < 32) {
      throw new Error('SIGNING_KEY troppo corta: almeno 32 caratteri casuali (es. openssl rand -base64 32)');
    }
    this.file = ensureKeyFile(settings.dataDir, clock.now());
    this.fileStamp = this.stamp();
  }

  private stamp(): string {
    const stat = fs.statSync(keyFileOf(this.settings.dataDir), { throwIfNoEntry: false });
    return stat ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : '';
  }

  /** The key file as last written: read again when it changed (a rotation by the command), checked once a second. */
  private current(): KeyFile {
    const now = Date.now();
    if (now - this.checkedAt > 1000) {
      this.checkedAt = now;
      const stamp = this.stamp();
      if (stamp !== this.fileStamp) {
        this.file = readKeyFile(keyFileOf(this.settings.dataDir));
        this.fileStamp = stamp;
      }
    }
    return this.file!;
  }

  /** The key `name` is signed with now. */
  signingKey(name: string): Buffer {
    const file = this.current();
    if (this.settings.signingKey !== null) return named({ master: this.settings.signingKey, named: file.current.named }, name);
    return named(file.current, name);
  }

  /** Every key `name` is verified with now: the signing one first, then the previous one while its grace lasts. */
  verifyingKeys(name: string): Buffer[] {
    const keys = [this.signingKey(name)];
    if (this.settings.signingKeyPrevious !== null) keys.push(named({ master: this.settings.signingKeyPrevious }, name));
    const previous = this.current().previous;
    if (previous && this.clock.now().getTime() < Date.parse(previous.valid_until)) keys.push(named(previous, name));
    return keys;
  }
}

/** The keys each database's services sign with (tests open several apps in one process). */
const keyrings = new WeakMap<object, SigningKeys>();

/** Makes `db`'s signatures use `keys` (the services plugin, at start). */
export function useSigningKeys(db: Db, keys: SigningKeys): void {
  keyrings.set(db, keys);
}

function keysOf(db: DbOrTx): SigningKeys {
  const keys = keyrings.get(db);
  if (!keys) throw new Error('Chiavi di firma non impostate per questo database (useSigningKeys)');
  return keys;
}

const hmac = (key: Buffer, message: string) => createHmac('sha256', key).update(message).digest('base64url');

/** HMAC-SHA256 of a message under a named secret, as base64url. */
export async function sign(db: DbOrTx, secretName: string, message: string): Promise<string> {
  return Promise.resolve(hmac(keysOf(db).signingKey(secretName), message));
}

/** The message's signatures under every key in force (the signing one first). */
export async function signatures(db: DbOrTx, secretName: string, message: string): Promise<string[]> {
  return Promise.resolve(
    keysOf(db)
      .verifyingKeys(secretName)
      .map((key) => hmac(key, message)),
  );
}

/** Whether a signature is the message's under a key in force, compared in constant time. */
export async function verifySignature(db: DbOrTx, secretName: string, message: string, signature: string): Promise<boolean> {
  const given = Buffer.from(signature);
  let valid = false;
  for (const expected of await signatures(db, secretName, message)) {
    const bytes = Buffer.from(expected);
    if (bytes.length === given.length && timingSafeEqual(bytes, given)) valid = true;
  }
  return valid;
}

/**
 * A new master key in the key file; the one it replaces still verifies for `graceDays`. Refused when SIGNING_KEY is
 * set (the environment's key is changed there, the old one kept in SIGNING_KEY_PREVIOUS for the grace period).
 */
export function rotateSigningKeys(settings: SigningKeySettings, now: Date, graceDays = DEFAULT_GRACE_DAYS): { validUntil: Date } {
  if (settings.signingKey !== null) {
    throw new Error(
      'SIGNING_KEY è impostata: per cambiarla metti la nuova in SIGNING_KEY e la vecchia in SIGNING_KEY_PREVIOUS, da togliere finito il periodo di transizione',
    );
  }
  const file = ensureKeyFile(settings.dataDir, now);
  const validUntil = new Date(now.getTime() + graceDays * 86_400_000);
  writeKeyFile(keyFileOf(settings.dataDir), {
    format: FORMAT,
    current: newGeneration(now),
    previous: { ...file.current, valid_until: validUntil.toISOString() },
  });
  return { validUntil };
}

/**
 * Moves the secrets of before issue 39 out of the database: the rows of server_secrets, if the table is still there,
 * become the key file's own keys for their names (names it already has are kept), then the rows are deleted (the
 * migration drops the table). Runs before the migrations at start; nothing to do on a database without the table.
 */
export async function importLegacySecrets(db: Db, dataDir: string, now: Date): Promise<number> {
  const [exists] = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass('public.server_secrets')::text as t`));
  if (!exists?.t) return 0;
  const rows = rowsOf<{ name: string; value: string }>(await db.execute(sql`select name, value from server_secrets`));
  if (rows.length > 0) {
    const file = ensureKeyFile(dataDir, now);
    const imported = { ...Object.fromEntries(rows.map((r) => [r.name, r.value])), ...file.current.named };
    writeKeyFile(keyFileOf(dataDir), { ...file, current: { ...file.current, named: imported } });
  }
  await db.execute(sql`delete from server_secrets`);
  return rows.length;
}
