/**
 * The iCalendar text of a feed (issue 27), written on a worker thread of core/workers (offThreadModule): ical-generator
 * with luxon times takes about half a millisecond per event, so a feed of 500 bookings kept the request thread busy for
 * 250–400 ms. Imports only the calendar libraries: a worker loads this module alone.
 */
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { FeedBooking } from './repository';

/** What the text is made of: the rows (structured-cloned to the worker) and the club's settings. */
export interface FeedCalendarInput {
  rows: readonly FeedBooking[];
  /** A member's feed (partners named after 'con'), or a game table's. */
  member: boolean;
  timeZone: string;
  clubName: string;
  publicUrl: string;
}

/** The iCalendar text: deterministic for the same bookings (DTSTAMP is the booking's last change), so the ETag holds. */
export function writeFeedCalendar({ rows, member, timeZone, clubName, publicUrl }: FeedCalendarInput): string {
  const host = new URL(publicUrl).hostname;
  // fromMillis: a third of fromISO's cost, which is most of writing a long feed.
  const zoned = (iso: string) => DateTime.fromMillis(Date.parse(iso), { zone: timeZone });
  // A named calendar time zone would write DTSTAMP on the club's clock without 'Z': the events carry it instead.
  const calendar = ical({
    name: member ? `${clubName}: le mie prenotazioni` : `${clubName}: prenotazioni del tavolo`,
    prodId: { company: clubName, product: 'Portale del circolo', language: 'IT' },
    timezone: { name: null, generator: getVtimezoneComponent },
    url: `${publicUrl}/user/bookings`,
  });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: timeZone }]);
  for (const b of rows) {
    const partners = b.names.length ? (member ? ` con ${b.names.join(', ')}` : `: ${b.names.join(', ')}`) : '';
    calendar.createEvent({
      id: `prenotazione-${b.booking_id}-${b.date}@${host}`,
      start: zoned(b.start_at),
      end: zoned(b.end_at),
      timezone: timeZone,
      stamp: new Date(b.cancelled_at ?? b.created_at),
      summary: `${b.title}, Tavolo ${b.table_number}${partners}`,
      location: clubName,
      status: b.cancelled_at ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: b.cancelled_at ? 1 : 0,
      url: `${publicUrl}/user/bookings`,
    });
  }
  return calendar.toString();
}
