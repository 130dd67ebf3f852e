import { WAITLIST_CAP, WEEKDAY_NAMES, type WaitlistEntry, type WaitlistJoinPayload } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import type { CurrentUser } from '../../../core/domain';
import { DomainError, invalidInput } from '../../../core/errors';
import type { Mail } from '../../../core/mail/mailer';
import { formatItalianDate } from '../../../core/time';
import type { NoticeFacts } from '../booking/notices';
import { weekDayOf } from '../dates';
import type { TrainingSessionService } from '../sessions/service';
import type { FreedNotice, WaitlistRepository } from './repository';

/** The job that tells a freed occurrence's waitlist (queued when a booking is cancelled). */
export const WAITLIST_NOTICE_JOB = 'booking.waitlist-notices';

export interface WaitlistDeps {
  db: Db;
  repo: WaitlistRepository;
  sessions: TrainingSessionService;
  now: () => Date;
  publicUrl: string;
  /** What the cancelled booking was (title, day, times, table): the booking notices' own read. */
  facts: (bookingId: string) => Promise<NoticeFacts | null>;
  queueMails: (mails: readonly Mail[]) => Promise<void>;
}

/** The search page opened on the occurrence with its booking modal (mf-booking reads `book`). */
export function bookingLink(publicUrl: string, n: Pick<FreedNotice, 'session_id' | 'date' | 'game_table_id'>): string {
  const query = new URLSearchParams({ date: JSON.stringify(n.date), table: n.game_table_id, book: n.session_id });
  return `${publicUrl}/book-session?${query.toString()}`;
}

function freedMail(n: FreedNotice, f: NoticeFacts, link: string, now: Date): Mail {
  const day = `${WEEKDAY_NAMES[weekDayOf(f.date)]!.toLowerCase()} ${formatItalianDate(f.date)}`;
  // A no-show's place (issue 42) is offered once the shift has started: the mail says how long is left of it.
  const left = n.released_until ? Math.max(0, Math.floor((new Date(n.released_until).getTime() - now.getTime()) / 60_000)) : null;
  return {
    to: n.email,
    subject: `Turno libero: ${f.title} del ${formatItalianDate(f.date)}`,
    text: [
      `Ciao ${n.name},`,
      '',
      `il turno "${f.title}" di ${day}, dalle ${f.start_time} alle ${f.end_time}, Tavolo ${f.table_number}, che aspettavi si è liberato.`,
      ...(left !== null
        ? [`Chi l'aveva prenotato non si è presentato: il turno è già iniziato e ne restano ${left} minuti, fino alle ${f.end_time}.`]
        : []),
      "L'abbiamo scritto a tutti quelli in lista d'attesa: lo ottiene chi lo prenota per primo.",
      '',
      `Prenotalo da qui: ${link}`,
    ].join('\n'),
    links: [link],
  };
}

/**
 * The waitlist of a booked occurrence (issue 27). Joining needs an occurrence booked by others and not started, and a
 * place among WAITLIST_CAP (counted under the occurrence's lock). When its booking is cancelled, everyone waiting is
 * mailed at once, in order of joining, with a link to book it; the booking engine decides who gets it, unchanged.
 */
export class WaitlistService {
  constructor(private readonly deps: WaitlistDeps) {}

  async join(actor: CurrentUser, sessionId: string, payload: WaitlistJoinPayload): Promise<void> {
    const { db, repo, sessions, now } = this.deps;
    const partnerId = payload.partnersId[0] ?? null;
    if (partnerId === actor.id) throw invalidInput('partnersId: Il compagno non può essere chi prenota');
    const occurrence = await sessions.occurrence(db, sessionId, payload.date);
    const at = now();
    if (new Date(occurrence.start_at).getTime() <= at.getTime()) throw new DomainError('SESSION_STARTED');
    if (!occurrence.booking_id) throw new DomainError('WAITLIST_OCCURRENCE_FREE');
    if (occurrence.participants.some((p) => p._id === actor.id)) throw new DomainError('WAITLIST_ALREADY_BOOKED');
    if (partnerId && !(await repo.userExists(db, partnerId))) throw new DomainError('PARTNER_NOT_FOUND');
    await db.transaction(async (tx) => {
      await repo.lockOccurrence(tx, sessionId, occurrence.specific_date);
      const { count, mine } = await repo.waiting(tx, sessionId, occurrence.specific_date, actor.id, at);
      if (!mine && count >= WAITLIST_CAP) throw new DomainError('WAITLIST_FULL');
      await repo.insert(tx, { sessionId, date: occurrence.specific_date, userId: actor.id, partnerId, startsAt: occurrence.start_at, now: at });
    });
  }

  async leave(actor: CurrentUser, sessionId: string, date: string): Promise<void> {
    if (!(await this.deps.repo.remove(this.deps.db, sessionId, date, actor.id))) throw new DomainError('WAITLIST_ENTRY_NOT_FOUND');
  }

  entriesOf(actor: CurrentUser): Promise<WaitlistEntry[]> {
    return this.deps.repo.entriesOf(this.deps.db, actor.id, this.deps.now());
  }

  /** The job of a cancelled booking: claims the entries to tell (once per cancel) and records their mails. */
  async notifyFreed(bookingId: string): Promise<number> {
    const { db, repo, now, facts, queueMails, publicUrl } = this.deps;
    const about = await facts(bookingId);
    if (!about) return 0;
    const at = now();
    const claimed = await repo.claimFreed(db, bookingId, at);
    await queueMails(claimed.map((n) => freedMail(n, about, bookingLink(publicUrl, n), at)));
    return claimed.length;
  }
}
