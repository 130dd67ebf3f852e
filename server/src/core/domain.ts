import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Permission } from 'shared-api/contract';
import type { AuditNames, AuditNaming } from './audit/names';
import type { AppConfig, SettingsSection } from './config';
import type { Database, Db, DbOrTx, Tx } from './db/client';
import type { FileHolder, FileReaders } from './files/readers';
import type { FileRepository } from './files/repository';
import type { JobDefinition, Jobs } from './jobs/runner';
import type { Mailer } from './mail/mailer';
import type { RemotesSource } from './remotes';
import type { Clock } from './time';

/** The signed-in user as every request sees it (resolved by the domain that owns sessions). */
export interface CurrentUser {
  id: string;
  name: string;
  surname: string;
  email: string;
  has_accepted_terms: boolean;
  permissions: Permission[];
  sessionId: string;
}

/** Turns a session cookie into its user; provided by the domain that owns sign-in (account). */
export interface SessionResolver {
  find(token: string): Promise<CurrentUser | null>;
}

/** What core builds for every domain. */
export interface CoreServices {
  db: Db;
  config: AppConfig;
  files: FileRepository;
  /** Who may download a stored file: its owner and the readers the domains declared for the records holding it. */
  fileReaders: FileReaders;
  mailer: Mailer;
  /** The time the rules read: sessions, links and throttling ask it instead of the system (tests move it). */
  clock: Clock;
  /** Queues work for later or for retry: `jobs.send(name, data)` (the kinds are declared in Domain.jobs). */
  jobs: Jobs;
  /** A member's data download and anonymisation, from every domain's part (Domain.personalData). */
  personalData: PersonalDataService;
  /** How the audit log names each kind of record: core's and every domain's declarations (Domain.auditNames). */
  auditNames: AuditNames;
}

/**
 * Every service of the running app: core's, plus one entry per domain. A domain adds its entry by augmenting
 * this interface in its own index.ts (`declare module '../../core/domain' { interface Services { … } }`),
 * so core never imports a domain.
 */
export interface Services extends CoreServices {
  sessionResolver: SessionResolver;
  /** The live set of domain apps behind /remotes.json (the platform domain's releases); the built-in map without it. */
  remotesSource?: RemotesSource;
}

/** Services already built when a domain builds its own: those of core and of the domains listed before it. */
export type BuiltServices = Partial<Services> & CoreServices;

// A member's personal data (issues 28 and 39). Declared here, beside Services, because the two refer to each other:
// core/personal-data/service.ts implements PersonalDataService, and each domain provides a PersonalDataPart.

/**
 * What a domain holds of a member that must be found nowhere once they are anonymised (issue 39): `values` are
 * their personal texts (full name, e-mail, fiscal code, phone, card numbers, certificate notes …), looked for in
 * every audit value and in the mails to others; `records` are ids of rows that are theirs alone (a certificate, a
 * FITET record), whose audit entries are blanked whole.
 */
export interface PersonalTraces {
  values?: readonly (string | null | undefined)[];
  records?: readonly string[];
}

/**
 * A domain's part of a member's personal data (issue 28): what it adds to the member's data download (dati.json) and
 * how it forgets the member when they are anonymised. Core asks every domain's part and imports none.
 */
export interface PersonalDataPart {
  /**
   * This domain's sections of dati.json (e.g. { prenotazioni: [...] }) and the stored files of the member it holds
   * (their ids: the download adds their bytes).
   */
  export(db: DbOrTx, userId: string): Promise<{ sections: Record<string, unknown>; files?: string[] }>;
  /**
   * Inside the anonymisation's one transaction: replaces or deletes this domain's personal values of the member,
   * keeping what the books and the statistics count (bookings, charges, payments, entries). Answers the ids of the
   * stored files whose records it dropped: core deletes their rows in the transaction and their bytes after it.
   */
  anonymize?(tx: Tx, userId: string): Promise<string[] | void>;
  /**
   * What `anonymize` forgets, as the log's anonymisation entry names it (issue 44 item 6): the member's fields it
   * blanks and the records of theirs it deletes, each a key of AUDIT_FIELD_LABELS (never a value).
   */
  forgets?: readonly string[];
  /**
   * Read in the anonymisation's transaction before any domain's step: the member's personal values and records this
   * domain holds (see PersonalTraces), which core redacts from the audit log and the outbox after every step.
   */
  traces?(tx: Tx, userId: string): Promise<PersonalTraces>;
  /**
   * After the anonymisation has committed, through the domain's own services (its public path, with its mails and
   * jobs): e.g. the booking domain cancels the member's future bookings. `actor` is who anonymised.
   */
  afterAnonymize?(services: Services, userId: string, actor: CurrentUser): Promise<void>;
}

/** What a member's download holds before it is zipped. */
export interface PersonalDataDump {
  data: Record<string, unknown>;
  files: { id: string; name: string; mime: string; size: number }[];
}

/** A member's data download and anonymisation, from every domain's part (core/personal-data/service.ts). */
export interface PersonalDataService {
  /** Every domain's sections of dati.json and the member's stored files. */
  collect(userId: string): Promise<PersonalDataDump>;
  /** A member's data downloaded by the staff is an entry of its own in the log. */
  recordStaffDownload(userId: string): Promise<void>;
  /** The ZIP of a collected dump: dati.json, then each stored file, streamed. */
  zip(dump: PersonalDataDump): Readable;
  /** Anonymises a member in one transaction; `after` runs each domain's work once it has committed. */
  anonymize(userId: string, after?: { services: Services; actor: CurrentUser }): Promise<void>;
}

/**
 * One domain of the portal, as server/src/domains/index.ts lists it: its services, its routes under /api/v1,
 * its demo seed (run once on an empty database, in list order) and its start-up work.
 */
export interface Domain {
  name: string;
  /** Returns this domain's entries of Services. `services` is the live bag: read other domains' entries lazily. */
  services?(core: CoreServices, services: BuiltServices): Partial<Services>;
  routes?: FastifyPluginAsync;
  /**
   * Routes outside /api, without sessions or access declarations: addresses whose own token is the credential (a
   * calendar feed). Hidden from the API description; each checks its token itself.
   */
  rootRoutes?: FastifyPluginAsync;
  /**
   * This domain's SQL migrations: a folder under server/src (e.g. 'domains/booking/migrations'). Core applies every
   * domain's and its own in the one order of drizzle-kit's journal (core/db/migrations.ts).
   */
  migrations?: string;
  /**
   * This domain's tables whose changes the audit log does not record (core/audit): sessions, throttling counters,
   * version rows of caches, rows the jobs write. Every other table is audited.
   */
  unaudited?: readonly string[];
  /** This domain's section of the settings (core/config.ts): its fields, read and checked from the environment at start. */
  settings?: SettingsSection;
  /**
   * The demo club's data of this domain, on an empty database. The first domain of the list decides: its seed
   * answers false when the database already holds a club, and then no other seed runs.
   */
  seed?(db: Db, config: AppConfig, now: Date): Promise<boolean | void>;
  /**
   * The kinds of job this domain queues or schedules (core/jobs/runner.ts): each runs with the app's services,
   * retried with backoff when it throws; one with a `schedule` (cron, club time zone) is sent on that schedule.
   */
  jobs?: readonly JobDefinition<never, Services>[];
  /**
   * The records of this domain that hold stored files, and the permissions that read them (core/files/readers.ts):
   * GET /files/{id} serves a file to its owner and to those readers only.
   */
  fileHolders?: readonly FileHolder[];
  /** This domain's part of a member's data download and of their anonymisation (core/personal-data). */
  personalData?: PersonalDataPart;
  /**
   * How the audit log names this domain's records that entries point at by id (core/audit/names.ts): for each table,
   * the values that name a live record and how they read, which also name a deleted one from its deletion entry.
   */
  auditNames?: readonly AuditNaming[];
  /** Work at start, after migrations and seeds (e.g. purging expired rows). */
  onStart?(services: Services, database: Database): Promise<void>;
  /** Work when the app closes, before the database does (e.g. stopping a periodic task started in onStart). */
  onStop?(services: Services): Promise<void>;
}
