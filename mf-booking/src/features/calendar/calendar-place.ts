/**
 * Where the calendar is — its view, date and table — kept in the query string (view, date, table), so a reload, a
 * shared link, Back and Forward show the same calendar (issue 26), as the shift search and the statistics keep theirs.
 * Only what differs from the default is written: the first view offered, today, every table.
 */
import { useSearchParams } from 'react-router-dom';
import { clubToday } from 'shared-ui';
import type { CalendarView } from './layout';

export interface CalendarPlace {
  view: CalendarView;
  /** YYYY-MM-DD. */
  date: string;
  /** null: every table. */
  tableId: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string | null): value is string => Boolean(value && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)));

export function readPlace(params: URLSearchParams, views: CalendarView[], today: string): CalendarPlace {
  const view = params.get('view') as CalendarView | null;
  const date = params.get('date');
  return {
    view: view && views.includes(view) ? view : views[0]!,
    date: isDate(date) ? date : today,
    tableId: params.get('table') || null,
  };
}

/** The query string of a place, keeping any other parameter the page holds. */
export function writePlace(params: URLSearchParams, place: CalendarPlace, views: CalendarView[], today: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  set('view', place.view === views[0] ? null : place.view);
  set('date', place.date === today ? null : place.date);
  set('table', place.tableId);
  return next;
}

/**
 * The calendar's place and the way to move it: choosing a table, a view or a date replaces the address (as the
 * search's filters do); `push` makes a step Back can undo (opening a day from the week).
 */
export function useCalendarPlace(views: CalendarView[]): [CalendarPlace, (change: Partial<CalendarPlace>, options?: { push?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const today = clubToday();
  const place = readPlace(params, views, today);
  const go = (change: Partial<CalendarPlace>, { push = false } = {}) =>
    setParams((current) => writePlace(current, { ...readPlace(current, views, today), ...change }, views, today), { replace: !push });
  return [place, go];
}
