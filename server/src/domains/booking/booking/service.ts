import type { BookPayload, BookabilityRefusal, Booking, Participant, TrainingSession } from 'shared-api/contract';
import { currentAuditContext } from '../../../core/audit/context';
import { BOOKING_FRAGMENTS as F, holdsAny } from 'shared-api/contract';
import type { CurrentUser } from '../../../core/domain';
import type { Db, DbOrTx } from '../../../core/db/client';
import { DomainError, invalidInput } from '../../../core/errors';
import type { TrainingSessionRepository } from '../sessions/repository';
import type { TrainingSessionService } from '../sessions/service';
import type { Mailer } from '../../../core/mail/mailer';
import { type BookingNotice, noticeMails } from './notices';
import type { BookingRepository } from './repository';
import { OPENED_BY_TIME, bookingRefusal, opensAt, subjectsOf } from './refusals';

const HOUR_MS = 3_600_000;
/** Reads and writes of one booking before it gives up to bookings racing for the same members (each lost round means one of them booked). */
const MAX_ATTEMPTS = 8;
export interface BookingClock {
  now(): Date;
  today(): string;
  /** The club's time zone (CLUB_TIMEZONE). */
  timeZone: string;
}

/**
 * Asks for a booking's owed notice to be sent now (a job); never fails the booking that already happened. The notice
 * is owed in the database whatever becomes of this call: the minute's sweep sends it otherwise (sendBookedNotices).
 */
export type NoticeQueue = (notice: BookingNotice) => Promise<void>;

/**
 * The booking engine (DESIGN §4): every check in the design's order on one consistent read, then one statement that
 * books only if no participant's bookings changed since (their booking versions; retried on what changed) — so a
 * member never ends up in two overlapping bookings or over a quota however bookings race — and the database's unique
 * index settles two bookings of one occurrence. Two statements a booking, no transaction held across the checks;
 * bookings made at the same time share them (the repository batches its read and its write: one round trip and one
 * commit for many bookings under load).
 */
export class BookingService {
  constructor(
    private readonly db: Db,
    private readonly repo: BookingRepository,
    private readonly sessions: TrainingSessionService,
    private readonly sessionRepo: TrainingSessionRepository,
    private readonly clock: BookingClock,
    private readonly notify: NoticeQueue,
    /** A cancelled booking freed its occurrence: its waitlist is told by a job queued in the cancel's transaction `tx` (issue 27). */
    private readonly freed: (tx: DbOrTx, bookingId: string) => Promise<void>,
    private readonly publicUrl: string,
    private readonly mailer: Pick<Mailer, 'queueIn'>,
  ) {}

  /** POST /training-session/{id}/book. */
  async book(actor: CurrentUser, sessionId: string, payload: BookPayload): Promise<Booking> {
    const asAdmin = payload.admin;
    if (asAdmin && !holdsAny(actor.permissions, ['bookings_access']))
      throw new DomainError('FORBIDDEN', 'Solo chi gestisce le prenotazioni può prenotare altri utenti');
    if (!asAdmin) {
      if (payload.partnersId.length !== 1) throw invalidInput('partnersId: Puoi scegliere un solo compagno');
      if (payload.partnersId[0] === actor.id) throw invalidInput('partnersId: Il compagno non può essere chi prenota');
    }
    const participantIds = asAdmin ? payload.partnersId : [actor.id, ...payload.partnersId];
    // Optimistic: read, check, then book only if no participant's bookings changed in between (their versions); when
    // one did, a booking racing for the same member won, and the checks run again on what it left.
    for (let attempt = 1; ; attempt++) {
      const created = await this.tryBook(actor, sessionId, payload, participantIds, asAdmin);
      if (created) {
        // Whoever was booked by someone else is told, with the way to leave (issue 25).
        await this.notify({ bookingId: created._id, event: 'booked', by: actor.id });
        return created;
      }
      if (attempt === MAX_ATTEMPTS) throw new DomainError('BOOKING_CONTENDED');
    }
  }

  /** One read and, if every check passes, one write; null when a participant's version moved meanwhile. */
  private async tryBook(
    actor: CurrentUser,
    sessionId: string,
    payload: BookPayload,
    participantIds: string[],
    asAdmin: boolean,
  ): Promise<Booking | null> {
    const now = this.clock.now();
    const today = this.clock.today();
    const { occurrence, facts } = await this.repo.readForBooking(this.db, { participantIds, sessionId, date: payload.date ?? null, today, now });
    if (!occurrence) {
      // No such occurrence: the training-session rules say why (unknown session, another date, a date needed).
      await this.sessions.occurrence(this.db, sessionId, payload.date);
      throw new DomainError('SESSION_NOT_ON_DATE');
    }
    const subjects = subjectsOf(participantIds, facts, asAdmin);
    const refused = bookingRefusal({ occurrence, subjects, asAdmin, now, timeZone: this.clock.timeZone });
    if (refused) throw refused;
    if (subjects instanceof DomainError) throw subjects;

    // A group's occurrence is pinned as booked (in the same statement): later changes of the group leave it as it is.
    const pin = occurrence.group_id
      ? {
          deleted: false,
          title: occurrence.title,
          start_time: occurrence.start_time,
          duration_minutes: occurrence.duration,
          color: occurrence.color,
          is_booking_allowed: occurrence.is_booking_allowed,
        }
      : null;
    const created = await this.repo.insertIfUnchanged(this.db, {
      session_id: sessionId,
      date: occurrence.date,
      start_at: occurrence.start_at,
      end_at: occurrence.end_at,
      booked_by: actor.id,
      participants: subjects.map((s) => ({ id: s.user.id, version: s.user.version })),
      pin,
      audit: currentAuditContext(this.clock),
    });
    if (created === 'taken') throw new DomainError('SESSION_ALREADY_BOOKED', `This session is ${F.alreadyBooked}`);
    if (created === 'moved') return null;
    const participants = subjects
      .map((s) => ({ _id: s.user.id, name: s.user.name, surname: s.user.surname, color: s.user.color }))
      .sort((a, b) => a.surname.localeCompare(b.surname) || a.name.localeCompare(b.name));
    return {
      _id: created.id,
      training_session_id: sessionId,
      date: occurrence.date,
      start_at: occurrence.start_at,
      end_at: occurrence.end_at,
      participants,
      booked_by: actor.id,
      created_at: created.created_at,
    };
  }

  /**
   * Cancels an active booking. Bookings staff cancel any, always. A member acts only on a booking they take part in:
   * the one who made it cancels it until their rule's hours_before_booking_to_cancel before the start (no rule: until
   * the start); a participant who did not make it leaves it at any time before it ends (issue 25: a member booked
   * into a shift inside their cancellation window could neither cancel it nor get that day's quota back). Leaving a
   * member's booking cancels it for both (a member books with one partner); leaving a booking of the staff takes the
   * leaver off it and the others keep it (the last to leave cancels it). The occurrence is free again at once.
   */
  private async cancel(actor: CurrentUser, where: { id: string } | { sessionId: string; date: string }): Promise<string> {
    const staff = holdsAny(actor.permissions, ['bookings_access']);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const found = await this.repo.lockActive(tx, where);
      if (!found) throw new DomainError('BOOKING_NOT_FOUND');
      const takesPart = found.participant_ids.includes(actor.id);
      if (takesPart && found.booked_by !== actor.id && !staff) {
        if (now.getTime() >= new Date(found.end_at).getTime()) throw new DomainError('BOOKING_ENDED');
        const memberBooking = found.booked_by !== null && found.participant_ids.includes(found.booked_by);
        const cancels = memberBooking || found.participant_ids.length === 1;
        if (cancels) await this.repo.cancel(tx, found.id, actor.id, now, actor.id);
        else await this.repo.leave(tx, found.id, actor.id, now);
        await this.afterCancel(tx, { bookingId: found.id, event: 'left', by: actor.id }, cancels);
        return found.id;
      }
      if (!staff) {
        if (!takesPart) throw new DomainError('BOOKING_NOT_FOUND');
        const rule = await this.repo.ruleOf(tx, actor.id);
        const deadline = new Date(found.start_at).getTime() - (rule?.hours_before_booking_to_cancel ?? 0) * HOUR_MS;
        if (now.getTime() > deadline) {
          throw new DomainError(
            'BOOKING_CANCEL_TOO_LATE',
            rule?.hours_before_booking_to_cancel
              ? `Non è più possibile annullare questa prenotazione: si può annullare fino a ${rule.hours_before_booking_to_cancel} ore prima dell'inizio.`
              : undefined,
          );
        }
      }
      await this.repo.cancel(tx, found.id, actor.id, now);
      await this.afterCancel(tx, { bookingId: found.id, event: 'cancelled', by: actor.id }, true);
      return found.id;
    });
  }

  /**
   * What a cancel or a leave sets going, in its own transaction (issue 38: committed with it, or not at all): the
   * mails of the notice recorded with their delivery (issue 44: the other participants of a cancelled booking are
   * told), and, when the occurrence is free again, the job that tells its waitlist.
   */
  private async afterCancel(tx: DbOrTx, notice: BookingNotice, freed: boolean): Promise<void> {
    const facts = await this.repo.noticeFacts(tx, notice.bookingId, notice.by);
    if (facts) await this.mailer.queueIn(tx, noticeMails(notice, facts, this.publicUrl));
    if (freed) await this.freed(tx, notice.bookingId);
  }

  /**
   * The 'booking.notices' job of a booking just made, and the minute's sweep (`bookingId` null: every owed notice):
   * clears the owed notices and records their mails with their delivery in one transaction, so each is sent once.
   * Answers how many bookings it told about.
   */
  async sendBookedNotices(bookingId: string | null): Promise<number> {
    return this.db.transaction(async (tx) => {
      const owed = await this.repo.claimBookedNotices(tx, bookingId);
      for (const { id, booked_by } of owed) {
        if (!booked_by) continue;
        const facts = await this.repo.noticeFacts(tx, id, booked_by);
        if (facts) await this.mailer.queueIn(tx, noticeMails({ bookingId: id, event: 'booked', by: booked_by }, facts, this.publicUrl));
      }
      return owed.length;
    });
  }

  /** The 'booking.notices' job: a booking's owed notice (a 'left' one comes only from jobs queued before issue 38). */
  async sendNotice(notice: BookingNotice): Promise<void> {
    if (notice.event === 'booked') {
      await this.sendBookedNotices(notice.bookingId);
      return;
    }
    await this.db.transaction(async (tx) => {
      const facts = await this.repo.noticeFacts(tx, notice.bookingId, notice.by);
      if (facts) await this.mailer.queueIn(tx, noticeMails(notice, facts, this.publicUrl));
    });
  }

  /**
   * An anonymised member's future bookings end (issue 44), each through cancel() as if the member left it: a booking
   * a partner made is cancelled and the partner told ('left'), a staff booking the member shares goes on for the
   * others; one the member made is cancelled by `staff` (the member's own cancellation window does not apply). Each
   * freed occurrence is offered to its waitlist. Past and started bookings stay (the statistics count them).
   */
  async cancelFutureOf(staff: CurrentUser, userId: string): Promise<number> {
    const future = await this.repo.futureOf(this.db, userId, this.clock.now());
    const member: CurrentUser = { ...staff, id: userId, permissions: [] };
    let cancelled = 0;
    for (const booking of future) {
      try {
        await this.cancel(booking.booked_by === userId ? staff : member, { id: booking.id });
        cancelled++;
      } catch (err) {
        // Cancelled or left meanwhile by someone else: nothing left to do for this one.
        if (!(err instanceof DomainError && err.code === 'BOOKING_NOT_FOUND')) throw err;
      }
    }
    return cancelled;
  }

  cancelById(actor: CurrentUser, bookingId: string): Promise<string> {
    return this.cancel(actor, { id: bookingId });
  }

  async cancelOccurrence(actor: CurrentUser, sessionId: string, date: string | undefined): Promise<string> {
    const session = await this.sessionRepo.session(this.db, sessionId);
    if (!session) throw new DomainError('TRAINING_SESSION_NOT_FOUND');
    return this.cancel(actor, { sessionId, date: this.sessions.dateOf(session, date) });
  }

  /** The participants of an occurrence (none when it is free). */
  async participants(sessionId: string, date: string | undefined): Promise<{ data: Participant[]; booking_id: string | null }> {
    const occurrence = await this.sessions.occurrence(this.db, sessionId, date);
    return { data: occurrence.participants, booking_id: occurrence.booking_id };
  }

  /**
   * GET /training-session?bookability=true: each occurrence of a page says whether `actor` can book it now (with a
   * partner who may play) and, if not, the refusal their booking would meet and when time lifts it. The engine's own
   * read and checks, for every occurrence of the page in ONE statement (DESIGN §4: no query per row); that read also
   * says when the date's week opens and when its unlock times release shifts.
   */
  async withBookability(actor: CurrentUser, occurrences: TrainingSession[]): Promise<TrainingSession[]> {
    if (!occurrences.length) return occurrences;
    const now = this.clock.now();
    const today = this.clock.today();
    const reads = await this.repo.readForListing(
      this.db,
      occurrences.map((o) => ({ participantIds: [actor.id], sessionId: o._id, date: o.specific_date, today, now })),
    );
    const refusals = reads.map(({ occurrence, facts }) =>
      occurrence
        ? bookingRefusal({ occurrence, subjects: subjectsOf([actor.id], facts, false), asAdmin: false, now, timeZone: this.clock.timeZone })
        : new DomainError('SESSION_NOT_ON_DATE'),
    );
    return occurrences.map((o, i) => {
      const refused = refusals[i];
      const { occurrence, facts } = reads[i]!;
      const code = refused ? (refused.code as BookabilityRefusal) : null;
      const opens = code && OPENED_BY_TIME.has(code) && occurrence && facts[0] ? opensAt(code, { occurrence, user: facts[0], today }) : null;
      return { ...o, bookability: { bookable: !refused, refusal: code, opens_at: opens ? opens.toISOString() : null } };
    });
  }
}
