/** Calendar arithmetic on ISO dates (YYYY-MM-DD), free of time zones: the club's dates are plain calendar days. */

const toUtc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const fromUtc = (d: Date) => d.toISOString().slice(0, 10);

export const addDays = (iso: string, days: number): string => {
  const d = toUtc(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
};

/** 0 Sunday … 6 Saturday. */
export const weekDayOf = (iso: string): number => toUtc(iso).getUTCDay();

export const maxDate = (a: string, b: string) => (a > b ? a : b);
export const minDate = (a: string, b: string) => (a < b ? a : b);

/**
 * The booking week of a rule that holds `iso` (DESIGN §4: it runs from week_start_day to week_end_day): its first and
 * last day, or null when the date falls between two weeks (e.g. a Saturday for a Monday–Friday week).
 */
export function bookingWeekOf(iso: string, startDay: number, endDay: number): { start: string; end: string } | null {
  const start = addDays(iso, -((weekDayOf(iso) - startDay + 7) % 7));
  const end = addDays(start, (endDay - startDay + 7) % 7);
  return iso <= end ? { start, end } : null;
}

/** The active booking week on `today`: the week holding it or, between two weeks, the next one. */
export function activeBookingWeek(today: string, startDay: number, endDay: number): { start: string; end: string } {
  const holding = bookingWeekOf(today, startDay, endDay);
  if (holding) return holding;
  const start = addDays(today, (startDay - weekDayOf(today) + 7) % 7);
  return { start, end: addDays(start, (endDay - startDay + 7) % 7) };
}
