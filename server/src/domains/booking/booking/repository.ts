import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AuditContext } from '../../../core/audit/context';
import type { MedicalStatus, Participant } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { type BatchOptions, batchedCalls } from '../../../core/db/batch';
import { rowsOf } from '../../../core/db/rows';
import { users } from '../../registry/tables';
import { booking_participants, bookings, game_tables, training_session_exceptions, training_sessions } from '../tables';
import { isoInstant, participantsOf } from '../sessions/occurrence-sql';
import type { ExceptionValues } from '../sessions/repository';
import { bookingReadStatement, bookingWriteStatement } from './engine-statements';
import type { NoticeFacts } from './notices';
import { ruleSql } from './rule-sql';

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
  /** The booking week holding the date (rule-sql.ts; without a rule Monday to Sunday); null when the date falls between two of the rule's weeks. */
  week_start: string | null;
  week_end: string | null;
  /** The active booking week on the read's today, of their rule (without one, Monday to Sunday): rule-sql.ts. */
  active_week_start: string;
  active_week_end: string;
  weekly: number;
  unlock_count: number;
  unlocked: number;
  /** The day the week holding the date becomes the active one, at midnight (ISO 8601, UTC); null with week_end. */
  week_opens_at: string | null;
  /** The rule's unlock times in the rule's week of the date: when (ISO 8601, UTC) each releases how many shifts, in order. */
  releases: { at: string; shifts: number }[];
  /** Their booking version when read (booking_member_versions; 0 without a row). */
  version: number;
  /** The end of their fair-play suspension (issue 42; ISO 8601, UTC), or null: their own bookings are refused until then. */
  suspended_until: string | null;
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
  /** A booking of it was released because nobody checked in (issue 42): it may be booked until it ends. */
  released_no_show?: boolean;
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
  /** The request's audit context (core/audit): the booking's entry is written by the statement that books it. */
  audit?: AuditContext | null;
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
  /** The engine's read and write statements (engine-statements.ts). */
  private readonly read;
  private readonly write = bookingWriteStatement();

  constructor(
    private readonly timeZone: string,
    medicalStatusOf: (userId: SQL, today: SQLWrapper) => SQL<MedicalStatus>,
  ) {
    this.read = bookingReadStatement(medicalStatusOf);
  }

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
   * Books if no participant's version moved since the read ('moved': read again), unless the occurrence was booked
   * meanwhile ('taken'); written with the other bookings made at the same time.
   */
  insertIfUnchanged(db: DbOrTx, call: WriteCall): Promise<WriteOutcome> {
    return this.batchesOf(db).write(call);
  }

  /**
   * The engine's read for many bookings at once, in ONE statement (not batched with the engine's: the list of
   * occurrences a page shows is already one call).
   */
  readForListing(db: DbOrTx, calls: readonly ReadCall[]): Promise<BookingRead[]> {
    return this.readMany(db, calls);
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
      audit_at: calls.map((call) => call.audit?.at ?? null),
      audit_ip: calls.map((call) => call.audit?.ip ?? null),
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

  /** The active bookings not yet started that the member takes part in (issue 44: cancelled at their anonymisation). */
  async futureOf(db: DbOrTx, userId: string, now: Date): Promise<{ id: string; booked_by: string | null }[]> {
    return rowsOf<{ id: string; booked_by: string | null }>(
      await db.execute(sql`
        select b.id, b.booked_by from ${bookings} b
        where b.cancelled_at is null and b.start_at > ${now.toISOString()}::timestamptz
          and exists (select 1 from ${booking_participants} p where p.booking_id = b.id and p.user_id = ${userId} and p.left_at is null)
        order by b.start_at, b.id`),
    );
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

  /**
   * Clears the 'booked' notices owed (bookings.notice_pending) of one booking, or of the oldest `limit` owed ones, and
   * answers those it cleared with who booked them: the caller records their mails in the same transaction. Rows another
   * sweep holds are skipped.
   */
  async claimBookedNotices(tx: DbOrTx, bookingId: string | null, limit = 100): Promise<{ id: string; booked_by: string | null }[]> {
    return rowsOf<{ id: string; booked_by: string | null }>(
      await tx.execute(sql`
        update ${bookings} set notice_pending = false
        where id in (select id from ${bookings} where notice_pending and (${bookingId}::uuid is null or id = ${bookingId}::uuid)
                     order by created_at limit ${limit} for update skip locked)
        returning id, booked_by`),
    );
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
}
