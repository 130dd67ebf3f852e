import { type SQL, sql } from 'drizzle-orm';
import type { ListMeta, MailingListClass, NamedRef, Qualification, ReservationRule, UnlockTime } from 'shared-api/contract';
import type { Db } from '../../db/client';
import {
  mailing_list_classes,
  qualification_mailing_list_classes,
  qualification_reservation_rules,
  qualifications,
  reservation_rule_unlock_times,
  reservation_rules,
} from '../../db/schema';
import { type Paging, listMetaOf, matchesAllWords, offsetOf, orderByOf } from '../common/list';
import { linkedNames, qualified } from '../common/sql';

export const QUALIFICATION_SORT_KEYS = ['name', 'description', 'color', 'priority'] as const;
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
export const MAILING_LIST_CLASS_SORT_KEYS = ['name', 'description', 'type', 'is_default'] as const;

export interface ReferenceFilter<K extends string> extends Paging {
  q?: string;
  sortBy?: K;
  order: 'asc' | 'desc';
}

interface Paged<T> {
  data: T[];
  meta: ListMeta;
}

const total = sql<number>`(count(*) over())::int`;

/** Runs a list query with the window count; a page past the end counts separately. */
async function paged<T extends { total: number }>(
  filter: Paging,
  run: (limit: number | null, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: Omit<T, 'total'>[]; totalItems: number }> {
  const rows = await run(filter.limit > 0 ? filter.limit : null, offsetOf(filter));
  const totalItems = rows[0]?.total ?? (filter.page > 1 ? await count() : 0);
  return { rows: rows.map(({ total: _t, ...rest }) => rest), totalItems };
}

/** The registry's reference lists the user form needs (qualifications, booking rules, mailing-list classes). */
export class ReferenceRepository {
  constructor(private readonly db: Db) {}

  private async countWhere(table: typeof qualifications | typeof reservation_rules | typeof mailing_list_classes, where: SQL | undefined) {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
    return row?.n ?? 0;
  }

  async qualifications(filter: ReferenceFilter<(typeof QUALIFICATION_SORT_KEYS)[number]>): Promise<Paged<Qualification>> {
    const where = matchesAllWords(sql`(${qualifications.name} || ' ' || coalesce(${qualifications.description}, ''))`, filter.q);
    const { rows, totalItems } = await paged(
      filter,
      (limit, offset) => {
        const q = this.db
          .select({
            _id: qualifications.id,
            name: qualifications.name,
            description: qualifications.description,
            color: qualifications.color,
            priority: qualifications.priority,
            reservation_rules: linkedNames<NamedRef>(qualifications, qualification_reservation_rules, 'qualification_id', reservation_rules, 'reservation_rule_id'),
            mailing_list_classes: linkedNames<NamedRef>(qualifications, qualification_mailing_list_classes, 'qualification_id', mailing_list_classes, 'mailing_list_class_id'),
            total,
          })
          .from(qualifications)
          .where(where)
          .orderBy(...orderByOf(qualifications, filter.sortBy, filter.order, [qualifications.name], qualifications.id))
          .$dynamic();
        return limit ? q.limit(limit).offset(offset) : q;
      },
      () => this.countWhere(qualifications, where),
    );
    return { data: rows, meta: listMetaOf(totalItems, filter) };
  }

  async reservationRules(filter: ReferenceFilter<(typeof RESERVATION_RULE_SORT_KEYS)[number]>): Promise<Paged<ReservationRule>> {
    const where = matchesAllWords(sql`(${reservation_rules.name} || ' ' || coalesce(${reservation_rules.description}, ''))`, filter.q);
    const unlockTimes = sql<UnlockTime[]>`coalesce((select json_agg(json_build_object('_id', u.id, 'day', u.day, 'hour', u.hour, 'num_shifts', u.num_shifts) order by u.day, u.hour) from ${reservation_rule_unlock_times} u where u.reservation_rule_id = ${qualified(reservation_rules, 'id')}), '[]'::json)`;
    const { rows, totalItems } = await paged(
      filter,
      (limit, offset) => {
        const q = this.db
          .select({
            _id: reservation_rules.id,
            name: reservation_rules.name,
            description: reservation_rules.description,
            max_rounds_per_week: reservation_rules.max_rounds_per_week,
            max_rounds_per_day: reservation_rules.max_rounds_per_day,
            hours_before_booking_to_ignore_rules: reservation_rules.hours_before_booking_to_ignore_rules,
            hours_before_booking_to_cancel: reservation_rules.hours_before_booking_to_cancel,
            week_start_day: reservation_rules.week_start_day,
            week_end_day: reservation_rules.week_end_day,
            unlock_times: unlockTimes,
            total,
          })
          .from(reservation_rules)
          .where(where)
          .orderBy(...orderByOf(reservation_rules, filter.sortBy, filter.order, [reservation_rules.name], reservation_rules.id))
          .$dynamic();
        return limit ? q.limit(limit).offset(offset) : q;
      },
      () => this.countWhere(reservation_rules, where),
    );
    return { data: rows, meta: listMetaOf(totalItems, filter) };
  }

  async mailingListClasses(filter: ReferenceFilter<(typeof MAILING_LIST_CLASS_SORT_KEYS)[number]>): Promise<Paged<MailingListClass>> {
    const where = matchesAllWords(sql`(${mailing_list_classes.name} || ' ' || coalesce(${mailing_list_classes.description}, ''))`, filter.q);
    const { rows, totalItems } = await paged(
      filter,
      (limit, offset) => {
        const q = this.db
          .select({
            _id: mailing_list_classes.id,
            name: mailing_list_classes.name,
            description: mailing_list_classes.description,
            type: mailing_list_classes.type,
            is_default: mailing_list_classes.is_default,
            total,
          })
          .from(mailing_list_classes)
          .where(where)
          .orderBy(...orderByOf(mailing_list_classes, filter.sortBy, filter.order, [mailing_list_classes.name], mailing_list_classes.id))
          .$dynamic();
        return limit ? q.limit(limit).offset(offset) : q;
      },
      () => this.countWhere(mailing_list_classes, where),
    );
    return { data: rows.map((r) => ({ ...r, type: r.type as MailingListClass['type'] })), meta: listMetaOf(totalItems, filter) };
  }
}
