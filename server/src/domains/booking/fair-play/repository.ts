import { sql } from 'drizzle-orm';
import type { FairPlayRecord } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { users } from '../../registry/tables';
import { ruleSql } from '../booking/rule-sql';
import { fair_play_lifts } from '../tables';
import { fairPlaySql } from './sql';

/** The fair-play record (issue 42): SQL only. */
export class FairPlayRepository {
  /** The member's record at `now` (fair-play/sql.ts, under their rule); null when there is no such user. */
  async recordOf(db: DbOrTx, userId: string, now: Date): Promise<FairPlayRecord | null> {
    const id = sql`${userId}::uuid`;
    const at = sql`${now.toISOString()}::timestamptz`;
    const [row] = rowsOf<FairPlayRecord>(
      await db.execute(sql`
        select fp.no_shows, fp.late_cancellations, fp.suspended_until
        from ${users} u
        left join lateral (${ruleSql(id)}) r on true
        cross join lateral (${fairPlaySql(id, at, 'r', false)}) fp
        where u.id = ${id}`),
    );
    return row ?? null;
  }

  async insertLift(tx: DbOrTx, lift: { user_id: string; lifted_at: Date; lifted_by: string; note: string }): Promise<void> {
    await tx.insert(fair_play_lifts).values(lift);
  }
}
