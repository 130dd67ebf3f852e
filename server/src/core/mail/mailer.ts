import { and, lt, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { mail_outbox } from '../db/tables';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Links the mail carries (invitation, reset): kept in the outbox and printed in the log line. */
  links: string[];
}

export interface MailerOptions {
  db: Db;
  smtpUrl: string | null;
  from: string;
  /** Where the outbox line goes without SMTP (stdout by default). */
  log?: (line: string) => void;
  /**
   * Print the links of a mail in the outbox line: only in development (AppConfig.development), where a
   * developer or a browser test follows them. In production the line names the mail without its live links.
   */
  printLinks: boolean;
  onError?: (err: unknown) => void;
}

/**
 * The one mailer (DESIGN §2 Mail). With SMTP_URL it sends through SMTP; without, the mail stays in the
 * mail_outbox table and one line `MAIL {"to":…,"subject":…,"links":[…]}` is printed, so a developer
 * (or a browser test) can follow the link. Every mail is recorded in the outbox either way.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly log: (line: string) => void;

  constructor(private readonly options: MailerOptions) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    this.log = options.log ?? ((line) => process.stdout.write(`${line}\n`));
  }

  async send(mail: Mail): Promise<void> {
    const { db } = this.options;
    if (!this.transport) {
      await db.insert(mail_outbox).values({ ...mail, body: mail.text, transport: 'log', status: 'logged' });
      this.log(
        `MAIL ${JSON.stringify(
          this.options.printLinks
            ? { to: mail.to, subject: mail.subject, links: mail.links }
            : { to: mail.to, subject: mail.subject, links: [], hiddenLinks: mail.links.length },
        )}`,
      );
      return;
    }
    try {
      await this.transport.sendMail({ from: this.options.from, to: mail.to, subject: mail.subject, text: mail.text });
      await db.insert(mail_outbox).values({ ...mail, body: mail.text, transport: 'smtp', status: 'sent' });
    } catch (err) {
      // The action that sent the mail has happened; the failed mail stays in the outbox to be resent.
      await db.insert(mail_outbox).values({ ...mail, body: mail.text, transport: 'smtp', status: 'failed', error: String(err) });
      this.options.onError?.(err);
    }
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
    this.transport?.close();
  }
}
