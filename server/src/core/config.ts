import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const DEFAULT_ADMIN_EMAIL = 'admin@circolo.example';
export const DEFAULT_ADMIN_PASSWORD = 'Admin-2026!';

export interface AppConfig {
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
  /** Behind a load balancer: trust X-Forwarded-For so throttling sees the member's address (Fastify's trustProxy). */
  trustProxy: boolean | string;
}

/** Reads the configuration from the environment (README lists the variables). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT non valido: ${env.PORT}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data')),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Portale del circolo <noreply@circolo.example>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    clubTimezone: env.CLUB_TIMEZONE || 'Europe/Rome',
    clubName: env.CLUB_NAME || 'Circolo del tennistavolo',
    seedAdminEmail: (env.SEED_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL).trim().toLowerCase(),
    seedAdminPassword: env.SEED_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    staticRoot: path.resolve(env.STATIC_ROOT || REPO_ROOT),
    logLevel: env.LOG_LEVEL === 'silent' ? false : env.LOG_LEVEL || 'warn',
    trustProxy: !env.TRUST_PROXY || env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY,
  };
}
