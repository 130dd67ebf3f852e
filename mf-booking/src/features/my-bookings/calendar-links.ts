/**
 * Add a booking to a personal calendar (spec 000 §2.8): Mac and iOS get an .ics file, Android and other touch devices
 * a Google Calendar link, every other device an Outlook link. The links are built here; the file is the server's
 * (GET /user/me/booked-sessions/{id}/calendar.ics, the feeds' writer with the club's name and time zone from the
 * settings, issue 41: one .ics writer).
 */
import { download } from 'shared-api';
import { addDays, clubInstant } from '../../lib/club-time';

export interface CalendarEntry {
  /** The booking: its .ics file is the server's. */
  bookingId: string;
  title: string;
  /** The club date of the session, YYYY-MM-DD. */
  date: string;
  start: string;
  end: string;
  location?: string;
  description?: string;
}

export type CalendarKind = 'ics' | 'google' | 'outlook';

export interface DeviceInfo {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  width: number;
  canHover: boolean;
}

export function currentDevice(): DeviceInfo {
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform ?? '',
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    width: window.innerWidth,
    canHover: typeof window.matchMedia === 'function' ? window.matchMedia('(hover: hover)').matches : true,
  };
}

/** A touch device: touch points, width up to 768 and no hover (spec 000 §2.8, §9). */
export const isTouchDevice = (d: DeviceInfo) => d.maxTouchPoints > 0 && d.width <= 768 && !d.canHover;

export function calendarKind(d: DeviceInfo): CalendarKind {
  const apple = /Macintosh|Mac OS X|iPhone|iPad|iPod/i.test(d.userAgent) || /^Mac|iPhone|iPad|iPod/i.test(d.platform);
  if (apple) return 'ics';
  if (/Android/i.test(d.userAgent) || isTouchDevice(d)) return 'google';
  return 'outlook';
}

function range(entry: CalendarEntry): { start: Date; end: Date } {
  const start = clubInstant(entry.date, entry.start);
  // A session ending at or before its start time ends the next day (spec 001 §5: a range crossing midnight).
  const endDate = entry.end <= entry.start ? addDays(entry.date, 1) : entry.date;
  return { start, end: clubInstant(endDate, entry.end) };
}

/** 20261130T170000Z */
const basicUtc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function googleCalendarUrl(entry: CalendarEntry): string {
  const { start, end } = range(entry);
  const params = new URLSearchParams({ action: 'TEMPLATE', text: entry.title, dates: `${basicUtc(start)}/${basicUtc(end)}` });
  if (entry.description) params.set('details', entry.description);
  if (entry.location) params.set('location', entry.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function outlookCalendarUrl(entry: CalendarEntry): string {
  const { start, end } = range(entry);
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: entry.title,
    startdt: start.toISOString(),
    enddt: end.toISOString(),
  });
  if (entry.description) params.set('body', entry.description);
  if (entry.location) params.set('location', entry.location);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}

/**
 * Saves a booking of the member's as the server writes it (GET /user/me/booked-sessions/{id}/calendar.ics): the
 * file 'Aggiungi al calendario' gives on the home page and, on Mac and iOS, on 'Le mie prenotazioni'.
 */
export const downloadBookingFile = (bookingId: string, date: string): Promise<string> =>
  download(`/user/me/booked-sessions/${bookingId}/calendar.ics`, `prenotazione-${date}.ics`);

/** Adds the entry to the device's calendar the way the spec picks for it. */
export async function addToCalendar(entry: CalendarEntry, device: DeviceInfo = currentDevice()): Promise<CalendarKind> {
  const kind = calendarKind(device);
  if (kind === 'ics') await downloadBookingFile(entry.bookingId, entry.date);
  else window.open(kind === 'google' ? googleCalendarUrl(entry) : outlookCalendarUrl(entry), '_blank', 'noopener');
  return kind;
}
