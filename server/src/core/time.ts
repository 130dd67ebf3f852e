/** The time the rules read (expiries, throttling windows): the system's, or a test's own. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date (YYYY-MM-DD) in the club's time zone. */
export function todayIn(timeZone: string, now: Date): string {
  // Building a formatter costs far more than using one: keep one per zone. en-CA formats as YYYY-MM-DD.
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Year, month (1–12) and day of an ISO date (YYYY-MM-DD; a time part after it is ignored). */
export function isoDateParts(iso: string): { year: number; month: number; day: number } {
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) ?? [];
  if (!year || !month || !day) throw new Error(`Data non in formato ISO: ${iso}`);
  return { year: Number(year), month: Number(month), day: Number(day) };
}

/** Full years between an ISO birth date and an ISO day. */
export function ageOn(birthDate: string, day: string): number {
  const birth = isoDateParts(birthDate);
  const on = isoDateParts(day);
  return on.year - birth.year - (on.month < birth.month || (on.month === birth.month && on.day < birth.day) ? 1 : 0);
}

/** An ISO date `months` calendar months later; a day the month lacks becomes its last (29/02/2028 + 12 → 28/02/2029). */
export function addMonths(iso: string, months: number): string {
  const { year, month, day } = isoDateParts(iso);
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/** dd/MM/yyyy, as the club reads dates. */
export function formatItalianDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
