import { randomBytes } from 'node:crypto';
import type { AttendanceRow, CheckInLink, CheckInResult } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import type { CurrentUser } from '../../../core/domain';
import { sign, verifySignature } from '../../../core/secrets';
import type { CheckInRepository } from './repository';
import { checkInSheet } from './sheet';

/** The secret a table's check-in link is signed with (core/secrets.ts): a database copy holds the nonce, not the link. */
const LINK_SECRET = 'check-in-link';
const MINUTE_MS = 60_000;
/** The no-show sweep (issue 42): every minute, the bookings whose check-in window closed with nobody checked in. */
export const NO_SHOWS_JOB = 'booking.no-shows';
/** A link's token: the nonce (16 random bytes, base64url: 22 characters) and its signature (HMAC-SHA256: 43). No dot: the
 * static host serves the portal's page only for a path without a file extension. */
const NONCE_CHARS = 22;
const SIGNATURE_CHARS = 43;

export interface CheckInSettings {
  publicUrl: string;
  clubName: string;
  /** The window: from this many minutes before a booking's start (CHECK_IN_OPENS_MIN) … */
  opensMin: number;
  /** … to this many after it (CHECK_IN_CLOSES_MIN); then a booking nobody checked in to is released. */
  closesMin: number;
  now: () => Date;
}

/**
 * Check-in at the table (issue 42): a table's link (its sheet with the QR code), a member checking in with it, staff
 * checking anyone in, and the release of the bookings nobody checked in to.
 */
export class CheckInService {
  constructor(
    private readonly db: Db,
    private readonly repo: CheckInRepository,
    private readonly settings: CheckInSettings,
    /** A released booking freed its occurrence: its waitlist is offered the place (the cancel's own path). */
    private readonly freed: (tx: DbOrTx, bookingId: string) => Promise<void>,
  ) {}

  private async urlOf(nonce: string): Promise<string> {
    return `${this.settings.publicUrl}/check-in/${nonce}${await sign(this.db, LINK_SECRET, nonce)}`;
  }

  /** A new link for the table: check-in is on from now, and the previous link (a printed sheet) stops working. */
  async newLink(tableId: string): Promise<CheckInLink> {
    const nonce = randomBytes(16).toString('base64url');
    const table = await this.db.transaction((tx) => this.repo.setNonce(tx, tableId, nonce, this.settings.now()));
    if (!table) throw new DomainError('NOT_FOUND', 'Tavolo non trovato');
    return { url: await this.urlOf(nonce), since: table.since };
  }

  /** The table's printable sheet (A4, its number, description and the QR code of its link). */
  async sheet(tableId: string): Promise<{ body: Buffer; fileName: string }> {
    const table = await this.repo.table(this.db, tableId);
    if (!table) throw new DomainError('NOT_FOUND', 'Tavolo non trovato');
    if (!table.nonce) throw new DomainError('CHECK_IN_NOT_ENABLED');
    const { clubName, opensMin, closesMin } = this.settings;
    const body = await checkInSheet({ ...table, url: await this.urlOf(table.nonce), clubName, opensMin, closesMin });
    return { body, fileName: `presenze-tavolo-${table.number}.pdf` };
  }

  /** The member checks in at the table of the link, and with `withPartners` the others of their booking. */
  async checkIn(actor: CurrentUser, token: string, withPartners: boolean): Promise<CheckInResult> {
    const nonce = token.slice(0, NONCE_CHARS);
    const signature = token.slice(NONCE_CHARS);
    if (token.length !== NONCE_CHARS + SIGNATURE_CHARS || !(await verifySignature(this.db, LINK_SECRET, nonce, signature)))
      throw new DomainError('CHECK_IN_LINK_INVALID');
    const now = this.settings.now();
    const bookingId = await this.db.transaction(async (tx) => {
      const table = await this.repo.tableByNonce(tx, nonce);
      if (!table) throw new DomainError('CHECK_IN_LINK_INVALID');
      const near = await this.repo.nearBookings(tx, table.id, actor.id, now);
      const opens = (b: { start_at: string }) => new Date(b.start_at).getTime() - this.settings.opensMin * MINUTE_MS;
      const closes = (b: { start_at: string }) => new Date(b.start_at).getTime() + this.settings.closesMin * MINUTE_MS;
      const open = near.find((b) => opens(b) <= now.getTime() && now.getTime() <= closes(b));
      if (!open) {
        // The nearest booking says why: not open yet, or closed.
        const nearest = near[0];
        if (!nearest) throw new DomainError('CHECK_IN_NO_BOOKING');
        if (now.getTime() < opens(nearest))
          throw new DomainError(
            'CHECK_IN_TOO_EARLY',
            `È ancora presto per registrare la presenza: si apre ${this.settings.opensMin} minuti prima dell'inizio del turno.`,
          );
        throw new DomainError('CHECK_IN_CLOSED');
      }
      const locked = await this.repo.lockBooking(tx, open.id);
      if (!locked) throw new DomainError('CHECK_IN_NO_BOOKING');
      const who = withPartners ? locked.participant_ids : [actor.id];
      await this.repo.checkIn(tx, locked.id, who, actor.id, now);
      return locked.id;
    });
    return this.resultOf(bookingId);
  }

  /** Bookings staff check participants in (all of them by default) at any time until the booking is released. */
  async staffCheckIn(actor: CurrentUser, bookingId: string, userIds: readonly string[] | undefined): Promise<CheckInResult> {
    await this.db.transaction(async (tx) => {
      const locked = await this.repo.lockBooking(tx, bookingId);
      if (!locked) throw new DomainError('BOOKING_NOT_FOUND');
      const who = userIds ?? locked.participant_ids;
      if (who.some((u) => !locked.participant_ids.includes(u)))
        throw new DomainError('VALIDATION_FAILED', 'Uno degli utenti indicati non partecipa a questa prenotazione.');
      await this.repo.checkIn(tx, locked.id, who, actor.id, this.settings.now());
    });
    return this.resultOf(bookingId);
  }

  /** The 'Presenze' of a club day (bookings staff): its bookings, who is present, and the no-shows released. */
  day(date: string): Promise<AttendanceRow[]> {
    return this.repo.day(this.db, date);
  }

  private async resultOf(bookingId: string): Promise<CheckInResult> {
    const result = await this.repo.result(this.db, bookingId);
    if (!result) throw new DomainError('BOOKING_NOT_FOUND');
    return result;
  }

  /**
   * The no-show job: releases the bookings nobody checked in to, and queues each freed place's waitlist notice in the
   * same transaction (both commit or neither).
   */
  async releaseNoShows(): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const released = await this.repo.releaseNoShows(tx, this.settings.now(), this.settings.closesMin);
      for (const id of released) await this.freed(tx, id);
      return released;
    });
  }
}
