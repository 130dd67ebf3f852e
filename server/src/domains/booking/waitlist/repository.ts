import { sql } from 'drizzle-orm';
import type { WaitlistEntry } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { users } from '../../registry/tables';
import { endTimeSql, isoInstant } from '../sessions/occurrence-sql';
import { booking_participants, booking_waitlist, bookings, game_tables, training_session_exceptions, training_sessions } from '../tables';

/** A member to tell that an occurrence was freed. */
export interface FreedNotice {
  email: string;
  name: string;
  session_id: string;
  date: string;
  game_table_id: string;
  /** A no-show's released place (issue 42), already started: when it ends (ISO), for the mail's remaining time. */
  released_until: string | null;
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The waitlists of booked occurrences (issue 27): SQL only. */
export class WaitlistRepository {
  /**
   * Locks the occurrence's waitlist until the transaction ends (an advisory lock on session and date): two members
   * joining at once are counted one after the other, so the cap holds however they race.
   */
  async lockOccurrence(tx: DbOrTx, sessionId: string, date: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`waitlist:${sessionId}:${date}`}, 0))`);
  }

  /** Members waiting on the occurrence now, and whether `userId` is one of them. */
  async waiting(tx: DbOrTx, sessionId: string, date: string, userId: string, now: Date): Promise<{ count: number; mine: boolean }> {
    const [row] = rowsOf<{ count: number; mine: boolean }>(
      await tx.execute(sql`select count(*)::int as count, coalesce(bool_or(user_id = ${userId}::uuid), false) as mine
        from ${booking_waitlist} where session_id = ${sessionId}::uuid and date = ${date}::date and starts_at > ${at(now)}`),
    );
    return row ?? { count: 0, mine: false };
  }

  async userExists(tx: DbOrTx, userId: string): Promise<boolean> {
    return rowsOf(await tx.execute(sql`select 1 from ${users} where id = ${userId}::uuid`)).length > 0;
  }

  /** Adds the member (joining again after the occurrence's start was passed is not possible: it has started). */
  async insert(
    tx: DbOrTx,
    entry: { sessionId: string; date: string; userId: string; partnerId: string | null; startsAt: string; now: Date },
  ): Promise<void> {
    await tx.execute(sql`
      insert into ${booking_waitlist} (session_id, date, user_id, partner_id, starts_at, created_at)
      values (${entry.sessionId}::uuid, ${entry.date}::date, ${entry.userId}::uuid, ${entry.partnerId}::uuid, ${entry.startsAt}::timestamptz, ${at(entry.now)})
      on conflict (session_id, date, user_id) do update set partner_id = excluded.partner_id`);
  }

  async remove(tx: DbOrTx, sessionId: string, date: string, userId: string): Promise<boolean> {
    const removed = rowsOf(
      await tx.execute(
        sql`delete from ${booking_waitlist} where session_id = ${sessionId}::uuid and date = ${date}::date and user_id = ${userId}::uuid returning id`,
      ),
    );
    return removed.length > 0;
  }

  /**
   * The member's entries whose occurrence has not started and that they have not booked since, soonest first: with
   * the occurrence as it stands (an edit of it included), whether it is free now, and their place in the list.
   */
  async entriesOf(tx: DbOrTx, userId: string, now: Date): Promise<WaitlistEntry[]> {
    const start = sql`coalesce(x.start_time, s.start_time)`;
    return rowsOf<WaitlistEntry>(
      await tx.execute(sql`
        select w.id as "_id", w.session_id as training_session_id, w.date::text as date, coalesce(x.title, s.title) as title,
          ${start} as start_time, ${endTimeSql(start, sql`coalesce(x.duration_minutes, s.duration_minutes)`)} as end_time,
          ${isoInstant(sql`w.starts_at`)} as start_at, json_build_object('_id', gt.id, 'number', gt.number) as game_table,
          w.partner_id, not exists (select 1 from ${bookings} b where b.session_id = w.session_id and b.date = w.date and b.cancelled_at is null) as free,
          (select count(*)::int from ${booking_waitlist} o where o.session_id = w.session_id and o.date = w.date
             and (o.created_at, o.id) <= (w.created_at, w.id)) as position,
          ${isoInstant(sql`w.created_at`)} as created_at
        from ${booking_waitlist} w
        join ${training_sessions} s on s.id = w.session_id
        join ${game_tables} gt on gt.id = s.game_table_id
        left join ${training_session_exceptions} x on x.session_id = w.session_id and x.date = w.date
        where w.user_id = ${userId}::uuid and w.starts_at > ${at(now)}
          and not exists (select 1 from ${bookings} b join ${booking_participants} p on p.booking_id = b.id and p.user_id = w.user_id and p.active
                          where b.session_id = w.session_id and b.date = w.date and b.cancelled_at is null)
        order by w.starts_at, w.created_at`),
    ).map((r) => ({ ...r, start_time: r.start_time.slice(0, 5) }));
  }

  /**
   * Claims, in one statement, the entries to tell that the cancelled booking `bookingId` freed its occurrence: those
   * waiting on it, not yet told of this booking, whose occurrence has not started and is still free (nobody booked it
   * meanwhile). Each entry is claimed once per cancelled booking, whichever process runs the job; in order of joining.
   */
  async claimFreed(tx: DbOrTx, bookingId: string, now: Date): Promise<FreedNotice[]> {
    return rowsOf<FreedNotice>(
      await tx.execute(sql`
        with freed as (
          select b.session_id, b.date, b.no_show_at, b.end_at from ${bookings} b where b.id = ${bookingId}::uuid and b.cancelled_at is not null
            and not exists (select 1 from ${bookings} a where a.session_id = b.session_id and a.date = b.date and a.cancelled_at is null)
        ), claimed as (
          update ${booking_waitlist} w set notified_booking_id = ${bookingId}::uuid, notified_at = ${at(now)}
          from freed where w.session_id = freed.session_id and w.date = freed.date
            -- Not started; or, a no-show's released place (issue 42), not ended.
            and (w.starts_at > ${at(now)} or (freed.no_show_at is not null and freed.end_at > ${at(now)}))
            and w.notified_booking_id is distinct from ${bookingId}::uuid
          returning w.user_id, w.session_id, w.date, w.created_at, w.id
        )
        select u.email, u.name, c.session_id, c.date::text as date, s.game_table_id,
               (select case when f.no_show_at is not null then to_char(f.end_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end
                from freed f) as released_until
        from claimed c join ${users} u on u.id = c.user_id join ${training_sessions} s on s.id = c.session_id
        order by c.created_at, c.id`),
    );
  }
}
