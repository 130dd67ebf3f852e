import { sql } from 'drizzle-orm';
import { REMINDER_HOURS } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { isActiveUser } from '../../registry';
import { users } from '../../registry/tables';
import {
  booking_participants,
  booking_reminders,
  bookings,
  game_tables,
  member_preferences,
  training_session_exceptions,
  training_sessions,
} from '../tables';

/** A reminder claimed for sending: the participant and the booking as it stands. */
export interface DueReminder {
  email: string;
  name: string;
  title: string;
  date: string;
  start_time: string;
  end_time: string;
  table_number: number;
  /** 'Nome Cognome' of the other participants. */
  partners: string[];
}

/** Reminder preferences and the reminders' claims (issue 27): SQL only. */
export class ReminderRepository {
  constructor(private readonly timeZone: string) {}

  async hoursOf(tx: DbOrTx, userId: string): Promise<number | null> {
    const [row] = rowsOf<{ reminder_hours: number | null }>(
      await tx.execute(sql`select reminder_hours from ${member_preferences} where user_id = ${userId}::uuid`),
    );
    return row ? row.reminder_hours : REMINDER_HOURS.default;
  }

  async setHours(tx: DbOrTx, userId: string, hours: number | null): Promise<void> {
    await tx.execute(sql`insert into ${member_preferences} (user_id, reminder_hours) values (${userId}::uuid, ${hours})
      on conflict (user_id) do update set reminder_hours = excluded.reminder_hours`);
  }

  /**
   * Claims and reads, in one statement, the reminders due at `now`: each active participant of a booking not cancelled
   * that has not started, whose reminder time (start − their hours) has come, and that starts more than an hour later
   * (a booking made inside the window, or found late, within the last hour gets none) — for a window of one hour, more
   * than its hour less five minutes, so the sweep at the window's opening sends it. The claim is the row of
   * booking_reminders (insert … on conflict do nothing): whichever sweep inserts it sends the mail, once.
   */
  async claimDue(tx: DbOrTx, now: Date, today: string): Promise<DueReminder[]> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const local = (column: string) => sql`to_char(${sql.raw(column)} at time zone ${this.timeZone}, 'HH24:MI')`;
    // One sweep at a time: sweeps that overlap (a booking's, a preference's, the minute's, another process's) claimed the
    // same reminders at once, and PostgreSQL's ON CONFLICT waits between their inserts ended in deadlocks (40P01, seen
    // with eight at once). The later sweep waits, then finds the reminders claimed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('booking.reminders', 0))`);
    return rowsOf<DueReminder>(
      await tx.execute(sql`
        with due as (
          select p.booking_id, p.user_id
          from ${bookings} b
          join ${booking_participants} p on p.booking_id = b.id and p.active
          left join ${member_preferences} mp on mp.user_id = p.user_id
          join ${users} on ${users.id} = p.user_id
          cross join lateral (select make_interval(hours => (case when mp.user_id is null then ${REMINDER_HOURS.default}::int else mp.reminder_hours::int end)) as ahead) h
          where b.date between ${today}::date - 1 and ${today}::date + ${Math.ceil(REMINDER_HOURS.max / 24) + 1}::int
            and b.cancelled_at is null and h.ahead is not null
            -- A deactivated member is reminded of nothing (issue 39).
            and ${isActiveUser(today)}
            and b.start_at - h.ahead <= ${at}
            and b.start_at - ${at} > least(interval '1 hour', h.ahead - interval '5 minutes')
        ), claimed as (
          insert into ${booking_reminders} (booking_id, user_id, sent_at)
          select booking_id, user_id, ${at} from due
          on conflict do nothing
          returning booking_id, user_id
        )
        select u.email, u.name, coalesce(x.title, s.title) as title, b.date::text as date, ${local('b.start_at')} as start_time,
          ${local('b.end_at')} as end_time, gt.number as table_number,
          array(select o.name || ' ' || o.surname from ${booking_participants} op join ${users} o on o.id = op.user_id
                where op.booking_id = b.id and op.active and op.user_id <> c.user_id order by o.surname, o.name) as partners
        from claimed c
        join ${users} u on u.id = c.user_id
        join ${bookings} b on b.id = c.booking_id
        join ${training_sessions} s on s.id = b.session_id
        join ${game_tables} gt on gt.id = s.game_table_id
        left join ${training_session_exceptions} x on x.session_id = b.session_id and x.date = b.date
        order by b.start_at, u.email`),
    );
  }
}
