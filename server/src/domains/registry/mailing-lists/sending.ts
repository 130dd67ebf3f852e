import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuditedMails } from '../../../core/mail/mailer';
import type { SendEmailPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError, invalidInput } from '../../../core/errors';
import type { Mail } from '../../../core/mail/mailer';
import { sign, verifySignature } from '../../../core/secrets';
import { qualified } from '../../../core/sql';
import {
  category_mailing_list_classes,
  mailing_list_classes,
  mailing_list_opt_outs,
  qualification_mailing_list_classes,
  user_mailing_list_classes,
  user_qualifications,
  users,
} from '../tables';
import { isActiveUser } from '../users/active';

const UNSUBSCRIBE_SECRET = 'mailing-list-unsubscribe';

export interface Recipient {
  id: string;
  email: string;
  name: string;
  /** The COMMERCIALE classes among the chosen lists that reach this member (each gets an unsubscribe link). */
  commercial: { id: string; name: string }[];
}

export interface MailingSendDeps {
  db: Db;
  publicUrl: string;
  today: () => string;
  /** Hands the mails of one send to the mailer (outbox or SMTP), all recorded together or none, with its audit entry. */
  deliverAll: (mails: Mail[], audit: AuditedMails) => Promise<void>;
}

/**
 * Sending to mailing lists (spec 001 §2, §7; docs/decisions.md, "Sending to mailing lists"): the recipients are the
 * active members a chosen list reaches — through their own classes, their category's, their qualifications', or
 * because the class is a default one — minus those who unsubscribed from it; each gets one mail, whatever the number
 * of lists that reach them.
 */
export class MailingSender {
  constructor(private readonly deps: MailingSendDeps) {}

  async recipients(classIds: string[]): Promise<Recipient[]> {
    const { db, today } = this.deps;
    const u = qualified(users, 'id');
    const c = qualified(mailing_list_classes, 'id');
    const reaches = sql`(
      ${mailing_list_classes.is_default}
      or exists (select 1 from ${user_mailing_list_classes} x where x.user_id = ${u} and x.mailing_list_class_id = ${c})
      or exists (select 1 from ${category_mailing_list_classes} x where x.category_id = ${users.category_id} and x.mailing_list_class_id = ${c})
      or exists (select 1 from ${user_qualifications} q join ${qualification_mailing_list_classes} x on x.qualification_id = q.qualification_id
                 where q.user_id = ${u} and x.mailing_list_class_id = ${c})
    ) and not exists (select 1 from ${mailing_list_opt_outs} o where o.user_id = ${u} and o.mailing_list_class_id = ${c})`;
    return db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        commercial: sql<
          Recipient['commercial']
        >`coalesce(json_agg(json_build_object('id', ${mailing_list_classes.id}, 'name', ${mailing_list_classes.name}) order by ${mailing_list_classes.name}) filter (where ${mailing_list_classes.type} = 'COMMERCIALE'), '[]'::json)`,
      })
      .from(users)
      .innerJoin(mailing_list_classes, inArray(mailing_list_classes.id, classIds))
      .where(and(isActiveUser(today()), reaches))
      .groupBy(users.id, users.email, users.name)
      .orderBy(users.id);
  }

  /** Queues one mail per recipient, all in one go; the number queued (MAILING_NO_RECIPIENTS when there is none). */
  async send(payload: SendEmailPayload): Promise<number> {
    const { db } = this.deps;
    const ids = [...new Set(payload.mailing_lists)];
    const found = await db.select({ id: mailing_list_classes.id }).from(mailing_list_classes).where(inArray(mailing_list_classes.id, ids));
    const missing = ids.find((id) => !found.some((f) => f.id === id));
    if (missing) throw invalidInput(`mailing_lists: Classe di mailing list non trovata (${missing})`);
    const recipients = await this.recipients(ids);
    // Nothing to send is not a send: no 'Email inviata' for lists that reach nobody (issue 44 item 8).
    if (!recipients.length) throw new DomainError('MAILING_NO_RECIPIENTS');
    const mails: Mail[] = [];
    for (const recipient of recipients) mails.push(await this.mailFor(recipient, payload));
    // The outbox keeps no audit trail of its own (its bodies hold links): the send is recorded with its mails.
    await this.deps.deliverAll(mails, {
      entity: 'emails',
      changes: {
        subject: { before: null, after: payload.subject },
        mailing_lists: { before: null, after: ids },
        recipients: { before: null, after: recipients.length },
      },
    });
    return recipients.length;
  }

  private async mailFor(recipient: Recipient, payload: SendEmailPayload): Promise<Mail> {
    const links: string[] = [];
    for (const list of recipient.commercial) links.push(await this.unsubscribeLink(recipient.id, list.id));
    const footer = recipient.commercial.length
      ? ['', '—', ...recipient.commercial.map((list, i) => `Per non ricevere più le email di «${list.name}» apri questo link: ${links[i]}`)]
      : [];
    return { to: recipient.email, subject: payload.subject, text: [payload.body, ...footer].join('\n'), links };
  }

  async unsubscribeLink(userId: string, classId: string): Promise<string> {
    const signature = await sign(this.deps.db, UNSUBSCRIBE_SECRET, `${userId}.${classId}`);
    return `${this.deps.publicUrl}/api/v1/emails/unsubscribe?u=${userId}&c=${classId}&s=${signature}`;
  }

  /** The class a valid link unsubscribes from (null for a forged or broken link). */
  async classOfLink(userId: string, classId: string, signature: string): Promise<{ name: string } | null> {
    if (!(await verifySignature(this.deps.db, UNSUBSCRIBE_SECRET, `${userId}.${classId}`, signature))) return null;
    const [found] = await this.deps.db
      .select({ name: mailing_list_classes.name })
      .from(mailing_list_classes)
      .where(eq(mailing_list_classes.id, classId))
      .limit(1);
    return found ?? null;
  }

  /** Removes the class from the member and records that they left it (so no category, qualification or default brings it back). */
  async unsubscribe(userId: string, classId: string, signature: string): Promise<{ name: string } | null> {
    const list = await this.classOfLink(userId, classId, signature);
    if (!list) return null;
    await this.deps.db.transaction(async (tx) => {
      await tx
        .delete(user_mailing_list_classes)
        .where(and(eq(user_mailing_list_classes.user_id, userId), eq(user_mailing_list_classes.mailing_list_class_id, classId)));
      await tx.insert(mailing_list_opt_outs).values({ user_id: userId, mailing_list_class_id: classId }).onConflictDoNothing();
    });
    return list;
  }
}
