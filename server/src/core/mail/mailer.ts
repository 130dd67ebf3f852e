import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { recordAudit } from '../audit/context';
import type { Db, DbOrTx } from '../db/client';
import { type Clock, systemClock } from '../time';
import { mail_outbox } from '../db/tables';
import type { JobDefinition, Jobs } from '../jobs/runner';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Links the mail carries (invitation, reset): kept in the outbox and printed in the log line. */
  links: string[];
}

export interface MailerOptions {
  db: Db;
  /** SMTP_URL, or a nodemailer transport (tests); null: the outbox and the log only. */
  smtp: string | Transporter | null;
  from: string;
  /** Retries of failed deliveries and queued mail. */
  jobs: Jobs;
  /** Where the outbox line goes without SMTP (stdout by default). */
  log?: (line: string) => void;
  /**
   * Print the links of a mail in the outbox line: only in development (AppConfig.development), where a
   * developer or a browser test follows them. In production the line names the mail without its live links.
   */
  printLinks: boolean;
  onError?: (err: unknown) => void;
  /** The time audit entries carry (the app's clock). */
  clock?: Clock;
  /**
   * Called with the whole mail once it is delivered, before its body and links are blanked in the outbox: the tests'
   * copy of what left (the outbox keeps only recipient, subject, time and state). Nothing is kept by default.
   */
  onDelivered?: (mail: DeliveredMail) => void;
}

/** A delivered mail as the onDelivered hook gets it. */
export interface DeliveredMail {
  to: string;
  subject: string;
  body: string;
  links: string[];
  at: Date;
}

/** What a send tells the audit log (core/audit): the record it names and what it sent, never the mails' texts. */
export interface AuditedMails {
  entity: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}

/** The job that delivers a mail of the outbox (a queued one, or one whose delivery failed). */
export const MAIL_JOB = 'mail';

/** Delivery is retried 6 times over about two hours (1, 2, 4, 8, 16, 32 minutes, with jitter), then the mail stays failed. */
export const mailJob: JobDefinition<{ outboxId: string }, { mailer: Mailer }> = {
  name: MAIL_JOB,
  retry: { retryLimit: 6, retryDelaySeconds: 60, retryBackoff: true },
  // No transaction held while SMTP answers (core/db/unit-of-work): each status change is a unit of work of its own.
  unitOfWork: 'deferred',
  run: ({ outboxId }, { mailer }) => mailer.deliver(outboxId),
};

/**
 * The one mailer (DESIGN §2 Mail). With SMTP_URL it sends through SMTP; without, the mail stays in the
 * mail_outbox table and one line `MAIL {"to":…,"subject":…,"links":[…]}` is printed, so a developer
 * (or a browser test) can follow the link. Every mail is recorded in the outbox either way; a delivery that
 * fails is retried by the job runner ('mail' job) until it succeeds or its retries run out.
 */
export class Mailer {
  /** Made on the first delivery through SMTP: nodemailer is loaded then, not at the server's start. */
  private transport: Promise<Transporter> | null = null;
  private readonly log: (line: string) => void;

  constructor(private readonly options: MailerOptions) {
    this.log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
  }

  /** Whether mail goes out through SMTP (SMTP_URL or a test's transport); otherwise to the outbox and the log only. */
  private get sendsBySmtp(): boolean {
    return this.options.smtp !== null;
  }

  private smtpTransport(smtp: string | Transporter): Promise<Transporter> {
    this.transport ??=
      typeof smtp === 'string' ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtp)) : Promise.resolve(smtp);
    return this.transport;
  }

  /** Records the mail and delivers it now; a failed delivery is recorded and queued for retry (the caller carries on). */
  async send(mail: Mail): Promise<void> {
    const id = await this.record(mail);
    try {
      await this.deliver(id);
    } catch (err) {
      this.options.onError?.(err);
      const retryAfter = mailJob.retry?.retryDelaySeconds ?? 60;
      await this.options.jobs.send(MAIL_JOB, { outboxId: id }, { startAfter: retryAfter });
    }
  }

  /** Records the mail and leaves its delivery to the job runner: the caller does not wait for SMTP. */
  async queue(mail: Mail): Promise<void> {
    await this.options.db.transaction((tx) => this.queueIn(tx, [mail]));
  }

  /**
   * Records several mails in one transaction (all or none: a send to a mailing list is never half recorded) with their
   * delivery, one 'mail' job each, queued in the same transaction: a list of hundreds of members costs a few round
   * trips instead of two per mail.
   */
  /** `audit`: the send's audit entry (core/audit), written in the transaction that records the mails. */
  async queueAll(mails: readonly Mail[], audit?: AuditedMails): Promise<void> {
    if (mails.length === 0) return;
    await this.options.db.transaction(async (tx) => {
      await this.queueIn(tx, mails);
      if (audit) await recordAudit(tx, this.options.clock ?? systemClock, { action: 'mail-send', entityId: null, ...audit });
    });
  }

  /**
   * Records mails in the outbox and queues their delivery ('mail' jobs) in the caller's transaction `tx`: they are
   * recorded and will be delivered if and only if what calls for them (a claimed reminder, a cancelled booking)
   * commits, whatever crash comes between.
   */
  async queueIn(tx: DbOrTx, mails: readonly Mail[]): Promise<void> {
    if (mails.length === 0) return;
    const transport = this.sendsBySmtp ? 'smtp' : 'log';
    // Statements of at most 2,000 rows (PostgreSQL takes up to 65,535 parameters in one).
    const ids: { id: string }[] = [];
    for (let i = 0; i < mails.length; i += 2000) {
      const chunk = mails.slice(i, i + 2000).map((mail) => ({ ...mail, body: mail.text, transport, status: 'queued' }));
      ids.push(...(await tx.insert(mail_outbox).values(chunk).returning({ id: mail_outbox.id })));
    }
    await this.options.jobs.sendMany(
      MAIL_JOB,
      ids.map((row) => ({ outboxId: row.id })),
      { db: tx },
    );
  }

  /**
   * Delivers a recorded mail unless it already went; throws when SMTP refuses it (recorded as failed with the error).
   * Delivered means accepted by the SMTP server, or, without SMTP, its MAIL line written to the log: from then on the
   * outbox keeps the recipient, subject, time and state only, its body and links are blanked in the same statement
   * (a reset or invitation link must not rest in the database once it left, issue 39).
   */
  async deliver(outboxId: string): Promise<void> {
    const { db } = this.options;
    const [mail] = await db.select().from(mail_outbox).where(eq(mail_outbox.id, outboxId));
    if (!mail || mail.status === 'sent' || mail.status === 'logged') return;
    const { smtp } = this.options;
    // Each status change is its own transaction: the job delivering it holds none while SMTP answers (mailJob).
    if (smtp === null) {
      this.log(
        `MAIL ${JSON.stringify(
          this.options.printLinks
            ? { to: mail.to, subject: mail.subject, links: mail.links }
            : { to: mail.to, subject: mail.subject, links: [], hiddenLinks: mail.links.length },
        )}`,
      );
      await this.delivered(mail, 'logged');
      return;
    }
    try {
      await (await this.smtpTransport(smtp)).sendMail({ from: this.options.from, to: mail.to, subject: mail.subject, text: mail.body });
    } catch (err) {
      await db.transaction((tx) =>
        tx
          .update(mail_outbox)
          .set({ status: 'failed', error: String(err) })
          .where(eq(mail_outbox.id, outboxId)),
      );
      throw err;
    }
    await this.delivered(mail, 'sent');
  }

  /** Marks a mail delivered and blanks its body and links (its own transaction); hands the whole mail to onDelivered (tests). */
  private async delivered(mail: typeof mail_outbox.$inferSelect, status: 'sent' | 'logged'): Promise<void> {
    await this.options.db.transaction((tx) =>
      tx.update(mail_outbox).set({ status, error: null, body: '', links: [] }).where(eq(mail_outbox.id, mail.id)),
    );
    this.options.onDelivered?.({
      to: mail.to,
      subject: mail.subject,
      body: mail.body,
      links: mail.links,
      at: (this.options.clock ?? systemClock).now(),
    });
  }

  /** In a transaction of its own when no unit of work is open (a job that delivers by SMTP holds none). */
  private async record(mail: Mail): Promise<string> {
    const [row] = await this.options.db.transaction((tx) =>
      tx
        .insert(mail_outbox)
        .values({ ...mail, body: mail.text, transport: this.sendsBySmtp ? 'smtp' : 'log', status: 'queued' })
        .returning({ id: mail_outbox.id }),
    );
    return row!.id;
  }

  /**
   * Keeps the outbox's bodies and links for a bounded time: mails older than `maxAgeMs` keep their recipient,
   * subject and status as the record, but their text and links are emptied (live links do not rest in the database).
   */
  async redactOlderThan(maxAgeMs: number): Promise<void> {
    await this.options.db
      .update(mail_outbox)
      .set({ body: '', links: [] })
      .where(
        and(
          lt(mail_outbox.created_at, sql`now() - make_interval(secs => ${maxAgeMs / 1000})`),
          or(sql`${mail_outbox.body} <> ''`, sql`cardinality(${mail_outbox.links}) > 0`),
        ),
      );
  }

  close(): void {
    // A transport that could not be made (its delivery was recorded as failed then) has nothing to close.
    void this.transport?.then(
      (transport) => transport.close(),
      () => undefined,
    );
  }
}
