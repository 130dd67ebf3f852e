/**
 * The club's dates and times are wall-clock readings in its time zone (CLUB_TIMEZONE, Europe/Rome by default). This
 * turns one into the instant it names, whatever the zone of the machine computing it: the server (when a booking
 * opens) and the pages (a booking's calendar file made on a phone abroad still says 18:00 in Rome) share it.
 * Zod-free: it ships with the constants.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  // Building a formatter costs far more than using one: one per zone.
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** How far `timeZone`'s wall clock is ahead of UTC (ms) at the instant `utcMs`. */
function offsetAt(utcMs: number, timeZone: string): number {
  const p = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(new Date(utcMs))
      .map((x) => [x.type, Number(x.value)]),
  );
  return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second) - Math.floor(utcMs / 1000) * 1000;
}

/**
 * The instant `timeZone`'s wall clock shows `date` (YYYY-MM-DD) at `time` (HH:MM), as PostgreSQL's
 * `(date + time) at time zone` reads it outside the hour a clock change skips or repeats.
 */
export function wallClockInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // A second pass settles the offset on the right side of a clock change.
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

/** The wall clock of `timeZone` at `instant`, as the club reads it: dd/MM/yyyy and HH:MM. */
export function wallClockText(instant: Date, timeZone: string): { date: string; time: string } {
  const p = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.day}/${p.month}/${p.year}`, time: `${p.hour}:${p.minute}` };
}
