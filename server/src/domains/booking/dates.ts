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
