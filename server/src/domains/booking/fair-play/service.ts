import type { FairPlayRecord } from 'shared-api/contract';
import type { CurrentUser } from '../../../core/domain';
import type { Db } from '../../../core/db/client';
import type { Clock } from '../../../core/time';
import { DomainError } from '../../../core/errors';
import type { FairPlayRepository } from './repository';

/**
 * The fair-play record of issue 42: a member's no-shows and late cancellations within their booking rule's period,
 * and the suspension of their own bookings when one reaches the rule's limit (the booking engine reads the same SQL,
 * fair-play/sql.ts, in its one read). The staff lift a suspension with a note: what came before no longer counts.
 */
export class FairPlayService {
  constructor(
    private readonly db: Db,
    private readonly repo: FairPlayRepository,
    private readonly clock: Clock,
  ) {}

  /** GET /user/me/fair-play: the member's own record. */
  async mine(actor: CurrentUser): Promise<FairPlayRecord> {
    const record = await this.repo.recordOf(this.db, actor.id, this.clock.now());
    if (!record) throw new DomainError('USER_NOT_FOUND');
    return record;
  }

  /** POST /user/{id}/fair-play/lift (bookings staff): lifts the member's current suspension; answers their record after it. */
  async lift(actor: CurrentUser, userId: string, note: string): Promise<FairPlayRecord> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const record = await this.repo.recordOf(tx, userId, now);
      if (!record) throw new DomainError('USER_NOT_FOUND');
      if (!record.suspended_until) throw new DomainError('FAIR_PLAY_NOT_SUSPENDED');
      await this.repo.insertLift(tx, { user_id: userId, lifted_at: now, lifted_by: actor.id, note });
      const after = await this.repo.recordOf(tx, userId, now);
      return after!;
    });
  }
}
