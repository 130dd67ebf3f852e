import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { reservation_rule_unlock_times, reservation_rules } from '../../registry/tables';
import { ruleSql } from '../booking/rule-sql';

export interface MemberRuleRow {
  id: string;
  name: string;
  max_rounds_per_week: number;
  max_rounds_per_day: number;
  hours_before_booking_to_cancel: number;
}

/** The member's booking rule (the engine's own choice, rule-sql.ts) and its unlock times: SQL only. */
export class MyRuleRepository {
  async ruleOf(db: DbOrTx, userId: string): Promise<MemberRuleRow | null> {
    const [row] = rowsOf<MemberRuleRow>(
      await db.execute(sql`
        select applicable.id, r.name, applicable.max_rounds_per_week, applicable.max_rounds_per_day, applicable.hours_before_booking_to_cancel
        from (${ruleSql(sql`${userId}::uuid`)}) applicable join ${reservation_rules} r on r.id = applicable.id`),
    );
    return row ?? null;
  }

  async unlockTimesOf(db: DbOrTx, ruleId: string): Promise<{ day: number; hour: string; num_shifts: number }[]> {
    return rowsOf(
      await db.execute(sql`select day, hour, num_shifts from ${reservation_rule_unlock_times} where reservation_rule_id = ${ruleId}::uuid`),
    );
  }
}
