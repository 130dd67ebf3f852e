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
      this.log(`MAIL ${JSON.stringify({ to: mail.to, subject: mail.subject, links: mail.links })}`);
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

  close(): void {
    this.transport?.close();
  }
}
