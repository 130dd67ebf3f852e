/**
 * The statistics' period (docs/booking.md, Statistics): two club dates, both included, and the presets the
 * pages offer. 'Questo mese' is the default; 'Ultimi 3 mesi' is this month and the two before it.
 */
import { statisticsPeriodProblem } from 'shared-api';

export interface StatisticsFilters {
  startDate: string;
  endDate: string;
  /** A game table's id, or null for every table. */
  table: string | null;
}

export const PERIOD_PRESETS = [
  { value: 'this-month', label: 'Questo mese' },
  { value: 'last-month', label: 'Mese scorso' },
  { value: 'last-3-months', label: 'Ultimi 3 mesi' },
  { value: 'this-year', label: "Quest'anno" },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

const iso = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/** The first and last day of the month `offset` months from the one holding `today` (YYYY-MM-DD). */
function monthRange(today: string, offset: number, months = 1): { startDate: string; endDate: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1 + offset;
  return { startDate: iso(year, month, 1), endDate: iso(year, month + months, 0) };
}

export function presetPeriod(preset: PeriodPreset, today: string): { startDate: string; endDate: string } {
  switch (preset) {
    case 'this-month':
      return monthRange(today, 0);
    case 'last-month':
      return monthRange(today, -1);
    case 'last-3-months':
      return monthRange(today, -2, 3);
    case 'this-year':
      return { startDate: `${today.slice(0, 4)}-01-01`, endDate: `${today.slice(0, 4)}-12-31` };
  }
}

/** The preset a period equals, or '' (a period of one's own). */
export function matchPreset(period: { startDate: string; endDate: string }, today: string): PeriodPreset | '' {
  const found = PERIOD_PRESETS.find(({ value }) => {
    const p = presetPeriod(value, today);
    return p.startDate === period.startDate && p.endDate === period.endDate;
  });
  return found?.value ?? '';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string | null): v is string => Boolean(v && ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)));

/** The filters in the query string (startDate, endDate, table); a missing or unusable period is this month. */
export function readStatisticsFilters(params: URLSearchParams, today: string): StatisticsFilters {
  const startDate = params.get('startDate');
  const endDate = params.get('endDate');
  const table = params.get('table') || null;
  if (isDate(startDate) && isDate(endDate) && !statisticsPeriodProblem(startDate, endDate)) return { startDate, endDate, table };
  return { ...presetPeriod('this-month', today), table };
}

/** The query-string parameters the statistics' filters own. */
export const STATISTICS_PARAMS = ['startDate', 'endDate', 'table'] as const;

export function writeStatisticsFilters(filters: StatisticsFilters): URLSearchParams {
  const params = new URLSearchParams({ startDate: filters.startDate, endDate: filters.endDate });
  if (filters.table) params.set('table', filters.table);
  return params;
}
