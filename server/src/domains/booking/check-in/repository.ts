import { type SQL, sql } from 'drizzle-orm';
import type { AttendanceRow, CheckInResult } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { users } from '../../registry/tables';
import { booking_participants, bookings, game_tables, training_session_exceptions, training_sessions } from '../tables';

/** A member's booking on a table near now: the check-in decides by its start. */
export interface NearBooking {
  id: string;
  start_at: string;
  end_at: string;
}

/** Check-in at the table (issue 42): SQL only. */
export class CheckInRepository {
  constructor(private readonly timeZone: string) {}

  /** Turns check-in on for a table with a new nonce (the previous link stops working); answers the table's number. */
  async setNonce(tx: DbOrTx, tableId: string, nonce: string, now: Date): Promise<{ number: number; since: string } | null> {
    const [row] = rowsOf<{ number: number; since: string }>(
      await tx.execute(sql`update ${game_tables} set check_in_nonce = ${nonce},
          check_in_since = coalesce(check_in_since, ${now.toISOString()}::timestamptz)
        where id = ${tableId}::uuid returning number, to_char(check_in_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as since`),
    );
    return row ?? null;
  }

  /** The table, its number and description, and its nonce (null: no check-in). */
  async table(tx: DbOrTx, tableId: string): Promise<{ id: string; number: number; description: string; nonce: string | null } | null> {
    const [row] = rowsOf<{ id: string; number: number; description: string; nonce: string | null }>(
      await tx.execute(sql`select id, number, description, check_in_nonce as nonce from ${game_tables} where id = ${tableId}::uuid`),
    );
    return row ?? null;
  }

  async tableByNonce(tx: DbOrTx, nonce: string): Promise<{ id: string; number: number } | null> {
    const [row] = rowsOf<{ id: string; number: number }>(
      await tx.execute(sql`select id, number from ${game_tables} where check_in_nonce = ${nonce}`),
    );
    return row ?? null;
  }

  /** The member's active bookings on the table that start within a day of now, the nearest first. */
  async nearBookings(tx: DbOrTx, tableId: string, userId: string, now: Date): Promise<NearBooking[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    return rowsOf<NearBooking>(
      await tx.execute(sql`
        select b.id, ${iso(sql`b.start_at`)} as start_at, ${iso(sql`b.end_at`)} as end_at
        from ${booking_participants} p
        join ${bookings} b on b.id = p.booking_id
        join ${training_sessions} s on s.id = b.session_id
        where p.user_id = ${userId}::uuid and p.active and b.cancelled_at is null and s.game_table_id = ${tableId}::uuid
          and b.start_at between ${at} - interval '1 day' and ${at} + interval '1 day'
        order by abs(extract(epoch from b.start_at - ${at}))
        limit 5`),
    );
  }

  /** Locks an active booking; answers its start and its participants still on it. */
  async lockBooking(tx: DbOrTx, bookingId: string): Promise<{ id: string; start_at: string; participant_ids: string[] } | null> {
    const [row] = rowsOf<{ id: string; start_at: string; participant_ids: string[] }>(
      await tx.execute(sql`
        select b.id, ${iso(sql`b.start_at`)} as start_at,
               array(select p.user_id::text from ${booking_participants} p where p.booking_id = b.id and p.active) as participant_ids
        from ${bookings} b where b.id = ${bookingId}::uuid and b.cancelled_at is null
        for update of b`),
    );
    return row ?? null;
  }

  /** Marks these participants checked in (a second check-in keeps the first time and who did it). */
  async checkIn(tx: DbOrTx, bookingId: string, userIds: readonly string[], by: string, now: Date): Promise<void> {
    if (!userIds.length) return;
    await tx.execute(sql`update ${booking_participants}
      set checked_in_at = coalesce(checked_in_at, ${now.toISOString()}::timestamptz), checked_in_by = coalesce(checked_in_by, ${by}::uuid)
      where booking_id = ${bookingId}::uuid and active and user_id in (${sql.join(
        userIds.map((u) => sql`${u}::uuid`),
        sql`, `,
      )})`);
  }

  /** What a check-in answers: the shift as booked, its table and who of its participants is present. */
  async result(tx: DbOrTx, bookingId: string): Promise<CheckInResult | null> {
    const [row] = rowsOf<CheckInResult>(await tx.execute(this.attendance(sql`b.id = ${bookingId}::uuid`)));
    return row ?? null;
  }

  /**
   * The 'Presenze' of a club day: its bookings still held or released as no-shows (a cancelled one is not there),
   * each with who is present, by start and table.
   */
  async day(tx: DbOrTx, date: string): Promise<AttendanceRow[]> {
    return rowsOf<AttendanceRow>(
      await tx.execute(this.attendance(sql`b.date = ${date}::date and (b.cancelled_at is null or b.no_show_at is not null)`)),
    );
  }

  /** The bookings `where` says, each as a check-in answers it, with its instants and whether it was a no-show. */
  private attendance(where: SQL): SQL {
    const local = (ts: SQL) => sql`to_char(${ts} at time zone ${this.timeZone}, 'HH24:MI')`;
    // A no-show's participants were set inactive by its release: they are listed all the same, none present.
    return sql`
        select b.id as booking_id, coalesce(x.title, s.title) as title, b.date::text as date,
               ${local(sql`b.start_at`)} as start_time, ${local(sql`b.end_at`)} as end_time, gt.number as table_number,
               ${iso(sql`b.start_at`)} as start_at, ${iso(sql`b.end_at`)} as end_at, b.no_show_at is not null as no_show,
               coalesce((select json_agg(json_build_object('_id', u.id, 'name', u.name, 'surname', u.surname,
                                                           'checked_in', p.checked_in_at is not null) order by u.surname, u.name)
                         from ${booking_participants} p join ${users} u on u.id = p.user_id
                         where p.booking_id = b.id and (p.active or (b.no_show_at is not null and p.left_at is null))), '[]'::json) as participants
        from ${bookings} b
        join ${training_sessions} s on s.id = b.session_id
        left join ${training_session_exceptions} x on x.session_id = b.session_id and x.date = b.date
        join ${game_tables} gt on gt.id = s.game_table_id
        where ${where}
        order by b.start_at, gt.number`;
  }

  /**
   * Releases the bookings nobody checked in to by the end of their window (start + `closesMin`), on tables with
   * check-in, that started after it was turned on: each is cancelled (the occurrence is free again) and kept as a
   * no-show. One statement: two processes sweeping at once release each booking once (the second waits on the row
   * lock, then finds it cancelled). Answers the released bookings' ids.
   */
  async releaseNoShows(tx: DbOrTx, now: Date, closesMin: number): Promise<string[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const released = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update ${bookings} b set cancelled_at = ${at}, no_show_at = ${at}
        from ${training_sessions} s, ${game_tables} gt
        where s.id = b.session_id and gt.id = s.game_table_id
          and b.cancelled_at is null and gt.check_in_nonce is not null and b.start_at >= gt.check_in_since
          and b.start_at <= ${at} - make_interval(mins => ${closesMin})
          and not exists (select 1 from ${booking_participants} p where p.booking_id = b.id and p.checked_in_at is not null)
        returning b.id`),
    );
    const ids = released.map((r) => r.id);
    if (ids.length)
      await tx.execute(
        sql`update ${booking_participants} set active = false where booking_id in (${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )})`,
      );
    return ids;
  }
}

const iso = (ts: SQL) => sql`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
