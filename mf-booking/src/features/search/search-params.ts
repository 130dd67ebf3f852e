/**
 * The search's state in the query string (spec 000 §2.10): date (a JSON-encoded date string), table (a table
 * id), startTime, endTime. The same values travel in the navigation state.
 */
export interface SearchFilters {
  date: string | null;
  table: string | null;
  startTime: string | null;
  endTime: string | null;
}

export const EMPTY_FILTERS: SearchFilters = { date: null, table: null, startTime: null, endTime: null };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function readDate(raw: string | null): string | null {
  if (!raw) return null;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // A bare date typed into the address bar is read as it is.
  }
  return typeof value === 'string' && ISO_DATE.test(value.slice(0, 10)) ? value.slice(0, 10) : null;
}

const readTime = (raw: string | null) => (raw && TIME.test(raw) ? raw : null);

export function readFilters(params: URLSearchParams): SearchFilters {
  return {
    date: readDate(params.get('date')),
    table: params.get('table') || null,
    startTime: readTime(params.get('startTime')),
    endTime: readTime(params.get('endTime')),
  };
}

/** The query string of a search; an empty table, start or end is left out. */
export function writeFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.date) params.set('date', JSON.stringify(filters.date));
  if (filters.table) params.set('table', filters.table);
  if (filters.startTime) params.set('startTime', filters.startTime);
  if (filters.endTime) params.set('endTime', filters.endTime);
  return params;
}

/** Titles on phones are cut at 50 characters: 47 and '...' (spec 000 §2.10). */
export const shortTitle = (title: string) => (title.length > 50 ? `${title.slice(0, 47)}...` : title);
