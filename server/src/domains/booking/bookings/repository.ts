import { type SQL, type SQLWrapper, eq, sql } from 'drizzle-orm';
import type { BookedSession, MedicalStatus, Participant } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { type BatchOptions, batchedCalls } from '../../../core/db/batch';
import { namedStatement } from '../../../core/db/prepared';
import { isActiveUser } from '../../registry';
import {
  category_reservation_rules,
  qualification_reservation_rules,
  qualifications,
  reservation_rule_unlock_times,
  reservation_rules,
  user_qualifications,
  user_reservation_rules,
  users,
} from '../../registry/tables';
import {
  booking_member_versions,
  booking_participants,
  bookings,
  game_tables,
  training_session_exceptions,
  training_session_groups,
  training_session_qualifications,
  training_sessions,
} from '../tables';
import type { ExceptionValues } from '../training-sessions/repository';
import type { NoticeFacts } from './notices';
import { rowsOf } from '../../../core/db/rows';
import { DEFAULT_PARTICIPANT_COLOR, isoInstant, participantsOf, wallClockEndSql, wallClockStartSql } from '../training-sessions/occurrences';

/** What the booking checks know of a participant (read after their row is locked). */
export interface ParticipantFacts {
  id: string;
  name: string;
  surname: string;
  active: boolean;
  accepted_terms: boolean;
  medical: MedicalStatus;
  qualified: boolean;
  busy: boolean;
  color: string;
  rule: ApplicableRule | null;
  daily: number;
  /** The rule's week holding the date (meaningless without a rule). */
  week_start: string | null;
  week_end: string | null;
  weekly: number;
  unlock_count: number;
  unlocked: number;
  /** Their booking version when read (booking_member_versions; 0 without a row). */
  version: number;
}

/** The booking rule that applies to a member (DESIGN §4), with the shifts its unlock times have released by now. */
export interface ApplicableRule {
  id: string;
  max_rounds_per_week: number;
  max_rounds_per_day: number;
  hours_before_booking_to_ignore_rules: number;
  hours_before_booking_to_cancel: number;
  week_start_day: number;
  week_end_day: number;
}

/** At (day, hour) of each week of a booking rule, num_shifts more of its weekly quota become bookable. */
export interface UnlockTime {
  /** 0 Sunday … 6 Saturday. */
  day: number;
  /** HH:MM, the club's wall clock. */
  hour: string;
  num_shifts: number;
}

/** The occurrence a booking is for, as the engine reads it. */
export interface BookableOccurrence {
  session_id: string;
  /** The occurrence's date (YYYY-MM-DD). */
  date: string;
  title: string;
  start_time: string;
  duration: number;
  color: string | null;
  is_booking_allowed: boolean;
  /** The group of a group's session: its booked occurrence is pinned as an exception. */
  group_id: string | null;
  qualifications: string[];
  /** The occurrence's instants (ISO 8601, UTC) in the club's time zone. */
  start_at: string;
  end_at: string;
  /** Its active booking when read (the unique index refuses a second one whatever races). */
  booking_id: string | null;
}

/** A booking being cancelled or left, locked: who made it, when it starts and ends, who takes part (those who have not left). */
export interface LockedBooking {
  id: string;
  booked_by: string | null;
  start_at: string;
  end_at: string;
  participant_ids: string[];
}

/** What one read of the engine answers: the occurrence (null: none on that date) and the participants found. */
export interface BookingRead {
  occurrence: BookableOccurrence | null;
  facts: ParticipantFacts[];
}

type ReadRow = BookableOccurrence & { k: number; facts: ParticipantFacts | null };

/** One booking's read: its participants (the booker first), the session and date, and the clock of its checks. */
export interface ReadCall {
  participantIds: readonly string[];
  sessionId: string;
  date: string | null;
  today: string;
  now: Date;
}

/** One booking's write: the booking, its participants with the versions read, and the pinning exception of a group's occurrence. */
export interface WriteCall {
  session_id: string;
  date: string;
  start_at: string;
  end_at: string;
  booked_by: string;
  participants: readonly { id: string; version: number }[];
  pin: ExceptionValues | null;
}

/** Booked; 'taken': the occurrence was booked meanwhile; 'moved': a participant's bookings changed since the read. */
export type WriteOutcome = { id: string; created_at: string } | 'taken' | 'moved';

interface EngineBatches {
  read: (call: ReadCall) => Promise<BookingRead>;
  write: (call: WriteCall) => Promise<WriteOutcome>;
}

/**
 * How the engine's statements batch (core/db/batch): at most 4 reads and 2 writes of one pool at once, so under load
 * each carries the bookings that arrived meanwhile; the rest of the pool stays free for everything else. Bookings
 * sharing a participant are written in separate statements: the version check updates each member's row once (and
 * the later booking finds that member's version moved if the earlier one booked).
 */
const READ_BATCHES: BatchOptions<ReadCall> = { maxBatch: 64, maxInFlight: 4 };
const WRITE_BATCHES: BatchOptions<WriteCall> = {
  maxBatch: 64,
  maxInFlight: 2,
  apart: (a, b) => a.participants.some((x) => b.participants.some((y) => y.id === x.id)),
};

/** The candidate rules of a user (`userId`): own, then highest-priority qualification's, then category's; the most generous first. */
function ruleSql(userId: SQL): SQL {
  return sql`
    with candidates as (
      select ur.reservation_rule_id as rule_id, 1 as level, 0 as priority from ${user_reservation_rules} ur where ur.user_id = ${userId}
      union all
      select qr.reservation_rule_id, 2, q.priority from ${user_qualifications} uq
        join ${qualifications} q on q.id = uq.qualification_id
        join ${qualification_reservation_rules} qr on qr.qualification_id = q.id
      where uq.user_id = ${userId}
      union all
      select cr.reservation_rule_id, 3, 0 from ${users} cu join ${category_reservation_rules} cr on cr.category_id = cu.category_id where cu.id = ${userId}
    )
    select r.id, r.max_rounds_per_week, r.max_rounds_per_day, r.hours_before_booking_to_ignore_rules, r.hours_before_booking_to_cancel,
           r.week_start_day, r.week_end_day
    from candidates c join ${reservation_rules} r on r.id = c.rule_id
    order by c.level, c.priority desc, r.max_rounds_per_week desc, r.max_rounds_per_day desc, r.id
    limit 1`;
}

/**
 * How many bookings the member `userId` made that a booked partner then left (issue 25), for the registry's users list
 * (Services.bookingConduct): the few left participations, through their partial index.
 */
export function partnerLeftBookingsOf(userId: SQLWrapper): SQL<number> {
  return sql<number>`(select count(distinct p.booking_id)::int from ${booking_participants} p join ${bookings} b on b.id = p.booking_id
    where p.left_at is not null and b.booked_by = ${userId} and p.user_id <> ${userId})`;
}

/** Bookings and what their checks read: SQL only. The engine's two statements are named and prepared (core/db/prepared). */
export class BookingRepository {
  /**
   * The engine's read, ONE statement for a batch of bookings (`k` numbers them; core/db/batch): for each, the
   * occurrence of a session on a date (a group's pattern and exceptions; a single session's own date when the date is
   * null) and, for each participant found, everything the checks need — state, medical status, qualification,
   * overlap, their rule, their bookings that day and in their rule's week holding the date, the shifts the rule's
   * unlock times have released by that booking's `now` (unlock_count 0: the rule has none), and their booking
   * version. One snapshot, so the facts and the versions agree. Bookings are counted by their start on the
   * participants' own index (a booking's date is the club's date of its start). Participants come as pairs
   * (who_k, who_id): booking who_k's participant who_id.
   */
  private readonly read = namedStatement<'k' | 'session' | 'date' | 'today' | 'now' | 'who_k' | 'who_id' | 'tz'>('booking_read_batch', (p) => {
    const tz = sql`${p('tz')}::text`;
    const midnight = (day: SQL) => sql`((${day})::timestamp at time zone ${tz})`;
    const weekStart = sql`(o.date - ((extract(dow from o.date)::int - r.week_start_day + 7) % 7))`;
    const weekEnd = sql`(${weekStart} + ((r.week_end_day - r.week_start_day + 7) % 7))`;
    const today = sql`o.today`;
    return sql`
      with found as (
        select r.k, r.today, r.now, s.id, coalesce(r.date, s.specific_date) as date, s.group_id,
               coalesce(x.title, s.title) as title, coalesce(x.start_time, s.start_time) as start_time,
               coalesce(x.duration_minutes, s.duration_minutes) as duration, coalesce(x.color, s.color) as color,
               coalesce(x.is_booking_allowed, s.is_booking_allowed) as is_booking_allowed
        from unnest(${p('k')}::int[], ${p('session')}::uuid[], ${p('date')}::date[], ${p('today')}::date[], ${p('now')}::timestamptz[])
          as r(k, session, date, today, now)
        join ${training_sessions} s on s.id = r.session
        left join ${training_session_groups} g on g.id = s.group_id
        -- A group's occurrence may have its own values (or be deleted); a single session has no exceptions.
        left join ${training_session_exceptions} x on s.group_id is not null and x.session_id = s.id and x.date = r.date
        where case when s.group_id is null then r.date is null or s.specific_date = r.date
                   -- A stored exception is an occurrence wherever it falls; otherwise the group's pattern decides.
                   when x.id is not null then not x.deleted
                   else r.date between g.start_date and g.end_date and extract(dow from r.date)::smallint = any(g.week_days) end
      ), o as (
        select f.*, ${wallClockStartSql(sql`f.date`, sql`f.start_time`, tz)} as start_ts,
               ${wallClockEndSql(sql`f.date`, sql`f.start_time`, sql`f.duration`, tz)} as end_ts,
               array(select q.qualification_id from ${training_session_qualifications} q where q.session_id = f.id) as quals
        from found f
      )
      select o.k, o.id as session_id, o.date::text as date, o.group_id, o.title, o.start_time, o.duration, o.color, o.is_booking_allowed,
             array(select q::text from unnest(o.quals) q) as qualifications,
             ${isoInstant(sql`o.start_ts`)} as start_at, ${isoInstant(sql`o.end_ts`)} as end_at,
             (select bk.id from ${bookings} bk where bk.session_id = o.id and bk.date = o.date and bk.cancelled_at is null) as booking_id,
             facts
      from o
      left join lateral (
        select json_build_object(
          'id', users.id, 'name', users.name, 'surname', users.surname, 'active', ${isActiveUser(today)}, 'accepted_terms', users.terms_accepted_at is not null,
          'medical', ${this.medicalStatusOf(sql`users.id`, today)},
          -- Probes of the member's own rows (LIMIT 1: a prepared statement's plan cannot turn them into a scan of a table).
          'qualified', cardinality(o.quals) = 0
            or (select true from ${user_qualifications} uq where uq.user_id = users.id and uq.qualification_id = any(o.quals) limit 1) is not null,
          -- A booking lasts at most a day (a session is a range within one day), so one that overlaps starts less than
          -- 24 hours before this one: the probe reads that window of the member's index, not their whole history.
          'busy', (select true from ${booking_participants} bp where bp.active and bp.user_id = users.id
                   and bp.start_at >= o.start_ts - interval '24 hours' and bp.start_at < o.end_ts and bp.end_at > o.start_ts limit 1) is not null,
          'color', coalesce((select q.color from ${user_qualifications} uq join ${qualifications} q on q.id = uq.qualification_id
                             where uq.user_id = users.id order by q.priority desc, q.name limit 1), ${DEFAULT_PARTICIPANT_COLOR}::text),
          'rule', case when r.id is null then null else json_build_object('id', r.id, 'max_rounds_per_week', r.max_rounds_per_week,
            'max_rounds_per_day', r.max_rounds_per_day, 'hours_before_booking_to_ignore_rules', r.hours_before_booking_to_ignore_rules,
            'hours_before_booking_to_cancel', r.hours_before_booking_to_cancel, 'week_start_day', r.week_start_day, 'week_end_day', r.week_end_day) end,
          'daily', taken.daily,
          'week_start', ${weekStart}::text,
          'week_end', ${weekEnd}::text,
          'weekly', case when r.id is null then 0 else taken.weekly end,
          'unlock_count', coalesce(unlocks.count, 0),
          'unlocked', coalesce(unlocks.unlocked, 0),
          'version', coalesce((select v.version from ${booking_member_versions} v where v.user_id = users.id), 0)) as facts
        from unnest(${p('who_k')}::int[], ${p('who_id')}::uuid[]) as who(k, id)
        join ${users} on users.id = who.id
        left join lateral (${ruleSql(sql`users.id`)}) r on true
        -- The member's bookings that day and in the rule's week holding it, in one range scan of their own index.
        left join lateral (
          select count(*) filter (where bp.start_at >= ${midnight(sql`o.date`)} and bp.start_at < ${midnight(sql`o.date + 1`)})::int as daily,
                 count(*) filter (where bp.start_at >= ${midnight(weekStart)} and bp.start_at < ${midnight(sql`${weekEnd} + 1`)})::int as weekly
          from ${booking_participants} bp
          where bp.active and bp.user_id = users.id
            and bp.start_at >= ${midnight(sql`least(o.date, coalesce(${weekStart}, o.date))`)}
            and bp.start_at < ${midnight(sql`greatest(o.date, coalesce(${weekEnd}, o.date)) + 1`)}
        ) taken on true
        left join lateral (
          select count(*)::int as count,
                 sum(ut.num_shifts) filter (where ((${weekStart} + ((ut.day - r.week_start_day + 7) % 7)) + ut.hour::time) at time zone ${tz}
                                                  <= o.now)::int as unlocked
          from ${reservation_rule_unlock_times} ut where ut.reservation_rule_id = r.id
        ) unlocks on true
        where who.k = o.k
      ) pf on true`;
  });

  /**
   * The engine's write, ONE statement for a batch of bookings whose participants are all different (`k` numbers
   * them; participants come as (who_k, who_id, who_version) with the version each was read at plus one). Each
   * participant's booking version goes up by one only if it is still the version read (insert … on conflict … where:
   * a racing booking for the same member waits on that row and then finds the version changed); a booking whose
   * participants all went up is inserted with its participants and, for a group's occurrence, the pinning exception.
   * The partial unique index on (session, date) refuses a second active booking of an occurrence whatever races (on
   * conflict do nothing: that booking alone is not inserted). Participants in id order, so statements sharing members
   * never deadlock. One row per booking: `current` false, a participant's bookings changed since the read (read
   * again); `id` null when current, the occurrence was booked meanwhile. A booking is found again by its first
   * participant, who is in no other booking of the batch.
   */
  private readonly write = namedStatement<
    | 'k'
    | 'session'
    | 'date'
    | 'start_at'
    | 'end_at'
    | 'booked_by'
    | 'first'
    | 'pin'
    | 'title'
    | 'start_time'
    | 'duration'
    | 'color'
    | 'allowed'
    | 'who_k'
    | 'who_id'
    | 'who_version'
  >(
    'booking_write_batch',
    (p) => sql`
      with req as (
        select * from unnest(${p('k')}::int[], ${p('session')}::uuid[], ${p('date')}::date[], ${p('start_at')}::timestamptz[],
                             ${p('end_at')}::timestamptz[], ${p('booked_by')}::uuid[], ${p('first')}::uuid[], ${p('pin')}::boolean[],
                             ${p('title')}::text[], ${p('start_time')}::text[], ${p('duration')}::int[], ${p('color')}::text[],
                             ${p('allowed')}::boolean[])
          as r(k, session, date, start_at, end_at, booked_by, first, pin, title, start_time, duration, color, allowed)
      ), who as (
        select * from unnest(${p('who_k')}::int[], ${p('who_id')}::uuid[], ${p('who_version')}::int[]) with ordinality as w(k, user_id, version, place)
      ), v as (
        insert into ${booking_member_versions} as m (user_id, version)
        select w.user_id, w.version from who w order by w.user_id
        on conflict (user_id) do update set version = excluded.version where m.version = excluded.version - 1
        returning m.user_id
      ), ok as (
        select r.* from req r
        where not exists (select 1 from who w where w.k = r.k and not exists (select 1 from v where v.user_id = w.user_id))
      ), b as (
        insert into ${bookings} (session_id, date, start_at, end_at, booked_by, participant_ids)
        select ok.session, ok.date, ok.start_at, ok.end_at, ok.booked_by, array(select w.user_id from who w where w.k = ok.k order by w.place)
        from ok
        on conflict (session_id, date) where cancelled_at is null do nothing
        returning id, participant_ids[1] as first, start_at, end_at, created_at
      ), bp as (
        insert into ${booking_participants} (booking_id, user_id, start_at, end_at)
        select b.id, w.user_id, b.start_at, b.end_at from b join ok on ok.first = b.first join who w on w.k = ok.k
      ), pin as (
        insert into ${training_session_exceptions} (session_id, date, title, start_time, duration_minutes, color, is_booking_allowed, deleted)
        select ok.session, ok.date, ok.title, ok.start_time, ok.duration, ok.color, ok.allowed, false
        from b join ok on ok.first = b.first
        where ok.pin
        on conflict (session_id, date) do nothing
      )
      select r.k, ok.k is not null as current, b.id, ${isoInstant(sql`b.created_at`)} as created_at
      from req r left join ok on ok.k = r.k left join b on b.first = ok.first`,
  );

  constructor(
    private readonly timeZone: string,
    private readonly medicalStatusOf: (userId: SQL, today: SQLWrapper) => SQL<MedicalStatus>,
  ) {}

  /** The engine's read and write of `db`, each batching the calls that arrive together (core/db/batch). */
  private batchesOf(db: DbOrTx): EngineBatches {
    let batches = this.batches.get(db);
    if (!batches) {
      batches = {
        read: batchedCalls((calls) => this.readMany(db, calls), READ_BATCHES),
        write: batchedCalls((calls) => this.writeMany(db, calls), WRITE_BATCHES),
      };
      this.batches.set(db, batches);
    }
    return batches;
  }

  private readonly batches = new WeakMap<DbOrTx, EngineBatches>();

  /** What a booking's checks need (see `read`), read with the other bookings asked at the same time. */
  readForBooking(db: DbOrTx, on: ReadCall): Promise<BookingRead> {
    return this.batchesOf(db).read(on);
  }

  /**
   * The engine's read for many bookings at once, in ONE statement (not batched with the engine's: the list of
   * occurrences a page shows is already one call).
   */
  readForListing(db: DbOrTx, calls: readonly ReadCall[]): Promise<BookingRead[]> {
    return this.readMany(db, calls);
  }

  /** A booking rule's unlock times. */
  async unlockTimes(db: DbOrTx, ruleId: string): Promise<UnlockTime[]> {
    return db
      .select({
        day: reservation_rule_unlock_times.day,
        hour: reservation_rule_unlock_times.hour,
        num_shifts: reservation_rule_unlock_times.num_shifts,
      })
      .from(reservation_rule_unlock_times)
      .where(eq(reservation_rule_unlock_times.reservation_rule_id, ruleId));
  }

  /**
   * Books if no participant's version moved since the read ('moved': read again), unless the occurrence was booked
   * meanwhile ('taken'); written with the other bookings made at the same time.
   */
  insertIfUnchanged(db: DbOrTx, call: WriteCall): Promise<WriteOutcome> {
    return this.batchesOf(db).write(call);
  }

  private async readMany(db: DbOrTx, calls: readonly ReadCall[]): Promise<BookingRead[]> {
    const who = calls.flatMap((call, k) => call.participantIds.map((id) => ({ k, id })));
    const rows = await this.read.run<ReadRow>(db, {
      k: calls.map((_, k) => k),
      session: calls.map((call) => call.sessionId),
      date: calls.map((call) => call.date),
      today: calls.map((call) => call.today),
      now: calls.map((call) => call.now.toISOString()),
      who_k: who.map((w) => w.k),
      who_id: who.map((w) => w.id),
      tz: this.timeZone,
    });
    const answers = calls.map((): BookingRead => ({ occurrence: null, facts: [] }));
    for (const { k, facts, ...occurrence } of rows) {
      const answer = answers[k]!;
      answer.occurrence ??= occurrence;
      if (facts) answer.facts.push(facts);
    }
    return answers;
  }

  /** One write statement for bookings whose participants are all different (WRITE_BATCHES keeps the others apart). */
  private async writeMany(db: DbOrTx, calls: readonly WriteCall[]): Promise<WriteOutcome[]> {
    const who = calls.flatMap((call, k) => call.participants.map((x) => ({ k, id: x.id, version: x.version + 1 })));
    const rows = await this.write.run<{ k: number; current: boolean; id: string | null; created_at: string | null }>(db, {
      k: calls.map((_, k) => k),
      session: calls.map((call) => call.session_id),
      date: calls.map((call) => call.date),
      start_at: calls.map((call) => call.start_at),
      end_at: calls.map((call) => call.end_at),
      booked_by: calls.map((call) => call.booked_by),
      first: calls.map((call) => call.participants[0]!.id),
      pin: calls.map((call) => call.pin !== null),
      title: calls.map((call) => call.pin?.title ?? null),
      start_time: calls.map((call) => call.pin?.start_time ?? null),
      duration: calls.map((call) => call.pin?.duration_minutes ?? null),
      color: calls.map((call) => call.pin?.color ?? null),
      allowed: calls.map((call) => call.pin?.is_booking_allowed ?? null),
      who_k: who.map((w) => w.k),
      who_id: who.map((w) => w.id),
      who_version: who.map((w) => w.version),
    });
    const outcomes: WriteOutcome[] = [];
    for (const row of rows) outcomes[row.k] = !row.current ? 'moved' : row.id === null ? 'taken' : { id: row.id, created_at: row.created_at! };
    return outcomes;
  }

  /**
   * The member's rule (DESIGN §4): their own; else that of their highest-priority qualification that has one; else
   * their category's. Several at one level: the most generous (weekly, then daily quota). Null: no quota.
   */
  async ruleOf(tx: DbOrTx, userId: string): Promise<ApplicableRule | null> {
    const [row] = rowsOf<ApplicableRule>(await tx.execute(ruleSql(sql`${userId}::uuid`)));
    return row ?? null;
  }

  /** An active booking, locked, with who made it and its participants' ids (those who have not left it). */
  async lockActive(tx: DbOrTx, where: { id: string } | { sessionId: string; date: string }): Promise<LockedBooking | null> {
    const condition = 'id' in where ? sql`b.id = ${where.id}` : sql`b.session_id = ${where.sessionId} and b.date = ${where.date}::date`;
    const [row] = rowsOf<LockedBooking>(
      await tx.execute(sql`
        select b.id, b.booked_by, ${isoInstant(sql`b.start_at`)} as start_at, ${isoInstant(sql`b.end_at`)} as end_at,
               array(select p.user_id::text from ${booking_participants} p where p.booking_id = b.id and p.left_at is null
                     order by p.user_id) as participant_ids
        from ${bookings} b where ${condition} and b.cancelled_at is null
        for update of b`),
    );
    return row ?? null;
  }

  /** Cancels a booking for all its participants; `leftBy`: the participant who left it (issue 25), on record. */
  async cancel(tx: DbOrTx, id: string, by: string, now: Date, leftBy: string | null = null): Promise<void> {
    const at = now.toISOString();
    await tx.execute(sql`update ${bookings} set cancelled_at = ${at}::timestamptz, cancelled_by = ${by} where id = ${id}`);
    await tx.execute(sql`update ${booking_participants} set active = false,
      left_at = case when user_id = ${leftBy}::uuid then ${at}::timestamptz else left_at end where booking_id = ${id}`);
  }

  /** A participant leaves a booking the others keep: off its participants (and the calendar's copy of them), on record. */
  async leave(tx: DbOrTx, id: string, userId: string, now: Date): Promise<void> {
    await tx.execute(sql`update ${booking_participants} set active = false, left_at = ${now.toISOString()}::timestamptz
      where booking_id = ${id} and user_id = ${userId}`);
    await tx.execute(sql`update ${bookings} set participant_ids = array_remove(participant_ids, ${userId}::uuid) where id = ${id}`);
  }

  /** What the mails of a booking say (notices.ts): the occurrence as booked, its participants, who made it, and the member `by`. */
  async noticeFacts(tx: DbOrTx, bookingId: string, by: string): Promise<NoticeFacts | null> {
    const local = (ts: SQL) => sql`to_char(${ts} at time zone ${this.timeZone}, 'HH24:MI')`;
    const [row] = rowsOf<NoticeFacts>(
      await tx.execute(sql`
        select coalesce(x.title, s.title) as title, b.date::text as date, ${local(sql`b.start_at`)} as start_time,
               ${local(sql`b.end_at`)} as end_time, gt.number as table_number, b.booked_by,
               coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name, 'surname', u.surname, 'email', u.email,
                                                           'left', p.left_at is not null) order by u.surname, u.name)
                         from ${booking_participants} p join ${users} u on u.id = p.user_id where p.booking_id = b.id), '[]'::json) as participants,
               (select json_build_object('name', u.name, 'surname', u.surname) from ${users} u where u.id = ${by}::uuid) as actor
        from ${bookings} b
        join ${training_sessions} s on s.id = b.session_id
        left join ${training_session_exceptions} x on x.session_id = b.session_id and x.date = b.date
        join ${game_tables} gt on gt.id = s.game_table_id
        where b.id = ${bookingId}::uuid`),
    );
    return row ?? null;
  }

  async participants(tx: DbOrTx, bookingId: string): Promise<Participant[]> {
    const [row] = rowsOf<{ participants: Participant[] }>(await tx.execute(sql`select ${participantsOf(sql`${bookingId}::uuid`)} as participants`));
    return row?.participants ?? [];
  }

  /** The member's active bookings, future (not yet ended; soonest first) or past (latest first). */
  async bookedSessions(tx: DbOrTx, userId: string, filter: 'future' | 'past', now: Date): Promise<Omit<BookedSession, 'can_cancel'>[]> {
    const local = (ts: SQL) => sql`to_char(${ts} at time zone ${this.timeZone}, 'HH24:MI')`;
    const rows = rowsOf<Omit<BookedSession, 'can_cancel'>>(
      await tx.execute(sql`
        select b.id as "_id",
          json_build_object('_id', s.id, 'title', coalesce(x.title, s.title), 'start_time', ${local(sql`b.start_at`)},
                            'end_time', ${local(sql`b.end_at`)}) as "trainingSession",
          b.date::text as session_date, b.date::text as specific_date,
          ${isoInstant(sql`b.start_at`)} as start_at, ${isoInstant(sql`b.end_at`)} as end_at,
          ${participantsOf(sql`b.id`)} as users, ${participantsOf(sql`b.id`)} as participants,
          (select json_build_object('_id', bu.id, 'name', bu.name, 'surname', bu.surname) from ${users} bu where bu.id = b.booked_by) as booked_by,
          b.booked_by is not distinct from ${userId}::uuid as booked_by_me,
          json_build_object('_id', gt.id, 'number', gt.number, 'description', gt.description) as game_table,
          b.end_at <= ${now.toISOString()}::timestamptz as "pastPrenotation"
        from ${booking_participants} me
        join ${bookings} b on b.id = me.booking_id
        join ${training_sessions} s on s.id = b.session_id
        left join ${training_session_exceptions} x on x.session_id = b.session_id and x.date = b.date
        join ${game_tables} gt on gt.id = s.game_table_id
        where me.user_id = ${userId} and me.active
          and ${filter === 'future' ? sql`b.end_at > ${now.toISOString()}::timestamptz` : sql`b.end_at <= ${now.toISOString()}::timestamptz`}
        order by b.start_at ${filter === 'future' ? sql`asc` : sql`desc`}
        limit 500`),
    );
    return rows;
  }
}
