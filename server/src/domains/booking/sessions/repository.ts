import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { ListMeta, SessionException, SessionGroup, TrainingSession } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { type ListSource, readPage } from '../../../core/list';
import { MemberDirectory } from '../../registry';
import { qualifications } from '../../registry/tables';
import {
  bookings,
  game_tables,
  training_session_exceptions,
  training_session_groups,
  training_session_qualifications,
  training_sessions,
} from '../tables';
import {
  DEFAULT_PARTICIPANT_COLOR,
  DEFAULT_SESSION_COLOR,
  type OccurrenceFilter,
  endTimeSql,
  CALENDAR_PLANNER,
  type PageWindow,
  lookupFor,
  occurrenceConditions,
  occurrenceRowsSql,
  pageWindowSql,
} from './occurrence-sql';
import { readOccurrences } from './occurrences';
import { SessionCatalog } from './session-catalog';

export type SessionRow = typeof training_sessions.$inferSelect;
export type GroupRow = typeof training_session_groups.$inferSelect;
export type NewSession = typeof training_sessions.$inferInsert;
export type ExceptionValues = Pick<
  typeof training_session_exceptions.$inferInsert,
  'title' | 'start_time' | 'duration_minutes' | 'color' | 'is_booking_allowed' | 'deleted'
>;

/** A list's two statements on one snapshot; read only, so it never fails to serialize. */
const LIST_TRANSACTION = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

const s = training_sessions;
const g = training_session_groups;
const x = training_session_exceptions;

/** Training sessions, groups and exceptions (DESIGN §4): SQL only. */
export class TrainingSessionRepository {
  constructor(
    private readonly db: Db,
    readonly timeZone: string,
    /** The participants' names and colours, kept between reads (registry/users/member-directory.ts). */
    private readonly members = new MemberDirectory(DEFAULT_PARTICIPANT_COLOR),
    /** The sessions with their tables, groups and qualifications, kept between reads (session-catalog.ts). */
    private readonly sessions = new SessionCatalog(),
  ) {}

  /**
   * One page of the occurrences of [from, to] in date order, in a read-only transaction with the calendar's planner
   * settings: one statement finds the total and the days the page falls on from each day's count (pageWindowSql), one
   * reads those days' occurrences in full. Two statements whatever the groups, occurrences or bookings, and work in
   * proportion to the page, not the range. Repeatable read: both see one snapshot, so a booking made in between
   * cannot move the page against its count.
   */
  list(from: string, to: string, filter: OccurrenceFilter, page: number, limit: number): Promise<{ data: TrainingSession[]; meta: ListMeta }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(CALENDAR_PLANNER);
      let total = 0;
      const source: ListSource<TrainingSession, 'date'> = {
        filters: occurrenceConditions(filter),
        sortColumns: { date: sql`o.date` },
        // Date first: pageWindowSql relies on it.
        defaultSort: [sql`o.date`, sql`o.start_time`, sql`gt.number`],
        // The occurrence's session, a column of the page's rows (no join of training_sessions for its name).
        tieBreaker: sql`o.session_id`,
        rows: async (where, orderBy, lim, offset) => {
          const conditions = where ? [where] : [];
          const [window] = rowsOf<PageWindow>(await tx.execute(pageWindowSql(from, to, filter, conditions, lim, offset)));
          total = window?.total ?? 0;
          if (!window?.first_day || !window.last_day) return [];
          return readOccurrences(
            tx,
            occurrenceRowsSql({
              from: window.first_day,
              to: window.last_day,
              tz: this.timeZone,
              where: conditions,
              orderBy,
              limit: lim,
              offset: offset - window.before,
              lookup: lookupFor(filter),
            }),
            this.sessions,
            this.members,
          );
        },
        // The window's statement counted them.
        count: async () => total,
      };
      return readPage(source, { page, limit, order: 'asc' });
    }, LIST_TRANSACTION);
  }

  /**
   * Every occurrence of [from, to] under the filter, in the list's order: a page of the download (a week of GET
   * /training-session/export). No window statement (nothing to count), and a turn of the event loop between the
   * statements: on the embedded database each runs on the request thread, and a transaction's chain of statements
   * never returns to the event loop by itself, so a week read in one stretch held the thread for all of them.
   */
  allOccurrences(from: string, to: string, filter: OccurrenceFilter): Promise<TrainingSession[]> {
    return this.db.transaction(async (tx) => {
      await tx.execute(CALENDAR_PLANNER);
      await nextTurn();
      const rows = occurrenceRowsSql({
        from,
        to,
        tz: this.timeZone,
        where: occurrenceConditions(filter),
        limit: null,
        offset: 0,
        lookup: lookupFor(filter),
      });
      return readOccurrences(tx, rows, this.sessions, this.members, { stepAside: true });
    }, LIST_TRANSACTION);
  }

  /** The occurrence of a session on a date (null: the session does not occur then, or that occurrence was deleted). */
  async occurrence(tx: DbOrTx, sessionId: string, date: string): Promise<TrainingSession | null> {
    const [found] = await readOccurrences(
      tx,
      occurrenceRowsSql({
        from: date,
        to: date,
        tz: this.timeZone,
        where: occurrenceConditions({ sessionId }),
        limit: 1,
        offset: 0,
        lookup: 'probe',
      }),
      this.sessions,
      this.members,
    );
    return found ?? null;
  }

  /**
   * The first occurrences of sessions on or after a date: the answer of a create or an edit, read inside its
   * transaction (so an answer that fails stores nothing), with the sessions as that transaction left them.
   */
  async firstOccurrences(tx: DbOrTx, ids: string[], from: string, to: string): Promise<TrainingSession[]> {
    if (!ids.length) return [];
    const list = await readOccurrences(
      tx,
      occurrenceRowsSql({
        from,
        to,
        tz: this.timeZone,
        where: [
          sql`o.session_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ],
        orderBy: [sql`o.date`, sql`o.start_time`, sql`gt.number`],
        limit: null,
        offset: 0,
        lookup: 'probe',
      }),
      this.sessions,
      this.members,
      { fresh: true },
    );
    const seen = new Set<string>();
    return list.filter((o) => (seen.has(o._id) ? false : (seen.add(o._id), true)));
  }

  async session(tx: DbOrTx, id: string): Promise<SessionRow | null> {
    const [row] = await tx.select().from(s).where(eq(s.id, id)).limit(1);
    return row ?? null;
  }

  async group(tx: DbOrTx, id: string, lock = false): Promise<GroupRow | null> {
    const q = tx.select().from(g).where(eq(g.id, id)).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async groupSessions(tx: DbOrTx, groupId: string): Promise<SessionRow[]> {
    return tx.select().from(s).where(eq(s.group_id, groupId)).orderBy(asc(s.start_time), asc(s.created_at));
  }

  async qualificationsOf(tx: DbOrTx, sessionId: string): Promise<string[]> {
    return (
      await tx
        .select({ id: training_session_qualifications.qualification_id })
        .from(training_session_qualifications)
        .where(eq(training_session_qualifications.session_id, sessionId))
    ).map((r) => r.id);
  }

  /** How many of these ids are game tables / qualifications (the service refuses unknown ones). */
  /** A game table's number; undefined when there is no such table. */
  async tableNumber(id: string): Promise<number | undefined> {
    const [row] = await this.db.select({ number: game_tables.number }).from(game_tables).where(eq(game_tables.id, id)).limit(1);
    return row?.number;
  }

  async existingTables(ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    return (await this.db.select({ id: game_tables.id }).from(game_tables).where(inArray(game_tables.id, ids))).map((r) => r.id);
  }

  async existingQualifications(ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    return (await this.db.select({ id: qualifications.id }).from(qualifications).where(inArray(qualifications.id, ids))).map((r) => r.id);
  }

  async insertGroup(tx: DbOrTx, values: { start_date: string; end_date: string; week_days: number[] }): Promise<string> {
    const [row] = await tx.insert(g).values(values).returning({ id: g.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async insertSessions(tx: DbOrTx, rows: NewSession[], qualificationIds: string[]): Promise<string[]> {
    if (!rows.length) return [];
    const ids = (await tx.insert(s).values(rows).returning({ id: s.id })).map((r) => r.id);
    if (qualificationIds.length) {
      await tx
        .insert(training_session_qualifications)
        .values(ids.flatMap((session_id) => qualificationIds.map((qualification_id) => ({ session_id, qualification_id }))));
    }
    return ids;
  }

  async updateSession(tx: DbOrTx, id: string, values: Partial<NewSession>, qualificationIds: string[]): Promise<void> {
    await tx.update(s).set(values).where(eq(s.id, id));
    await tx.delete(training_session_qualifications).where(eq(training_session_qualifications.session_id, id));
    if (qualificationIds.length)
      await tx.insert(training_session_qualifications).values(qualificationIds.map((qualification_id) => ({ session_id: id, qualification_id })));
  }

  async deleteSession(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(s).where(eq(s.id, id));
  }

  async setGroupEnd(tx: DbOrTx, id: string, endDate: string): Promise<void> {
    await tx.update(g).set({ end_date: endDate }).where(eq(g.id, id));
  }

  async deleteGroup(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(g).where(eq(g.id, id));
  }

  /** The active booking of an occurrence, if any. */
  async activeBooking(tx: DbOrTx, sessionId: string, date: string): Promise<string | null> {
    const [row] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.session_id, sessionId), eq(bookings.date, date), isNull(bookings.cancelled_at)))
      .limit(1);
    return row?.id ?? null;
  }

  /** Active bookings of a single session or of a group's sessions on or after a date. */
  async activeBookingsFrom(
    tx: DbOrTx,
    sessionIds: string[],
    from: string,
  ): Promise<{ session_id: string; date: string; start_time: string; duration_minutes: number; game_table_id: string }[]> {
    if (!sessionIds.length) return [];
    return rowsOf(
      await tx.execute(sql`
        select b.session_id, b.date::text as date, coalesce(x.start_time, s.start_time) as start_time,
               coalesce(x.duration_minutes, s.duration_minutes) as duration_minutes, s.game_table_id
        from ${bookings} b
        join ${s} s on s.id = b.session_id
        left join ${x} x on x.session_id = b.session_id and x.date = b.date
        where b.cancelled_at is null and b.date >= ${from}::date and b.session_id in (${sql.join(
          sessionIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
  }

  /** Stores an exception for (session, date), replacing the values of one already there. */
  async upsertException(tx: DbOrTx, sessionId: string, date: string, values: ExceptionValues): Promise<void> {
    await tx
      .insert(x)
      .values({ session_id: sessionId, date, ...values })
      .onConflictDoUpdate({ target: [x.session_id, x.date], set: values });
  }

  /** Pins an occurrence as it is (a booking of a group's occurrence): nothing changes if an exception is already stored. */
  async pinOccurrence(tx: DbOrTx, sessionId: string, date: string, values: ExceptionValues): Promise<void> {
    await tx
      .insert(x)
      .values({ session_id: sessionId, date, ...values })
      .onConflictDoNothing({ target: [x.session_id, x.date] });
  }

  /** Deletes the exceptions of these sessions on or after a date except those of booked occurrences. */
  async dropUnbookedExceptionsFrom(tx: DbOrTx, sessionIds: string[], from: string): Promise<void> {
    if (!sessionIds.length) return;
    await tx.execute(sql`
      delete from ${x} x
      where x.session_id in (${sql.join(
        sessionIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and x.date >= ${from}::date
        and not exists (select 1 from ${bookings} b where b.session_id = x.session_id and b.date = x.date and b.cancelled_at is null)`);
  }

  /** Whether anything still hangs on a group: exceptions of its sessions, or bookings (any state). */
  async groupHasHistory(tx: DbOrTx, groupId: string): Promise<boolean> {
    const rows = rowsOf<{ held: boolean }>(
      await tx.execute(sql`
        select exists (select 1 from ${x} x join ${s} s on s.id = x.session_id where s.group_id = ${groupId} and not x.deleted)
            or exists (select 1 from ${bookings} b join ${s} s on s.id = b.session_id where s.group_id = ${groupId}) as held`),
    );
    return rows[0]?.held ?? false;
  }

  /** Whether a group occurs at least once in its period (some date falls on one of its week days). */
  async groupOccursBetween(tx: DbOrTx, from: string, to: string, weekDays: number[]): Promise<boolean> {
    const rows = rowsOf<{ occurs: boolean }>(
      await tx.execute(
        sql`select exists (select 1 from generate_series(${from}::date, ${to}::date, interval '1 day') d(day) where extract(dow from d.day)::int in (${sql.join(
          weekDays.map((d) => sql`${d}`),
          sql`, `,
        )})) as occurs`,
      ),
    );
    return rows[0]?.occurs ?? false;
  }

  /** Groups with their sessions and exceptions (GET /training-session/group[/{id}]). */
  async groups(id?: string, db: DbOrTx = this.db): Promise<SessionGroup[]> {
    const rows = rowsOf<SessionGroup>(
      await db.execute(sql`
        select g.id as "_id",
          coalesce((select s.title from ${s} s where s.group_id = g.id order by s.start_time, s.created_at limit 1), '') as title,
          g.start_date::text as start_date, g.end_date::text as end_date, g.week_days,
          coalesce((select array_agg(distinct q.qualification_id::text) from ${training_session_qualifications} q join ${s} s on s.id = q.session_id where s.group_id = g.id), '{}') as participant_qualifications,
          coalesce((select bool_or(s.session_not_considered_for_stats) from ${s} s where s.group_id = g.id), false) as session_not_considered_for_stats,
          coalesce((select json_agg(json_build_object('_id', t.id, 'number', t.number, 'description', t.description) order by t.number) from ${game_tables} t
                    where t.id in (select s.game_table_id from ${s} s where s.group_id = g.id)), '[]'::json) as game_tables,
          coalesce((select json_agg(json_build_object('_id', s.id, 'title', s.title, 'start_time', s.start_time,
                      'end_time', ${endTimeSql(sql`s.start_time`, sql`s.duration_minutes`)}, 'duration', s.duration_minutes,
                      'color', coalesce(s.color, ${DEFAULT_SESSION_COLOR}), 'is_booking_allowed', s.is_booking_allowed,
                      'game_table', json_build_object('_id', t.id, 'number', t.number, 'description', t.description)) order by s.start_time, t.number)
                    from ${s} s join ${game_tables} t on t.id = s.game_table_id where s.group_id = g.id), '[]'::json) as sessions,
          coalesce((select json_agg(json_build_object('_id', x.id, 'session_id', x.session_id, 'date', x.date::text, 'deleted', x.deleted,
                      'title', x.title, 'start_time', x.start_time,
                      'end_time', case when x.start_time is null and x.duration_minutes is null then null
                                       else ${endTimeSql(sql`coalesce(x.start_time, s.start_time)`, sql`coalesce(x.duration_minutes, s.duration_minutes)`)} end,
                      'color', x.color, 'is_booking_allowed', x.is_booking_allowed,
                      'booking_id', (select b.id from ${bookings} b where b.session_id = x.session_id and b.date = x.date and b.cancelled_at is null)) order by x.date)
                    from ${x} x join ${s} s on s.id = x.session_id where s.group_id = g.id), '[]'::json) as exceptions
        from ${g} g
        ${id ? sql`where g.id = ${id}` : sql``}
        order by g.start_date desc, g.id`),
    );
    return rows;
  }

  /** Exceptions of one occurrence (to answer a stored exception). */
  async exception(tx: DbOrTx, sessionId: string, date: string): Promise<SessionException | null> {
    const [group] = await tx.select({ group_id: s.group_id }).from(s).where(eq(s.id, sessionId)).limit(1);
    if (!group?.group_id) return null;
    const found = (await this.groups(group.group_id, tx))[0]?.exceptions.find((e) => e.session_id === sessionId && e.date === date);
    return found ?? null;
  }

  /** Exceptions on or after a date (group edits keep booked ones and drop the rest). */
  async exceptionsFrom(tx: DbOrTx, sessionIds: string[], from: string) {
    if (!sessionIds.length) return [];
    return tx
      .select()
      .from(x)
      .where(and(inArray(x.session_id, sessionIds), gte(x.date, from)));
  }
}
