/**
 * The calendar's arithmetic (spec 000 §2.12, §9), free of React so it is tested on its own: the visible range of
 * each view, the month grid, navigation and picker bounds, and the side-by-side layout of overlapping events.
 */
import { addDays } from '../../lib/club-time';

export type CalendarView = 'month' | 'week' | 'day';
export const VIEW_LABELS: Record<CalendarView, string> = { month: 'Mese', week: 'Settimana', day: 'Giorno' };
export const ALL_VIEWS: CalendarView[] = ['month', 'week', 'day'];

/** Hours 16 to 23: the grid runs from 16:00 to the end of the 23 o'clock hour. */
export const FIRST_HOUR = 16;
export const LAST_HOUR = 23;
export const GRID_START = FIRST_HOUR * 60;
export const GRID_END = (LAST_HOUR + 1) * 60;
export const SLOT_MINUTES: Record<Exclude<CalendarView, 'month'>, number> = { day: 30, week: 60 };
export const MONTH_EVENTS_PER_DAY = 2;
export const MONTH_SUMMARY_COLOURS = 2;

const toDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (iso: string) => toDate(iso).getUTCDay();

/** The Monday of the week of `iso`. */
export const mondayOf = (iso: string) => addDays(iso, -((weekdayOf(iso) + 6) % 7));

export const weekDays = (iso: string) => Array.from({ length: 7 }, (_, i) => addDays(mondayOf(iso), i));

const firstOfMonth = (iso: string) => `${iso.slice(0, 7)}-01`;
function lastOfMonth(iso: string) {
  const d = toDate(firstOfMonth(iso));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

/** The weeks of the month grid, Monday first, from the week of the 1st to the week of the last day. */
export function monthWeeks(iso: string): string[][] {
  const weeks: string[][] = [];
  const last = lastOfMonth(iso);
  for (let monday = mondayOf(firstOfMonth(iso)); monday <= last; monday = addDays(monday, 7)) weeks.push(weekDays(monday));
  return weeks;
}

/** The dates the view shows: day that day; week Monday to Sunday; month the whole grid. */
export function visibleRange(view: CalendarView, iso: string): { startDate: string; endDate: string } {
  if (view === 'day') return { startDate: iso, endDate: iso };
  if (view === 'week') return { startDate: mondayOf(iso), endDate: addDays(mondayOf(iso), 6) };
  const weeks = monthWeeks(iso);
  return { startDate: weeks[0]![0]!, endDate: weeks.at(-1)![6]! };
}

function addMonths(iso: string, months: number): string {
  const d = toDate(iso);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

/** Previous (-1) or next (+1) day, week or month. */
export function step(view: CalendarView, iso: string, direction: 1 | -1): string {
  if (view === 'day') return addDays(iso, direction);
  if (view === 'week') return addDays(mondayOf(iso), 7 * direction);
  return addMonths(firstOfMonth(iso), direction);
}

/**
 * The picker's bounds (spec 000 §2.12): a month within two years either side of the current one; a day or week
 * within ten years either side. A week snaps to its Monday.
 */
export function pickerBounds(view: CalendarView, today: string): { min: string; max: string } {
  const years = view === 'month' ? 2 : 10;
  const y = Number(today.slice(0, 4));
  if (view === 'month') return { min: `${y - years}-01-01`, max: `${y + years}-12-31` };
  return { min: `${y - years}${today.slice(4)}`, max: `${y + years}${today.slice(4)}` };
}

export function clampPicked(view: CalendarView, picked: string, today: string): string {
  const { min, max } = pickerBounds(view, today);
  const inside = picked < min ? min : picked > max ? max : picked;
  if (view === 'week') return mondayOf(inside);
  if (view === 'month') return firstOfMonth(inside);
  return inside;
}

export const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Start and end minutes of an event on its day; an end at or before the start (midnight) runs to the day's end. */
export function eventMinutes(e: { start_time: string; end_time: string }): { start: number; end: number } {
  const start = toMinutes(e.start_time);
  let end = toMinutes(e.end_time);
  if (end <= start) end = 24 * 60;
  return { start, end };
}

/** Compact cards: under 45 minutes in the day view, 30 minutes or less in the week view, always in the month view. */
export function isCompact(view: CalendarView, minutes: number): boolean {
  if (view === 'month') return true;
  return view === 'day' ? minutes < 45 : minutes <= 30;
}

export interface Placed<T> {
  event: T;
  column: number;
  columns: number;
}

/**
 * Overlapping events side by side: events that overlap, directly or through others, form a cluster; each takes
 * the first column free at its start, and the cluster's columns share the width.
 */
export function layoutOverlaps<T extends { start_time: string; end_time: string }>(events: T[]): Placed<T>[] {
  const sorted = [...events].sort((a, b) => eventMinutes(a).start - eventMinutes(b).start || eventMinutes(b).end - eventMinutes(a).end);
  const placed: Placed<T>[] = [];
  let cluster: Placed<T>[] = [];
  let columnEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const p of cluster) p.columns = columnEnds.length;
    cluster = [];
    columnEnds = [];
  };
  for (const event of sorted) {
    const { start, end } = eventMinutes(event);
    if (start >= clusterEnd) close();
    let column = columnEnds.findIndex((columnEnd) => columnEnd <= start);
    if (column === -1) column = columnEnds.push(end) - 1;
    else columnEnds[column] = end;
    clusterEnd = Math.max(clusterEnd, end);
    const p = { event, column, columns: 1 };
    cluster.push(p);
    placed.push(p);
  }
  close();
  return placed;
}

/**
 * A day's entry in a view of every table: one occurrence, or a time slot held on several tables (the same start and
 * end), which a week column or a phone's list shows as one entry with its count instead of a sliver per table.
 */
export type DayEntry<T> =
  | { kind: 'single'; start_time: string; end_time: string; event: T }
  | { kind: 'slot'; start_time: string; end_time: string; events: T[] };

export const singleEntry = <T extends { start_time: string; end_time: string }>(event: T): DayEntry<T> => ({
  kind: 'single',
  start_time: event.start_time,
  end_time: event.end_time,
  event,
});

/** A day's occurrences as entries, in time order: the occurrences of a slot together, in the order given (by table). */
export function slotEntries<T extends { start_time: string; end_time: string }>(events: T[]): DayEntry<T>[] {
  const slots = new Map<string, T[]>();
  for (const e of events) {
    const key = `${e.start_time}|${e.end_time}`;
    const slot = slots.get(key);
    if (slot) slot.push(e);
    else slots.set(key, [e]);
  }
  return [...slots.values()]
    .map((group): DayEntry<T> =>
      group.length === 1 ? singleEntry(group[0]!) : { kind: 'slot', start_time: group[0]!.start_time, end_time: group[0]!.end_time, events: group },
    )
    .sort((a, b) => eventMinutes(a).start - eventMinutes(b).start || eventMinutes(a).end - eventMinutes(b).end);
}

/** Top and height within the 16–24 grid, in percent; null when the event lies outside it. */
export function verticalPlacement(e: { start_time: string; end_time: string }): { top: number; height: number } | null {
  const { start, end } = eventMinutes(e);
  const from = Math.max(start, GRID_START);
  const to = Math.min(end, GRID_END);
  if (to <= from) return null;
  const span = GRID_END - GRID_START;
  return { top: ((from - GRID_START) / span) * 100, height: ((to - from) / span) * 100 };
}

/** The grid's slot labels: every 30 minutes by day, every hour by week. */
export function slotLabels(view: Exclude<CalendarView, 'month'>): string[] {
  const labels: string[] = [];
  for (let m = GRID_START; m < GRID_END; m += SLOT_MINUTES[view])
    labels.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return labels;
}

/** Italian day names, Monday first; short under 925 px (spec 000 §2.12). */
export const DAY_NAMES = ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'];
export const SHORT_DAY_NAMES = ['Lun', 'Mar', 'Mer', 'Gio', 'Ven', 'Sab', 'Dom'];
export const SHORT_NAMES_QUERY = '(max-width: 924.98px)';
