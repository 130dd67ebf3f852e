import path from 'node:path';
import { REPO_ROOT } from './paths';

export const DEFAULT_ADMIN_EMAIL = 'admin@circolo.example';
export const DEFAULT_ADMIN_PASSWORD = 'Admin-2026!';

/** Core's settings: the server, its database, mail, sessions, origins and the static host (releases included). */
export interface CoreConfig {
  port: number;
  host: string;
  /** Local data: the embedded database (pgdata/), uploaded files (files/), an optional remotes.json. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded database. */
  databaseUrl: string | null;
  /** SMTP transport (e.g. smtp://user:pass@host:587); without it mail goes to the outbox and the log. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where the portal is reached: links in mails, Secure cookies when https. */
  publicUrl: string;
  clubTimezone: string;
  /** The club's name, printed on the documents the portal generates (medical request forms, …). */
  clubName: string;
  seedAdminEmail: string;
  seedAdminPassword: string;
  /** Folder holding shell/dist and mf-*\/dist. */
  staticRoot: string;
  /** Fastify's logger level (default warn: errors and warnings, not every request), or false for none. */
  logLevel: string | false;
  /**
   * Behind a load balancer: which X-Forwarded-For hops to trust so throttling sees the member's address
   * (Fastify's trustProxy): a hop count (TRUST_PROXY=1) or the proxies' addresses/CIDRs (TRUST_PROXY=10.0.0.5,10.0.1.0/24).
   * false (unset): the connection's address. "true" (trust any header) is refused: anyone could pick their address.
   */
  trustProxy: false | number | string[];
  /** Development: NODE_ENV is not 'production'. Only then are e-mailed links printed in the log's MAIL line. */
  development: boolean;
  /**
   * Origins whose pages may send state-changing API requests (POST/PUT/PATCH/DELETE): ALLOWED_ORIGINS
   * (comma-separated), default the origin of PUBLIC_URL. Requests from other sites are refused (CSRF).
   */
  allowedOrigins: string[];
  /** The releases root: each published version of a domain app, <folder>/<version>/ (RELEASES_DIR, default DATA_DIR/releases). */
  releasesDir: string;
  /**
   * Where browsers find the releases root (RELEASES_URL): default /releases on this server; a CDN or object storage
   * address when the versions are uploaded there (docs/deploy.md).
   */
  releasesUrl: string;
  /**
   * How long a request's session lookup answers the next requests of the same session (SESSION_CACHE_MS, default
   * 1000; 0: every request reads the database). In this process any request that may change a user, a category or a
   * session clears it at once; another server process's change shows within this time (core/session-cache.ts).
   */
  sessionCacheMs: number;
  /** Where backups go (BACKUP_DIR): `npm run backup` writes there, and with it set a daily backup job runs. */
  backupDir: string | null;
  /**
   * The master key of the links' signatures (SIGNING_KEY, at least 32 characters): unset, the key file
   * DATA_DIR/signing-keys.json (made on first start, mode 0600) holds it (core/secrets.ts).
   */
  signingKey: string | null;
  /** A former SIGNING_KEY still accepted by the verification (SIGNING_KEY_PREVIOUS), for a rotation's grace period. */
  signingKeyPrevious: string | null;
  /** The backups' passphrase (BACKUP_KEY): archives are encrypted with it (core/backup/encryption.ts). */
  backupKey: string | null;
  /** A file holding the backups' passphrase or age key (BACKUP_KEY_FILE), instead of BACKUP_KEY. */
  backupKeyFile: string | null;
  /** How many of the daily backups are kept in BACKUP_DIR (BACKUP_KEEP, default 14): older ones are deleted. */
  backupKeep: number;
}

/**
 * Every setting of the running app: core's, plus each domain's section. A domain adds its fields by augmenting this
 * interface in its own settings.ts (`declare module '../../core/config' { interface AppConfig { … } }`) and reads them
 * from the environment with its Domain.settings, so core knows no domain's settings.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains' declaration merging
export interface AppConfig extends CoreConfig {}

/** A domain's section of the settings: its fields read and checked from the environment (a bad value stops the start). */
export type SettingsSection = (env: NodeJS.ProcessEnv, core: CoreConfig) => Partial<AppConfig>;

/** SESSION_CACHE_MS: unset → 1000; a whole number of milliseconds from 0 (off) to 60000. */
export function parseSessionCacheMs(value: string | undefined): number {
  const v = value?.trim();
  if (!v) return 1000;
  const ms = Number(v);
  if (!/^\d+$/.test(v) || ms > 60_000) throw new Error(`SESSION_CACHE_MS non valido: "${value}" (millisecondi da 0, disattivato, a 60000)`);
  return ms;
}

/** BACKUP_KEEP: unset → 14; a whole number from 1. */
export function parseBackupKeep(value: string | undefined): number {
  const v = value?.trim();
  if (!v) return 14;
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new Error(`BACKUP_KEEP non valido: "${value}" (quante copie tenere, almeno 1)`);
  return Number(v);
}

/** TRUST_PROXY: unset or 'false' → false; a whole number → hop count; otherwise a comma-separated list of addresses. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim();
  if (!v || v === 'false') return false;
  if (v === 'true') {
    throw new Error(
      "TRUST_PROXY=true non è accettato (chiunque potrebbe scegliersi l'indirizzo con X-Forwarded-For): indica il numero di proxy davanti al server (es. TRUST_PROXY=1) o i loro indirizzi separati da virgole",
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** Comma-separated origins (ALLOWED_ORIGINS, …): unset → the origin of PUBLIC_URL. */
export function parseOrigins(value: string | undefined, publicUrl: string): string[] {
  if (!value?.trim()) return [new URL(publicUrl).origin];
  return value.split(',').map((o) => {
    const trimmed = o.trim();
    try {
      return new URL(trimmed).origin;
    } catch {
      throw new Error(`ALLOWED_ORIGINS: origine non valida "${trimmed}" (atteso ad es. https://portale.example)`);
    }
  });
}

/** Reads core's settings from the environment (README lists the variables). */
export function loadCoreConfig(env: NodeJS.ProcessEnv = process.env): CoreConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT non valido: ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data'));
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Portale del circolo <noreply@circolo.example>',
    publicUrl,
    clubTimezone: env.CLUB_TIMEZONE || 'Europe/Rome',
    clubName: env.CLUB_NAME || 'Circolo del tennistavolo',
    seedAdminEmail: (env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).trim().toLowerCase(),
    seedAdminPassword: env.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    staticRoot: path.resolve(env.STATIC_ROOT || REPO_ROOT),
    logLevel: env.LOG_LEVEL === 'silent' ? false : env.LOG_LEVEL || 'warn',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    development: env.NODE_ENV !== 'production',
    allowedOrigins: parseOrigins(env.ALLOWED_ORIGINS, publicUrl),
    releasesDir: path.resolve(env.RELEASES_DIR || path.join(dataDir, 'releases')),
    releasesUrl: (env.RELEASES_URL || '/releases').replace(/\/+$/, ''),
    sessionCacheMs: parseSessionCacheMs(env.SESSION_CACHE_MS),
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : null,
    backupKeep: parseBackupKeep(env.BACKUP_KEEP),
    signingKey: env.SIGNING_KEY || null,
    signingKeyPrevious: env.SIGNING_KEY_PREVIOUS || null,
    backupKey: env.BACKUP_KEY || null,
    backupKeyFile: env.BACKUP_KEY_FILE ? path.resolve(env.BACKUP_KEY_FILE) : null,
  };
}

/** Core's settings and each domain's section (Domain.settings, collected by app.ts's loadAppConfig). */
export function loadConfig(env: NodeJS.ProcessEnv, sections: readonly SettingsSection[]): AppConfig {
  const core = loadCoreConfig(env);
  // Every section's fields were declared by its domain on AppConfig; together with core's they make the whole.
  return Object.assign({}, core, ...sections.map((section) => section(env, core))) as AppConfig;
}
