import type { BookedSession } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import type { CurrentUser } from '../../../core/domain';
import type { BookingClock } from '../booking/service';
import type { BookingRepository } from '../booking/repository';
import type { MyBookingsRepository } from './repository';

const HOUR_MS = 3_600_000;

/** A member's own bookings, future or past, each saying whether they may still cancel or leave it. */
export class MyBookingsService {
  constructor(
    private readonly db: Db,
    private readonly repo: MyBookingsRepository,
    private readonly bookings: BookingRepository,
    private readonly clock: BookingClock,
  ) {}

  /** GET /user/me/booked-sessions. */
  async bookedSessions(actor: CurrentUser, filter: 'future' | 'past'): Promise<BookedSession[]> {
    const now = this.clock.now();
    const rows = await this.repo.bookedSessions(this.db, actor.id, filter, now);
    const rule = rows.length ? await this.bookings.ruleOf(this.db, actor.id) : null;
    const hours = rule?.hours_before_booking_to_cancel ?? 0;
    // A booking someone else made is left, at any time before it ends; their own until the rule's deadline.
    return rows.map((row) => ({
      ...row,
      can_cancel: !row.no_show && !row.pastPrenotation && (!row.booked_by_me || now.getTime() <= new Date(row.start_at).getTime() - hours * HOUR_MS),
    }));
  }
}
