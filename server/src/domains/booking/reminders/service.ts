import { WEEKDAY_NAMES, type MemberPreferences } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import type { CurrentUser } from '../../../core/domain';
import type { Mail } from '../../../core/mail/mailer';
import { formatItalianDate } from '../../../core/time';
import { weekDayOf } from '../dates';
import type { DueReminder, ReminderRepository } from './repository';

/** The scheduled sweep of due reminders (every minute, and when a booking or a preference may have made one due). */
export const REMINDERS_JOB = 'booking.reminders';

export interface ReminderDeps {
  db: Db;
  repo: ReminderRepository;
  now: () => Date;
  today: () => string;
  publicUrl: string;
  /** Records the mails and queues their delivery in the transaction `tx` (the mailer's queueIn). */
  queueMails: (tx: DbOrTx, mails: readonly Mail[]) => Promise<void>;
}

function reminderMail(r: DueReminder, link: string): Mail {
  const day = `${WEEKDAY_NAMES[weekDayOf(r.date)]!.toLowerCase()} ${formatItalianDate(r.date)}`;
  return {
    to: r.email,
    subject: `Promemoria: turno "${r.title}" di ${day} alle ${r.start_time}`,
    text: [
      `Ciao ${r.name},`,
      '',
      `ti ricordiamo il turno "${r.title}" di ${day}, dalle ${r.start_time} alle ${r.end_time}, Tavolo ${r.table_number}${
        r.partners.length ? `, con ${r.partners.join(', ')}` : ''
      }.`,
      '',
      `Se non puoi partecipare, gestisci la prenotazione da "Le mie prenotazioni": ${link}`,
      'Puoi cambiare o disattivare i promemoria dal tuo profilo.',
    ].join('\n'),
    links: [link],
  };
}

/**
 * Reminder mails of bookings (issue 27): each participant's preference (GET/PATCH /user/me/preferences) and the sweep
 * the job runner runs, which claims the due reminders and records their mails with their delivery jobs in ONE
 * transaction (issue 38): a crash before its commit leaves them unclaimed for the next sweep, one after it leaves them
 * queued; each is delivered once.
 */
export class ReminderService {
  constructor(private readonly deps: ReminderDeps) {}

  async preferences(actor: CurrentUser): Promise<MemberPreferences> {
    return { reminder_hours: await this.deps.repo.hoursOf(this.deps.db, actor.id) };
  }

  async setPreferences(actor: CurrentUser, preferences: MemberPreferences): Promise<MemberPreferences> {
    await this.deps.repo.setHours(this.deps.db, actor.id, preferences.reminder_hours);
    return preferences;
  }

  async sendDue(): Promise<number> {
    const { db, repo, now, today, queueMails, publicUrl } = this.deps;
    return db.transaction(async (tx) => {
      const due = await repo.claimDue(tx, now(), today());
      await queueMails(
        tx,
        due.map((r) => reminderMail(r, `${publicUrl}/user/bookings`)),
      );
      return due.length;
    });
  }
}
