/** The time the rules read (expiries, throttling windows): the system's, or a test's own. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date (YYYY-MM-DD) in the club's time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // Building a formatter costs far more than using one: keep one per zone. en-CA formats as YYYY-MM-DD.
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Full years between an ISO birth date and an ISO day. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** dd/MM/yyyy, as the club reads dates. */
export function formatItalianDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
