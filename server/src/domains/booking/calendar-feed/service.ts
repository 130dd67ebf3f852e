import { createHash, randomBytes } from 'node:crypto';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { CALENDAR_FEED_CANCELLED_DAYS, CALENDAR_FEED_PAST_DAYS, CALENDAR_FEED_RATE, type CalendarFeed } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import { sign } from '../../../core/secrets';
import type { CalendarFeedRepository, FeedBooking, FeedOwner } from './repository';

const DAY_MS = 24 * 3600 * 1000;
/** The server secret the feed tokens are derived with. */
const TOKEN_SECRET = 'calendar-feed';
/** Where a feed is served: outside /api, no session (the token is the credential). */
export const FEED_PATH = '/calendar';

/** Raised when the way a feed is written changes, so the apps' ETags no longer match. */
const FEED_FORMAT = 1;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface CalendarFeedSettings {
  publicUrl: string;
  timeZone: string;
  clubName: string;
  now: () => Date;
}

/** A feed as served: the iCalendar text and its ETag. */
export interface FeedDocument {
  body: string;
  etag: string;
}

/**
 * The private calendar subscription addresses (issue 27). The address's token is HMAC(server secret, nonce): long
 * and random (the nonce is 32 random bytes), and the row keeps only its SHA-256 besides the nonce, so the token can be
 * shown again to its owner (GET) without being stored. Regenerating draws a new nonce.
 */
export class CalendarFeedService {
  constructor(
    private readonly db: Db,
    private readonly repo: CalendarFeedRepository,
    private readonly settings: CalendarFeedSettings,
  ) {}

  private async urlOf(nonce: string): Promise<string> {
    const token = await sign(this.db, TOKEN_SECRET, nonce);
    return `${this.settings.publicUrl}${FEED_PATH}/${token}.ics`;
  }

  async address(owner: FeedOwner): Promise<CalendarFeed> {
    const nonce = await this.repo.nonceOf(this.db, owner);
    return { url: nonce ? await this.urlOf(nonce) : null };
  }

  /** Creates the address, or replaces it: the old one answers 404 from this call's commit on. */
  async regenerate(owner: FeedOwner): Promise<CalendarFeed> {
    const nonce = randomBytes(32).toString('base64url');
    const token = await sign(this.db, TOKEN_SECRET, nonce);
    await this.repo.upsert(this.db, owner, nonce, sha256(token));
    return { url: `${this.settings.publicUrl}${FEED_PATH}/${token}.ics` };
  }

  async turnOff(owner: FeedOwner): Promise<CalendarFeed> {
    await this.repo.remove(this.db, owner);
    return { url: null };
  }

  /**
   * GET /calendar/{token}.ics: the feed, counted against the address's rate limit. The ETag comes from the rows the
   * feed is made of (the text is a function of them), so an app that already holds them (If-None-Match) gets its
   * 304 without the calendar being written.
   */
  async feed(token: string, ifNoneMatch?: string): Promise<FeedDocument | { notModified: true; etag: string }> {
    const now = this.settings.now();
    const hit = await this.repo.hit(this.db, sha256(token), now, CALENDAR_FEED_RATE.windowMinutes * 60_000);
    if (!hit) throw new DomainError('CALENDAR_FEED_NOT_FOUND');
    if (hit.window_hits > CALENDAR_FEED_RATE.max) throw new DomainError('CALENDAR_FEED_RATE_LIMITED');
    const owner: FeedOwner = hit.user_id ? { userId: hit.user_id } : { gameTableId: hit.game_table_id! };
    const rows = await this.repo.bookings(
      this.db,
      owner,
      new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS),
      new Date(now.getTime() - CALENDAR_FEED_CANCELLED_DAYS * DAY_MS),
    );
    const etag = `"${sha256(JSON.stringify([FEED_FORMAT, this.settings.clubName, this.settings.timeZone, 'userId' in owner, rows])).slice(0, 32)}"`;
    if (ifNoneMatch === etag) return { notModified: true, etag };
    return { body: this.calendar(rows, 'userId' in owner), etag };
  }

  /** The iCalendar text: deterministic for the same bookings (DTSTAMP is the booking's last change), so the ETag holds. */
  private calendar(rows: readonly FeedBooking[], member: boolean): string {
    const { timeZone, clubName, publicUrl } = this.settings;
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
}
