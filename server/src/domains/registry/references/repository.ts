import { type AnyColumn, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ListMeta, MailingListClass, NamedRef, Qualification, ReservationRule, UnlockTime } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { type ListRequest, type ListSource, countRows, readPage, searchableText, withPage } from '../../../core/list';
import { linkedNames, qualified } from '../../../core/sql';
import {
  mailing_list_classes,
  qualification_mailing_list_classes,
  qualification_reservation_rules,
  qualifications,
  reservation_rule_unlock_times,
  reservation_rules,
} from '../tables';

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

type Paged<T> = { data: T[]; meta: ListMeta };

/** The columns of a table named by the sort keys (the keys are the columns' own names). */
function columnsOf<K extends string>(table: PgTable, keys: readonly K[]): Record<K, AnyColumn> {
  const columns = table as unknown as Record<string, AnyColumn>;
  return Object.fromEntries(keys.map((k) => [k, columns[k]])) as Record<K, AnyColumn>;
}

/** The registry's reference lists the user form needs (qualifications, booking rules, mailing-list classes). */
export class ReferenceRepository {
  constructor(private readonly db: Db) {}

  /** A reference list: searched on name and description, sorted by its keys, name first by default. */
  private list<T, K extends string>(
    table: typeof qualifications | typeof reservation_rules | typeof mailing_list_classes,
    sortKeys: readonly K[],
    rows: ListSource<T, K>['rows'],
    request: ListRequest<K>,
  ): Promise<Paged<T>> {
    return readPage<T, K>(
      {
        search: searchableText(table.name, table.description),
        sortColumns: columnsOf(table, sortKeys),
        defaultSort: [table.name],
        tieBreaker: table.id,
        rows,
        count: (where) => countRows(this.db, table, where),
      },
      request,
    );
  }

  qualifications(request: ListRequest<(typeof QUALIFICATION_SORT_KEYS)[number]>): Promise<Paged<Qualification>> {
    return this.list(
      qualifications,
      QUALIFICATION_SORT_KEYS,
      (where, orderBy, limit, offset) =>
        withPage(
          this.db
          .select({
            _id: qualifications.id,
            name: qualifications.name,
            description: qualifications.description,
            color: qualifications.color,
            priority: qualifications.priority,
            reservation_rules: linkedNames<NamedRef>(qualifications, qualification_reservation_rules, 'qualification_id', reservation_rules, 'reservation_rule_id'),
            mailing_list_classes: linkedNames<NamedRef>(
              qualifications,
              qualification_mailing_list_classes,
              'qualification_id',
              mailing_list_classes,
              'mailing_list_class_id',
            ),
          })
          .from(qualifications)
          .$dynamic()
            .where(where)
            .orderBy(...orderBy),
          limit,
          offset,
        ),
      request,
    );
  }

  reservationRules(request: ListRequest<(typeof RESERVATION_RULE_SORT_KEYS)[number]>): Promise<Paged<ReservationRule>> {
    const unlockTimes = sql<UnlockTime[]>`coalesce((select json_agg(json_build_object('_id', u.id, 'day', u.day, 'hour', u.hour, 'num_shifts', u.num_shifts) order by u.day, u.hour) from ${reservation_rule_unlock_times} u where u.reservation_rule_id = ${qualified(reservation_rules, 'id')}), '[]'::json)`;
    return this.list(
      reservation_rules,
      RESERVATION_RULE_SORT_KEYS,
      (where, orderBy, limit, offset) =>
        withPage(
          this.db
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
          })
          .from(reservation_rules)
          .$dynamic()
            .where(where)
            .orderBy(...orderBy),
          limit,
          offset,
        ),
      request,
    );
  }

  async mailingListClasses(request: ListRequest<(typeof MAILING_LIST_CLASS_SORT_KEYS)[number]>): Promise<Paged<MailingListClass>> {
    const page = await this.list(
      mailing_list_classes,
      MAILING_LIST_CLASS_SORT_KEYS,
      (where, orderBy, limit, offset) =>
        withPage(
          this.db
          .select({
            _id: mailing_list_classes.id,
            name: mailing_list_classes.name,
            description: mailing_list_classes.description,
            type: mailing_list_classes.type,
            is_default: mailing_list_classes.is_default,
          })
          .from(mailing_list_classes)
          .$dynamic()
            .where(where)
            .orderBy(...orderBy),
          limit,
          offset,
        ),
      request,
    );
    return { ...page, data: page.data.map((r) => ({ ...r, type: r.type as MailingListClass['type'] })) };
  }
}
