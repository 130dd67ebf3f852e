import { sql } from 'drizzle-orm';
import { latestSessionDate } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { DomainError } from '../../../core/errors';
import type { Slot } from './slots';

/**
 * The days and times a session may have, as the club's calendar has them. A day (or a group's last day) more than
 * SESSION_MAX_YEARS_AHEAD years out is a typing slip (issue 26 item 7).
 */
export function assertNotTooFar(lastDay: string | null | undefined, today: string): void {
  if (lastDay && lastDay > latestSessionDate(today)) throw new DomainError('SESSION_DATE_TOO_FAR');
}

/**
 * The first day of `from`–`to` (on `weekDays`, or every day) whose wall clock lacks the start or the end of a slot:
 * the hour the clocks skip when summer time starts (2027-03-28, 02:00–03:00 in Europe/Rome). Such a time, read in the
 * club's zone, is moved an hour on, and the occurrence would be stored an hour short or with no length. The database
 * checks each day: a wall time that does not come back the same through the zone does not exist.
 */
export async function missingWallClock(
  tx: DbOrTx,
  timeZone: string,
  from: string,
  to: string,
  weekDays: number[] | null,
  slots: readonly Slot[],
): Promise<{ date: string; time: string } | null> {
  if (!slots.length) return null;
  const values = sql.join(
    slots.map((s) => sql`(${s.start_time}::time, ${s.duration_minutes}::int)`),
    sql`, `,
  );
  const days = weekDays
    ? sql`and extract(dow from d.day)::int in (${sql.join(
        weekDays.map((w) => sql`${w}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = rowsOf<{ date: string; time: string }>(
    await tx.execute(sql`
      select to_char(w.at, 'YYYY-MM-DD') as date, to_char(w.at, 'HH24:MI') as time
      from generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') d(day)
      cross join (values ${values}) s(start_time, minutes)
      cross join lateral (values (d.day + s.start_time), (d.day + s.start_time + make_interval(mins => s.minutes))) w(at)
      where ((w.at at time zone ${timeZone}) at time zone ${timeZone}) <> w.at ${days}
      order by w.at limit 1`),
  );
  return row ?? null;
}

/**
 * A slot must start and end at a time the club's clock shows that day (issue 39): 02:30 on the night summer time
 * starts does not exist, and a session 02:30–03:30 was stored with no length. Refused, naming the day and the hour.
 * The days: [first, last, week days (null: every day)].
 */
export async function assertWallClock(
  tx: DbOrTx,
  timeZone: string,
  [from, to, weekDays]: [string | null | undefined, string | null | undefined, number[] | null | undefined],
  slots: readonly Slot[],
): Promise<void> {
  if (!from || !to) return;
  const missing = await missingWallClock(tx, timeZone, from, to, weekDays ?? null, slots);
  if (!missing) return;
  const [y, m, d] = missing.date.split('-');
  throw new DomainError(
    'SESSION_TIME_MISSING',
    `Il ${d}/${m}/${y} l'ora ${missing.time} non esiste: quella notte gli orologi passano all'ora legale e saltano un'ora. Scegli un orario di inizio e di fine fuori da quell'ora.`,
  );
}
