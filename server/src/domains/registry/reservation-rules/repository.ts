import { eq, sql } from 'drizzle-orm';
import type { ReservationRule, ReservationRulePayload, UnlockTime } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { listFrom, type ListSource, searchableText, selectRows, tableList } from '../../../core/list';
import { qualified } from '../../../core/sql';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import {
  category_reservation_rules,
  qualification_reservation_rules,
  reservation_rule_unlock_times,
  reservation_rules,
  user_reservation_rules,
} from '../tables';

export const RESERVATION_RULE_SORT_KEYS = [
  'name',
  'description',
  'max_rounds_per_week',
  'max_rounds_per_day',
  'hours_before_booking_to_ignore_rules',
  'hours_before_booking_to_cancel',
  'week_start_day',
  'week_end_day',
] as const;
export type ReservationRuleSortKey = (typeof RESERVATION_RULE_SORT_KEYS)[number];

const HOLDERS: Holder[] = [
  { table: user_reservation_rules, column: user_reservation_rules.reservation_rule_id, noun: ['utente', 'utenti'] },
  { table: category_reservation_rules, column: category_reservation_rules.reservation_rule_id, noun: ['categoria', 'categorie'] },
  { table: qualification_reservation_rules, column: qualification_reservation_rules.reservation_rule_id, noun: ['qualifica', 'qualifiche'] },
];

const r = reservation_rules;

const FROM = listFrom(r);

/** Booking rules with their unlock times (spec 001 §3): SQL only. */
export class ReservationRuleRepository {
  constructor(private readonly db: Db) {}

  private columns() {
    const unlockTimes = sql<
      UnlockTime[]
    >`coalesce((select json_agg(json_build_object('_id', u.id, 'day', u.day, 'hour', u.hour, 'num_shifts', u.num_shifts) order by u.day, u.hour) from ${reservation_rule_unlock_times} u where u.reservation_rule_id = ${qualified(r, 'id')}), '[]'::json)`;

    return {
      _id: r.id,
      name: r.name,
      description: r.description,
      max_rounds_per_week: r.max_rounds_per_week,
      max_rounds_per_day: r.max_rounds_per_day,
      hours_before_booking_to_ignore_rules: r.hours_before_booking_to_ignore_rules,
      hours_before_booking_to_cancel: r.hours_before_booking_to_cancel,
      week_start_day: r.week_start_day,
      week_end_day: r.week_end_day,
      unlock_times: unlockTimes,
      no_show_limit: r.no_show_limit,
      late_cancellation_limit: r.late_cancellation_limit,
      fair_play_period_days: r.fair_play_period_days,
      suspension_days: r.suspension_days,
    };
  }

  listSource(): ListSource<ReservationRule, ReservationRuleSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: this.columns(),
      search: searchableText(r.name, r.description),
      sortColumns: {
        name: r.name,
        description: r.description,
        max_rounds_per_week: r.max_rounds_per_week,
        max_rounds_per_day: r.max_rounds_per_day,
        hours_before_booking_to_ignore_rules: r.hours_before_booking_to_ignore_rules,
        hours_before_booking_to_cancel: r.hours_before_booking_to_cancel,
        week_start_day: r.week_start_day,
        week_end_day: r.week_end_day,
      },
      defaultSort: [r.name],
      tieBreaker: r.id,
    });
  }

  async get(id: string): Promise<ReservationRule | null> {
    const [row] = await selectRows(this.db, FROM, this.columns(), eq(r.id, id), { limit: 1 });
    return row ?? null;
  }

  async insert(tx: DbOrTx, payload: ReservationRulePayload): Promise<string> {
    const [row] = await tx.insert(r).values(columns(payload)).returning({ id: r.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    await this.writeUnlockTimes(tx, row.id, payload);
    return row.id;
  }

  /** False when there is no such rule. */
  async update(tx: DbOrTx, id: string, payload: ReservationRulePayload): Promise<boolean> {
    const updated = await tx.update(r).set(columns(payload)).where(eq(r.id, id)).returning({ id: r.id });
    if (!updated.length) return false;
    await this.writeUnlockTimes(tx, id, payload);
    return true;
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, r, r.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(r).where(eq(r.id, id));
  }

  /** The rule's unlock times are replaced as a whole (the form sends them all). */
  private async writeUnlockTimes(tx: DbOrTx, id: string, payload: ReservationRulePayload) {
    await tx.delete(reservation_rule_unlock_times).where(eq(reservation_rule_unlock_times.reservation_rule_id, id));
    if (payload.unlock_times.length) {
      await tx
        .insert(reservation_rule_unlock_times)
        .values(payload.unlock_times.map((u) => ({ reservation_rule_id: id, day: u.day, hour: u.hour, num_shifts: u.num_shifts })));
    }
  }
}

const columns = ({ unlock_times: _unlock, ...rule }: ReservationRulePayload) => rule;
