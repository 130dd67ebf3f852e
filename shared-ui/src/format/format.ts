import { differenceInYears, format, isValid, parseISO } from 'date-fns';

/**
 * Italian formatting (spec 001 §9: dates dd/MM/yyyy, euro with two decimals). Dates travel as ISO text;
 * a bare YYYY-MM-DD is a calendar date and is read in local time so it never shifts by a day.
 */
export function parseIsoDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = parseISO(iso);
  return isValid(date) ? date : null;
}

export const MONTH_NAMES = [
  'Gennaio',
  'Febbraio',
  'Marzo',
  'Aprile',
  'Maggio',
  'Giugno',
  'Luglio',
  'Agosto',
  'Settembre',
  'Ottobre',
  'Novembre',
  'Dicembre',
] as const;

/** Writes a number the Italian way (comma decimals), with a fixed number of decimals when given. */
export function formatNumber(value: number, decimals?: number): string {
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  return text.replace('.', ',');
}

/** Indexed by weekday number, 0 Sunday to 6 Saturday (spec 001 §9): the contract's one list, which the server's downloads read too. */
export { WEEKDAY_NAMES } from 'shared-api';

/**
 * The club's time zone (DESIGN §2: Europe/Rome unless the server's CLUB_TIMEZONE says otherwise; the shell sets
 * it from GET /auth/me). Instants (created_at, …) are shown as the club lives them, whatever the browser's zone,
 * so the portal and the server's exports agree on the day.
 */
export const DEFAULT_CLUB_TIME_ZONE = 'Europe/Rome';
let clubTimeZone = DEFAULT_CLUB_TIME_ZONE;
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, f);
  }
  return f;
}

/** Sets the club's time zone; an unknown zone name is ignored (the previous one stays). */
export function setClubTimeZone(timeZone: string | null | undefined): void {
  if (!timeZone) return;
  try {
    partsFormat(timeZone);
    clubTimeZone = timeZone;
  } catch {
    // RangeError: not a zone this browser knows.
  }
}

export const getClubTimeZone = (): string => clubTimeZone;

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Year, month, day, hour and minute of an instant on the club's clock. */
function clubClock(date: Date): { y: string; m: string; d: string; hh: string; mm: string } {
  const parts = Object.fromEntries(
    partsFormat(clubTimeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const part = (type: string) => parts[type] ?? '';
  return { y: part('year'), m: part('month'), d: part('day'), hh: part('hour'), mm: part('minute') };
}

/**
 * dd/MM/yyyy, or '' when there is no valid date. A bare calendar date is shown as it is; an instant (with a
 * time) as its day in the club's time zone.
 */
export function formatDate(iso: string | null | undefined): string {
  const date = parseIsoDate(iso);
  if (!date) return '';
  if (BARE_DATE.test(iso!)) return format(date, 'dd/MM/yyyy');
  const { y, m, d } = clubClock(date);
  return `${d}/${m}/${y}`;
}

/** dd/MM/yyyy HH:mm on the club's clock, or ''. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parseIsoDate(iso);
  if (!date) return '';
  const { y, m, d, hh, mm } = clubClock(date);
  return `${d}/${m}/${y} ${hh}:${mm}`;
}

/** Today's calendar date at the club, YYYY-MM-DD (what the server calls today). */
export function clubToday(now: Date = new Date()): string {
  const { y, m, d } = clubClock(now);
  return `${y}-${m}-${d}`;
}

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money is kept in integer cents (DESIGN §2); shown as '12,50 €'. */
export function formatEuro(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '';
  return euro.format(cents / 100);
}

/** The calendar date of a Date in local time, YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** Age in whole years on `today`; null without a valid birth date. */
export function ageFrom(isoBirthDate: string | null | undefined, today: Date = new Date()): number | null {
  const birth = parseIsoDate(isoBirthDate);
  return birth ? differenceInYears(today, birth) : null;
}
