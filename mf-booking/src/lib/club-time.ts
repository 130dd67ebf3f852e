/**
 * Session times are wall-clock times of the club (CLUB_TIMEZONE, shared-ui's getClubTimeZone). These helpers
 * turn a club date and HH:MM into the instant it names, whatever the browser's own zone, so a calendar file or
 * link made on a phone abroad still says 18:00 in Rome.
 */
import { getClubTimeZone } from 'shared-ui';

const formats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The offset (ms) of `timeZone` from UTC at the instant `utcMs`. */
function offsetAt(utcMs: number, timeZone: string): number {
  const p = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(new Date(utcMs))
      .map((x) => [x.type, Number(x.value)]),
  );
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The instant at which the club's clock shows `date` (YYYY-MM-DD) `time` (HH:MM). */
export function clubInstant(date: string, time: string, timeZone: string = getClubTimeZone()): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset on the right side of a daylight-saving change.
  let utc = wall - offsetAt(wall, timeZone);
  utc = wall - offsetAt(utc, timeZone);
  return new Date(utc);
}

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
