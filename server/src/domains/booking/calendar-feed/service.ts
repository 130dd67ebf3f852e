import { withoutRowAudit } from '../../../core/audit/context';
import { createHash, randomBytes } from 'node:crypto';
import { CALENDAR_FEED_CANCELLED_DAYS, CALENDAR_FEED_PAST_DAYS, CALENDAR_FEED_RATE, type CalendarFeed } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import { sign, signatures, verifySignature } from '../../../core/secrets';
import { todayIn } from '../../../core/time';
import { offThreadModule, runOffThread } from '../../../core/workers/pool';
import { FeedCache } from './feed-cache';
import type { FeedCalendarInput } from './ical';
import type { CalendarFeedRepository, FeedOwner } from './repository';

const DAY_MS = 24 * 3600 * 1000;
/** The server secret the feed tokens are derived with. */
const TOKEN_SECRET = 'calendar-feed';
/** Where a feed is served: outside /api, no session (the token is the credential). */
export const FEED_PATH = '/calendar';

/** Raised when the way a feed is written changes, so the apps' ETags no longer match. */
const FEED_FORMAT = 1;
/** Where the calendar's text is written: a worker thread (ical.ts). */
const FEED_WRITER = offThreadModule('domains/booking/calendar-feed/ical');

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
  /** The last text served per address, under its ETag. */
  private readonly cache = new FeedCache();

  constructor(
    private readonly db: Db,
    private readonly repo: CalendarFeedRepository,
    private readonly settings: CalendarFeedSettings,
  ) {}

  private async urlOf(nonce: string): Promise<string> {
    const token = await sign(this.db, TOKEN_SECRET, nonce);
    return `${this.settings.publicUrl}${FEED_PATH}/${token}.ics`;
  }

  /**
   * The owner's address as given: its token under whichever key in force signed it (after a key rotation, the old
   * address while the grace period lasts). Once its key is out of force (the address answers 404), the owner is
   * given the address under the current key instead.
   */
  async address(owner: FeedOwner): Promise<CalendarFeed> {
    const feed = await this.repo.tokenOf(this.db, owner);
    if (!feed) return { url: null };
    const tokens = await signatures(this.db, TOKEN_SECRET, feed.nonce);
    const live = tokens.find((token) => sha256(token) === feed.token_hash);
    if (live) return { url: `${this.settings.publicUrl}${FEED_PATH}/${live}.ics` };
    // Read by a GET, which holds no unit of work: the new hash is written in one of its own.
    await this.db.transaction((tx) => this.repo.upsert(tx, owner, feed.nonce, sha256(tokens[0]!)));
    return { url: await this.urlOf(feed.nonce) };
  }

  /**
   * Creates the address, or replaces it: the old one answers 404 from this call's commit on. `createdBy`: the staff
   * member making a table's address (it is served while they hold bookings_access).
   */
  async regenerate(owner: FeedOwner, createdBy: string | null = null): Promise<CalendarFeed> {
    const nonce = randomBytes(32).toString('base64url');
    const token = await sign(this.db, TOKEN_SECRET, nonce);
    await this.repo.upsert(this.db, owner, nonce, sha256(token), createdBy);
    return { url: `${this.settings.publicUrl}${FEED_PATH}/${token}.ics` };
  }

  async turnOff(owner: FeedOwner): Promise<CalendarFeed> {
    await this.repo.remove(this.db, owner);
    return { url: null };
  }

  /**
   * GET /user/me/booked-sessions/{id}/calendar.ics (issue 41): one booking of the member's as an .ics file, written by
   * the feeds' writer (the club's name and time zone from the settings). Another member's booking is not found.
   */
  async bookingFile(userId: string, bookingId: string): Promise<{ body: string; date: string }> {
    const row = await this.repo.memberBooking(this.db, userId, bookingId);
    if (!row) throw new DomainError('BOOKING_NOT_FOUND');
    const { timeZone, clubName, publicUrl } = this.settings;
    const body = await runOffThread<FeedCalendarInput, string>(FEED_WRITER, 'writeFeedCalendar', {
      rows: [row],
      member: true,
      timeZone,
      clubName,
      publicUrl,
    });
    return { body, date: row.date };
  }

  /**
   * GET /calendar/{token}.ics: the feed, counted against the address's rate limit. The ETag is the database's digest
   * of the rows the feed is made of (the text is a function of them), so an app that already holds them
   * (If-None-Match) gets its 304 without any row read; an unchanged feed is served from the text last written for
   * it; a changed one is read and written on a worker thread (a 500-booking feed took the request thread 250–400 ms).
   * The ETag is read before the rows: rows newer than it only make the next fetch write the feed again.
   *
   * Issue 39: a deactivated member's feed, or a table's whose maker no longer holds bookings_access, answers 404. The
   * limit holds per client address (CALENDAR_FEED_RATE.max) and per feed (perFeed): a fetch refused to its client
   * is not counted against the feed, so one holder of a leaked address spends only their own allowance.
   */
  async feed(token: string, ifNoneMatch?: string, clientAddress = ''): Promise<FeedDocument | { notModified: true; etag: string }> {
    const now = this.settings.now();
    const key = sha256(token);
    const found = await this.repo.lookUp(this.db, key, todayIn(this.settings.timeZone, now));
    if (!found?.served) throw new DomainError('CALENDAR_FEED_NOT_FOUND');
    const windowMs = CALENDAR_FEED_RATE.windowMinutes * 60_000;
    const client = sha256(`${token}\n${clientAddress}`);
    // The fetch's counts are a unit of work of their own (a GET holds none), left out of the audit log: counters, not
    // changes. A fetch refused to its client is not counted against the feed.
    const counted = await this.db.transaction(async (tx) => {
      await withoutRowAudit(tx);
      if ((await this.repo.hitByClient(tx, found.id, client, now, windowMs)) > CALENDAR_FEED_RATE.max) return 'limited' as const;
      return this.repo.hit(tx, key, now, windowMs);
    });
    if (counted === 'limited') throw new DomainError('CALENDAR_FEED_RATE_LIMITED');
    const hit = counted;
    // The token must also be signed by a key in force: one rotated out (core/secrets.ts) opens nothing after its grace.
    if (!hit || !(await verifySignature(this.db, TOKEN_SECRET, hit.nonce, token))) throw new DomainError('CALENDAR_FEED_NOT_FOUND');
    if (hit.window_hits > CALENDAR_FEED_RATE.perFeed) throw new DomainError('CALENDAR_FEED_RATE_LIMITED');
    const owner: FeedOwner = hit.user_id ? { userId: hit.user_id } : { gameTableId: hit.game_table_id! };
    const member = 'userId' in owner;
    const from = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * DAY_MS);
    const cancelledSince = new Date(now.getTime() - CALENDAR_FEED_CANCELLED_DAYS * DAY_MS);
    const { n, digest } = await this.repo.fingerprint(this.db, owner, from, cancelledSince);
    const { timeZone, clubName, publicUrl } = this.settings;
    const etag = `"${sha256(JSON.stringify([FEED_FORMAT, clubName, timeZone, publicUrl, member, n, digest])).slice(0, 32)}"`;
    if (ifNoneMatch === etag) return { notModified: true, etag };
    const cached = this.cache.get(key, etag);
    if (cached !== null) return { body: cached, etag };
    const rows = await this.repo.bookings(this.db, owner, from, cancelledSince);
    const body = await runOffThread<FeedCalendarInput, string>(FEED_WRITER, 'writeFeedCalendar', { rows, member, timeZone, clubName, publicUrl });
    this.cache.set(key, { etag, body });
    return { body, etag };
  }
}
