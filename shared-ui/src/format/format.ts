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

/** Indexed by weekday number, 0 Sunday to 6 Saturday (spec 001 §9). */
export const WEEKDAY_NAMES = ['Domenica', 'Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato'] as const;

/** dd/MM/yyyy, or '' when there is no valid date. */
export function formatDate(iso: string | null | undefined): string {
  const date = parseIsoDate(iso);
  return date ? format(date, 'dd/MM/yyyy') : '';
}

/** dd/MM/yyyy HH:mm in local time, or ''. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parseIsoDate(iso);
  return date ? format(date, 'dd/MM/yyyy HH:mm') : '';
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
