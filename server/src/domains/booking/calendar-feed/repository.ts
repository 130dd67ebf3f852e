import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { isActiveUser } from '../../registry';
import { categories, users } from '../../registry/tables';
import { isoInstant } from '../sessions/occurrence-sql';
import {
  booking_participants,
  bookings,
  calendar_feed_clients,
  calendar_feeds,
  game_tables,
  training_session_exceptions,
  training_sessions,
} from '../tables';

/** Whose bookings a feed holds. */
export type FeedOwner = { userId: string } | { gameTableId: string };

/** One booking as the feed shows it. */
export interface FeedBooking {
  booking_id: string;
  date: string;
  title: string;
  table_number: number;
  start_at: string;
  end_at: string;
  /** Set when the booking is cancelled, or (a member's feed) when the member left it. */
  cancelled_at: string | null;
  created_at: string;
  /** Each participant still on the booking: 'Nome Cognome' in a member's feed (the others only), 'N. C.' in a table's. */
  names: string[];
}

/** A fetch of a feed address: whose feed, and how many fetches its window holds after this one. */
export interface FeedHit {
  /** What the address's token signs (the token is checked against the keys in force, core/secrets.ts). */
  nonce: string;
  user_id: string | null;
  game_table_id: string | null;
  window_hits: number;
}

/** A feed address looked up: its row, and whether it is served (its member active; a table's maker staff). */
export interface LiveFeed {
  id: string;
  served: boolean;
}

/** Whether a permission array (a category's) holds bookings_access, or everything. */
const holdsBookingsAccess = (permissions: SQL) => sql`(${permissions} @> array['bookings_access']::text[] or ${permissions} @> array['*']::text[])`;

const ownerColumn = (owner: FeedOwner): SQL =>
  'userId' in owner ? sql`user_id = ${owner.userId}::uuid` : sql`game_table_id = ${owner.gameTableId}::uuid`;

/** The calendar feeds (issue 27): SQL only. */
export class CalendarFeedRepository {
  /** The owner's nonce and the hash of the token given for it. */
  async tokenOf(tx: DbOrTx, owner: FeedOwner): Promise<{ nonce: string; token_hash: string } | null> {
    const [row] = rowsOf<{ nonce: string; token_hash: string }>(
      await tx.execute(sql`select nonce, token_hash from ${calendar_feeds} where ${ownerColumn(owner)}`),
    );
    return row ?? null;
  }

  /**
   * Creates the owner's feed or replaces its token (the old address stops working with this statement's commit).
   * `createdBy`: who made a table's feed (it is served while they hold bookings_access).
   */
  async upsert(tx: DbOrTx, owner: FeedOwner, nonce: string, tokenHash: string, createdBy: string | null = null): Promise<void> {
    const userId = 'userId' in owner ? owner.userId : null;
    const tableId = 'gameTableId' in owner ? owner.gameTableId : null;
    const target = userId ? sql`(user_id) where user_id is not null` : sql`(game_table_id) where game_table_id is not null`;
    await tx.execute(sql`
      insert into ${calendar_feeds} (user_id, game_table_id, nonce, token_hash, created_by)
      values (${userId}::uuid, ${tableId}::uuid, ${nonce}, ${tokenHash}, ${createdBy}::uuid)
      on conflict ${target} do update set nonce = excluded.nonce, token_hash = excluded.token_hash, created_at = now(),
        window_started_at = now(), window_hits = 0, created_by = excluded.created_by`);
  }

  /**
   * The feed of a token, and whether it is served today (issue 39): a member's while the member is not deactivated;
   * a table's while the staff member who made it is active and their category holds bookings_access.
   */
  async lookUp(tx: DbOrTx, tokenHash: string, today: string): Promise<LiveFeed | null> {
    const [row] = rowsOf<LiveFeed>(
      await tx.execute(sql`
        select f.id,
          coalesce(case when f.user_id is not null then ${isActiveUser(today)}
                        else ${isActiveUser(today)} and ${holdsBookingsAccess(sql`${categories.permissions}`)} end, false) as served
        from ${calendar_feeds} f
        left join ${users} on ${users.id} = coalesce(f.user_id, f.created_by)
        left join ${categories} on ${categories.id} = ${users.category_id}
        where f.token_hash = ${tokenHash}`),
    );
    return row ?? null;
  }

  /**
   * Counts a fetch of a feed by one client (a hash of the token and the client's address) in its own window, and
   * forgets the other clients' windows that have ended. Answers how many fetches the client's window holds.
   */
  async hitByClient(tx: DbOrTx, feedId: string, client: string, now: Date, windowMs: number): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const ended = sql`make_interval(secs => ${windowMs / 1000})`;
    await tx.execute(
      sql`delete from ${calendar_feed_clients} where feed_id = ${feedId} and client <> ${client} and window_started_at <= ${at} - ${ended}`,
    );
    const [row] = rowsOf<{ window_hits: number }>(
      await tx.execute(sql`
        insert into ${calendar_feed_clients} as c (feed_id, client, window_started_at, window_hits) values (${feedId}, ${client}, ${at}, 1)
        on conflict (feed_id, client) do update set
          window_hits = case when c.window_started_at <= ${at} - ${ended} then 1 else c.window_hits + 1 end,
          window_started_at = case when c.window_started_at <= ${at} - ${ended} then ${at} else c.window_started_at end
        returning window_hits`),
    );
    return row!.window_hits;
  }

  async remove(tx: DbOrTx, owner: FeedOwner): Promise<void> {
    await tx.execute(sql`delete from ${calendar_feeds} where ${ownerColumn(owner)}`);
  }

  /**
   * Looks a fetch's token up and counts it, in one statement under the row's lock: a window older than `windowMs`
   * starts again at 1. No row: no such feed. Shared by every server process (the count lives in the row).
   */
  async hit(tx: DbOrTx, tokenHash: string, now: Date, windowMs: number): Promise<FeedHit | null> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const expired = sql`window_started_at <= ${at} - make_interval(secs => ${windowMs / 1000})`;
    const [row] = rowsOf<FeedHit>(
      await tx.execute(sql`
        update ${calendar_feeds} set
          window_hits = case when ${expired} then 1 else window_hits + 1 end,
          window_started_at = case when ${expired} then ${at} else window_started_at end
        where token_hash = ${tokenHash}
        returning nonce, user_id, game_table_id, window_hits`),
    );
    return row ?? null;
  }

  /**
   * The bookings a feed shows: those ending after `from`, and of them the cancelled ones (or, a member's feed, those
   * the member left) only while cancelled after `cancelledSince`. One statement, off the participants' (member) or
   * the sessions' (table) index.
   */
  async bookings(tx: DbOrTx, owner: FeedOwner, from: Date, cancelledSince: Date): Promise<FeedBooking[]> {
    return rowsOf<FeedBooking>(await tx.execute(sql`${feedRows(owner, from, cancelledSince)} order by b.start_at, b.id`));
  }

  /** One booking of the member's as their feed shows it (issue 41: its own .ics file); null when they are not on it. */
  async memberBooking(tx: DbOrTx, userId: string, bookingId: string): Promise<FeedBooking | null> {
    const always = new Date(0);
    const [row] = rowsOf<FeedBooking>(await tx.execute(sql`${feedRows({ userId }, always, always)} and b.id = ${bookingId}::uuid`));
    return row ?? null;
  }

  /**
   * What the feed's text is a function of, without sending its rows: how many there are and the MD5 of all of them in
   * their order, computed by the database (one short row instead of 500 rows parsed and hashed on the request thread).
   */
  async fingerprint(tx: DbOrTx, owner: FeedOwner, from: Date, cancelledSince: Date): Promise<{ n: number; digest: string }> {
    const [row] = rowsOf<{ n: number; digest: string }>(
      await tx.execute(sql`
        select count(*)::int as n, coalesce(md5(string_agg(r::text, '|' order by r.start_at, r.booking_id)), '') as digest
        from (${feedRows(owner, from, cancelledSince)}) r`),
    );
    return row!;
  }
}

/** The select of a feed's rows (FeedBooking's columns), unordered; `b` is the booking. */
function feedRows(owner: FeedOwner, from: Date, cancelledSince: Date): SQL {
  const fromAt = sql`${from.toISOString()}::timestamptz`;
  const member = 'userId' in owner;
  const cancelledAt = member ? sql`coalesce(b.cancelled_at, me.left_at)` : sql`b.cancelled_at`;
  const source = member
    ? sql`${booking_participants} me join ${bookings} b on b.id = me.booking_id join ${training_sessions} s on s.id = b.session_id`
    : sql`${training_sessions} s join ${bookings} b on b.session_id = s.id`;
  const whose = member
    ? sql`me.user_id = ${owner.userId}::uuid and me.end_at > ${fromAt}`
    : // bookings_date_idx: a cancelled booking is not in the occurrence's unique index.
      sql`s.game_table_id = ${owner.gameTableId}::uuid and b.date >= (${fromAt} - interval '1 day')::date and b.end_at > ${fromAt}`;
  const others = member ? sql`and p.user_id <> ${owner.userId}::uuid` : sql``;
  // A member's feed names their partners; a table's feed, read by whoever holds its address, only initials (issue 39).
  const participantName = member ? sql`u.name || ' ' || u.surname` : sql`upper(left(u.name, 1)) || '. ' || upper(left(u.surname, 1)) || '.'`;
  return sql`
    select b.id as booking_id, b.date::text as date, coalesce(x.title, s.title) as title, gt.number as table_number,
      ${isoInstant(sql`b.start_at`)} as start_at, ${isoInstant(sql`b.end_at`)} as end_at,
      case when ${cancelledAt} is null then null else ${isoInstant(cancelledAt)} end as cancelled_at,
      ${isoInstant(sql`b.created_at`)} as created_at,
      array(select ${participantName} from ${booking_participants} p join ${users} u on u.id = p.user_id
            where p.booking_id = b.id and p.left_at is null ${others} order by u.surname, u.name) as names
    from ${source}
    join ${game_tables} gt on gt.id = s.game_table_id
    left join ${training_session_exceptions} x on x.session_id = b.session_id and x.date = b.date
    where ${whose} and (${cancelledAt} is null or ${cancelledAt} >= ${cancelledSince.toISOString()}::timestamptz)`;
}
