import { type SQL, sql } from 'drizzle-orm';
import type { BookedSession } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { users } from '../../registry/tables';
import { booking_participants, bookings, game_tables, training_session_exceptions, training_sessions } from '../tables';
import { isoInstant, participantsOf } from '../sessions/occurrence-sql';

/** A member's own bookings (I miei turni prenotati): SQL only. */
export class MyBookingsRepository {
  constructor(private readonly timeZone: string) {}

  /** The member's active bookings, future (not yet ended; soonest first) or past (latest first). */
  async bookedSessions(tx: DbOrTx, userId: string, filter: 'future' | 'past', now: Date): Promise<Omit<BookedSession, 'can_cancel'>[]> {
    const local = (ts: SQL) => sql`to_char(${ts} at time zone ${this.timeZone}, 'HH24:MI')`;
    const rows = rowsOf<Omit<BookedSession, 'can_cancel'>>(
      await tx.execute(sql`
        select b.id as "_id",
          json_build_object('_id', s.id, 'title', coalesce(x.title, s.title), 'start_time', ${local(sql`b.start_at`)},
                            'end_time', ${local(sql`b.end_at`)}) as "trainingSession",
          b.date::text as session_date, b.date::text as specific_date,
          ${isoInstant(sql`b.start_at`)} as start_at, ${isoInstant(sql`b.end_at`)} as end_at,
          ${participantsOf(sql`b.id`)} as users, ${participantsOf(sql`b.id`)} as participants,
          (select json_build_object('_id', bu.id, 'name', bu.name, 'surname', bu.surname) from ${users} bu where bu.id = b.booked_by) as booked_by,
          b.booked_by is not distinct from ${userId}::uuid as booked_by_me,
          json_build_object('_id', gt.id, 'number', gt.number, 'description', gt.description) as game_table,
          b.end_at <= ${now.toISOString()}::timestamptz as "pastPrenotation",
          b.no_show_at is not null as no_show
        from ${booking_participants} me
        join ${bookings} b on b.id = me.booking_id
        join ${training_sessions} s on s.id = b.session_id
        left join ${training_session_exceptions} x on x.session_id = b.session_id and x.date = b.date
        join ${game_tables} gt on gt.id = s.game_table_id
        where me.user_id = ${userId} and (me.active or b.no_show_at is not null)
          and ${filter === 'future' ? sql`b.end_at > ${now.toISOString()}::timestamptz` : sql`b.end_at <= ${now.toISOString()}::timestamptz`}
        order by b.start_at ${filter === 'future' ? sql`asc` : sql`desc`}
        limit 500`),
    );
    return rows;
  }
}
