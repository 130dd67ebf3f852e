/**
 * Session times are wall-clock times of the club (CLUB_TIMEZONE, shared-ui's getClubTimeZone). These helpers
 * turn a club date and HH:MM into the instant it names, whatever the browser's own zone, so a calendar link made on
 * a phone abroad still says 18:00 in Rome.
 */
import { wallClockInstant } from 'shared-api';
import { getClubTimeZone } from 'shared-ui';

/** The instant at which the club's clock shows `date` (YYYY-MM-DD) `time` (HH:MM). */
export const clubInstant = (date: string, time: string, timeZone: string = getClubTimeZone()): Date => wallClockInstant(date, time, timeZone);

/** Minutes from HH:MM to HH:MM; an end at or before the start runs into the next day. */
export function minutesBetween(start: string, end: string): number {
  const toMin = (t: string) => {
    const [h, m] = t.split(':').map(Number) as [number, number];
    return h * 60 + m;
  };
  const diff = toMin(end) - toMin(start);
  return diff > 0 ? diff : diff + 24 * 60;
}

/** The date after `date` (YYYY-MM-DD), in calendar terms. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** HH:MM, also from HH:MM:SS. */
export const hhmm = (time: string) => time.slice(0, 5);
