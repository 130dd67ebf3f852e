import type {
  ListMeta,
  MultiSessionPayload,
  SessionException,
  SessionExceptionPayload,
  SessionGroup,
  TrainingSession,
  TrainingSessionExportQuery,
  TrainingSessionPayload,
  TrainingSessionQuery,
} from 'shared-api/contract';
import { rangeMinutes } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { DomainError, invalidInput } from '../../../core/errors';
import { addDays, maxDate, weekDayOf } from '../dates';
import { type Slot, minutesOf, overlaps, timeOf } from './slots';
import { type SessionsDownload, sessionsDownload } from './export';
import { SessionOverlaps } from './overlap';
import { assertNotTooFar, assertWallClock } from './wall-clock';
import type { NewSession, SessionRow, TrainingSessionRepository } from './repository';

/** The exception of an occurrence deleted on its own (its values are its session's, unused). */
const DELETED_OCCURRENCE = {
  deleted: true,
  title: null,
  start_time: null,
  duration_minutes: null,
  color: null,
  is_booking_allowed: null,
} as const;

type CommonPayload = Pick<
  TrainingSessionPayload,
  'title' | 'color' | 'is_booking_allowed' | 'session_not_considered_for_stats' | 'participant_qualifications' | 'game_tables'
>;

/**
 * The rules of training sessions (DESIGN §4): single sessions and groups, one session per table; a group's edit or
 * deletion from today on keeps its past occurrences and the booked ones; an occurrence changed on its own is an
 * exception. Every change in one transaction.
 */
export class TrainingSessionService {
  /** No two sessions overlapping on one table (overlap.ts). */
  private readonly overlaps = new SessionOverlaps();

  constructor(
    private readonly db: Db,
    private readonly repo: TrainingSessionRepository,
    private readonly today: () => string,
  ) {}

  list(query: TrainingSessionQuery): Promise<{ data: TrainingSession[]; meta: ListMeta }> {
    return this.repo.list(
      query.startDate,
      query.endDate,
      { tableId: query.table_id ?? query.table, startTime: query.startTime, endTime: query.endTime, available: query.available },
      query.page,
      query.limit,
    );
  }

  /** The download of GET /training-session/export (export.ts). */
  download(query: Omit<TrainingSessionExportQuery, 'format'>): Promise<SessionsDownload> {
    return sessionsDownload(this.repo, query);
  }

  private async sessionOrFail(tx: DbOrTx, id: string): Promise<SessionRow> {
    const found = await this.repo.session(tx, id);
    if (!found) throw new DomainError('TRAINING_SESSION_NOT_FOUND');
    return found;
  }

  /** The date an occurrence is asked for: a single session's own, or the one given (required for a group's session). */
  dateOf(session: SessionRow, date: string | undefined | null): string {
    if (session.specific_date) {
      if (date && date !== session.specific_date)
        throw new DomainError('SESSION_NOT_ON_DATE', `Il turno non si svolge in questa data: è il ${session.specific_date}`);
      return session.specific_date;
    }
    if (!date) throw invalidInput('date: Indica la data del turno (il turno fa parte di un gruppo)');
    return date;
  }

  /** The occurrence of a session on a date; a date it does not occur on (or a deleted occurrence) → 400. */
  async occurrence(tx: DbOrTx, id: string, date?: string | null): Promise<TrainingSession> {
    // With a date, one statement on the way that succeeds; the session is looked up only to explain a miss.
    const found = date ? await this.repo.occurrence(tx, id, date) : null;
    if (found) return found;
    const session = await this.sessionOrFail(tx, id);
    const on = this.dateOf(session, date);
    const again = date ? null : await this.repo.occurrence(tx, id, on);
    if (!again) throw new DomainError('SESSION_NOT_ON_DATE');
    return again;
  }

  get(id: string, date?: string): Promise<TrainingSession> {
    return this.occurrence(this.db, id, date);
  }

  private async checkReferences(payload: CommonPayload) {
    const tables = [...new Set(payload.game_tables)];
    const found = await this.repo.existingTables(tables);
    if (found.length !== tables.length) throw new DomainError('GAME_TABLE_NOT_FOUND', 'game_tables: Tavolo non trovato');
    const quals = [...new Set(payload.participant_qualifications)];
    if ((await this.repo.existingQualifications(quals)).length !== quals.length)
      throw invalidInput('participant_qualifications: Qualifica non trovata');
  }

  private rows(payload: CommonPayload, slots: Slot[], where: { group_id?: string; specific_date?: string }): NewSession[] {
    return [...new Set(payload.game_tables)].flatMap((game_table_id) =>
      slots.map((slot) => ({
        ...where,
        ...slot,
        game_table_id,
        title: payload.title,
        color: payload.color ?? null,
        is_booking_allowed: payload.is_booking_allowed,
        session_not_considered_for_stats: payload.session_not_considered_for_stats,
      })),
    );
  }

  /** Single sessions on a day, or a new group over a period, one session per table and slot; answers their first occurrences. */
  private async createIn(tx: DbOrTx, payload: TrainingSessionPayload | MultiSessionPayload, slots: Slot[]): Promise<string[]> {
    // A session that is over before it exists is a typing slip (issue 26: one created on 01/01/2020).
    const lastDay = payload.day ?? payload.end_date;
    if (lastDay && lastDay < this.today()) throw new DomainError('SESSION_DATE_PAST');
    assertNotTooFar(lastDay, this.today());
    await assertWallClock(tx, this.repo.timeZone, [payload.day ?? payload.start_date, lastDay, payload.day ? null : payload.recurring_days], slots);
    await this.overlaps.lock(tx, payload.game_tables);
    if (payload.day) {
      const ids = await this.repo.insertSessions(tx, this.rows(payload, slots, { specific_date: payload.day }), payload.participant_qualifications);
      await this.overlaps.assertNone(tx, ids, payload.day, payload.day);
      return ids;
    }
    const { start_date, end_date, recurring_days } = payload as Required<Pick<TrainingSessionPayload, 'start_date' | 'end_date' | 'recurring_days'>> &
      TrainingSessionPayload;
    if (!start_date || !end_date || !recurring_days?.length) throw invalidInput('recurring_days: Campo obbligatorio');
    if (!(await this.repo.groupOccursBetween(tx, start_date, end_date, recurring_days))) {
      throw invalidInput('recurring_days: Nessun giorno del periodo scelto cade nei giorni della settimana indicati');
    }
    const groupId = await this.repo.insertGroup(tx, { start_date, end_date, week_days: recurring_days });
    const ids = await this.repo.insertSessions(tx, this.rows(payload, slots, { group_id: groupId }), payload.participant_qualifications);
    await this.overlaps.assertNone(tx, ids, start_date, end_date);
    return ids;
  }

  /**
   * The answer of a create or an edit: the first occurrences of its sessions, read in its own transaction, so a
   * request whose answer fails stores nothing (a retry would otherwise duplicate what it created).
   */
  private answer(
    tx: DbOrTx,
    ids: string[],
    payload: { day?: string | null; start_date?: string | null; end_date?: string | null },
  ): Promise<TrainingSession[]> {
    const from = payload.day ?? payload.start_date ?? this.today();
    const to = payload.day ?? payload.end_date ?? from;
    return this.repo.firstOccurrences(tx, ids, from, to > addDays(from, 400) ? addDays(from, 400) : to);
  }

  /** POST /training-session/ ('+ TS', copy). */
  async create(payload: TrainingSessionPayload): Promise<TrainingSession[]> {
    await this.checkReferences(payload);
    const slot = { start_time: payload.start_time, duration_minutes: rangeMinutes(payload.start_time, payload.end_time) };
    return this.db.transaction(async (tx) => this.answer(tx, await this.createIn(tx, payload, [slot]), payload));
  }

  /** POST /training-session/group/session ('+ TM'): the range split into number_of_sessions back-to-back sessions. */
  async createMulti(payload: MultiSessionPayload): Promise<TrainingSession[]> {
    await this.checkReferences(payload);
    const start = minutesOf(payload.start_time);
    const slots = Array.from({ length: payload.number_of_sessions }, (_, i) => ({
      start_time: timeOf(start + i * payload.duration),
      duration_minutes: payload.duration,
    }));
    return this.db.transaction(async (tx) => this.answer(tx, await this.createIn(tx, payload, slots), payload));
  }

  /**
   * PATCH /training-session/{id}. A single session is edited in place (extra tables add copies); a group's session
   * with editScope single stores an exception for occurrence_date; with editScope group the group changes from today on.
   */
  async update(id: string, payload: TrainingSessionPayload): Promise<TrainingSession[]> {
    await this.checkReferences(payload);
    const session = await this.sessionOrFail(this.db, id);
    const slot = { start_time: payload.start_time, duration_minutes: rangeMinutes(payload.start_time, payload.end_time) };
    if (!session.group_id) {
      if (!payload.day) throw invalidInput('day: Campo obbligatorio');
      const day = payload.day;
      if (day !== session.specific_date) assertNotTooFar(day, this.today());
      await assertWallClock(this.db, this.repo.timeZone, [day, day, null], [slot]);
      const [table, ...extra] = [...new Set(payload.game_tables)];
      return this.db.transaction(async (tx) => {
        await this.overlaps.lock(tx, payload.game_tables);
        const booked = await this.repo.activeBooking(tx, id, session.specific_date ?? day);
        const moved =
          day !== session.specific_date ||
          slot.start_time !== session.start_time ||
          slot.duration_minutes !== session.duration_minutes ||
          table !== session.game_table_id;
        if (booked && moved) throw new DomainError('SESSION_HAS_BOOKING');
        await this.repo.updateSession(
          tx,
          id,
          {
            title: payload.title,
            specific_date: day,
            ...slot,
            game_table_id: table,
            color: payload.color ?? null,
            is_booking_allowed: payload.is_booking_allowed,
            session_not_considered_for_stats: payload.session_not_considered_for_stats,
          },
          payload.participant_qualifications,
        );
        const copies = await this.repo.insertSessions(
          tx,
          this.rows({ ...payload, game_tables: extra }, [slot], { specific_date: day }),
          payload.participant_qualifications,
        );
        await this.overlaps.assertNone(tx, [id, ...copies], day, day);
        return this.answer(tx, [id, ...copies], { day });
      });
    }
    if (payload.editScope === 'group') return this.updateGroup(session.group_id, payload, session);
    const date = this.dateOf(session, payload.occurrence_date);
    if (payload.game_tables.length !== 1 || payload.game_tables[0] !== session.game_table_id) {
      throw invalidInput('game_tables: Un solo turno di un gruppo resta sul suo tavolo: per spostarlo eliminalo e creane uno nuovo');
    }
    return this.db.transaction(async (tx) => {
      await this.overlaps.lock(tx, [session.game_table_id]);
      const current = await this.repo.occurrence(tx, id, date);
      if (!current) throw new DomainError('SESSION_NOT_ON_DATE');
      const booked = await this.repo.activeBooking(tx, id, date);
      if (booked && (slot.start_time !== current.start_time || slot.duration_minutes !== current.duration))
        throw new DomainError('SESSION_HAS_BOOKING');
      await this.repo.upsertException(tx, id, date, {
        deleted: false,
        title: payload.title,
        ...slot,
        color: payload.color ?? null,
        is_booking_allowed: payload.is_booking_allowed,
      });
      await this.overlaps.assertNone(tx, [id], date, date);
      return [await this.occurrence(tx, id, date)];
    });
  }

  /**
   * The group from today on (PATCH /training-session/group/{id}, or editScope group): the old group keeps the
   * occurrences before today and every booked one; a new group carries the new values from today (or its new start)
   * to its new end. In a group of several time slots ('+ TM') the edited slot takes the new times, the others keep theirs.
   * A booked occurrence kept from the old group takes the place of the new group's occurrence on its table and time.
   */
  async updateGroup(groupId: string, payload: TrainingSessionPayload, edited?: SessionRow): Promise<TrainingSession[]> {
    if (payload.day || !payload.recurring_days?.length || !payload.start_date || !payload.end_date) {
      throw invalidInput('recurring_days: Un gruppo ha bisogno dei giorni della settimana e del periodo (start_date, end_date)');
    }
    await this.checkReferences(payload);
    const today = this.today();
    const start = maxDate(payload.start_date, today);
    const end = payload.end_date;
    if (end < start) throw invalidInput('end_date: Il periodo modificato deve arrivare almeno a oggi');
    const weekDays = payload.recurring_days;
    return this.db.transaction(async (tx) => {
      await this.overlaps.lock(tx, payload.game_tables);
      const group = await this.repo.group(tx, groupId, true);
      if (!group) throw new DomainError('TRAINING_SESSION_GROUP_NOT_FOUND');
      // Only a moved end is checked: a group kept as it ends stays editable.
      if (end !== group.end_date) assertNotTooFar(end, this.today());
      if (!(await this.repo.groupOccursBetween(tx, start, end, weekDays))) {
        throw invalidInput('recurring_days: Nessun giorno del periodo scelto cade nei giorni della settimana indicati');
      }
      const old = await this.repo.groupSessions(tx, groupId);
      const newSlot = { start_time: payload.start_time, duration_minutes: rangeMinutes(payload.start_time, payload.end_time) };
      const slotKey = (x: Slot) => `${x.start_time}/${x.duration_minutes}`;
      const slots = new Map<string, Slot>();
      for (const o of old) {
        const isEdited = !edited || slotKey(o) === slotKey(edited);
        const slot = isEdited ? newSlot : { start_time: o.start_time, duration_minutes: o.duration_minutes };
        slots.set(slotKey(slot), slot);
      }
      await assertWallClock(tx, this.repo.timeZone, [start, end, weekDays], [newSlot]);
      const oldIds = old.map((o) => o.id);
      const booked = await this.repo.activeBookingsFrom(tx, oldIds, today);
      await this.repo.dropUnbookedExceptionsFrom(tx, oldIds, today);
      await this.retire(tx, groupId, group.start_date, today);

      const newGroup = await this.repo.insertGroup(tx, { start_date: start, end_date: end, week_days: weekDays });
      const rows = this.rows(payload, [...slots.values()], { group_id: newGroup });
      const newIds = await this.repo.insertSessions(tx, rows, payload.participant_qualifications);
      // A kept booking stands where the new group would put an occurrence on the same table and time.
      for (const b of booked) {
        for (const [i, row] of rows.entries()) {
          const sessionId = newIds[i];
          if (sessionId && row.game_table_id === b.game_table_id && overlaps(row, b)) {
            await this.repo.upsertException(tx, sessionId, b.date, DELETED_OCCURRENCE);
          }
        }
      }
      await this.overlaps.assertNone(tx, newIds, start, end);
      return this.answer(tx, newIds, { start_date: start, end_date: end });
    });
  }

  /** Ends a group before `today`; a group with no past and nothing pinned goes altogether. */
  private async retire(tx: DbOrTx, groupId: string, startDate: string, today: string): Promise<void> {
    if (startDate < today) {
      await this.repo.setGroupEnd(tx, groupId, addDays(today, -1));
      return;
    }
    if (await this.repo.groupHasHistory(tx, groupId)) await this.repo.setGroupEnd(tx, groupId, addDays(startDate, -1));
    else await this.repo.deleteGroup(tx, groupId);
  }

  /** DELETE /training-session/{id}[?date=]: a single session, or one occurrence of a group (an exception). Not while booked. */
  async remove(id: string, date?: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const session = await this.sessionOrFail(tx, id);
      const on = this.dateOf(session, date);
      if (await this.repo.activeBooking(tx, id, on)) throw new DomainError('SESSION_HAS_BOOKING');
      if (!session.group_id) {
        await this.repo.deleteSession(tx, id);
        return;
      }
      if (!(await this.repo.occurrence(tx, id, on))) throw new DomainError('SESSION_NOT_ON_DATE');
      await this.repo.upsertException(tx, id, on, DELETED_OCCURRENCE);
    });
  }

  /** DELETE /training-session/group/{id}: the group's occurrences from today on, except the booked ones; past ones stay. */
  async removeGroup(groupId: string): Promise<void> {
    const today = this.today();
    await this.db.transaction(async (tx) => {
      const group = await this.repo.group(tx, groupId, true);
      if (!group) throw new DomainError('TRAINING_SESSION_GROUP_NOT_FOUND');
      const ids = (await this.repo.groupSessions(tx, groupId)).map((row) => row.id);
      await this.repo.dropUnbookedExceptionsFrom(tx, ids, today);
      await this.retire(tx, groupId, group.start_date, today);
    });
  }

  groups(): Promise<SessionGroup[]> {
    return this.repo.groups();
  }

  async group(id: string): Promise<SessionGroup> {
    const [found] = await this.repo.groups(id);
    if (!found) throw new DomainError('TRAINING_SESSION_GROUP_NOT_FOUND');
    return found;
  }

  /** POST /training-session/group/{id}/exception: one occurrence deleted or given its own values. */
  async addException(groupId: string, payload: SessionExceptionPayload): Promise<SessionException> {
    return this.db.transaction(async (tx) => {
      const session = await this.repo.session(tx, payload.session_id);
      if (!session || session.group_id !== groupId) throw new DomainError('TRAINING_SESSION_NOT_FOUND', 'Il turno non fa parte di questo gruppo');
      await this.overlaps.lock(tx, [session.game_table_id]);
      const group = await this.repo.group(tx, groupId);
      if (!group || payload.date < group.start_date || payload.date > group.end_date || !group.week_days.includes(weekDayOf(payload.date))) {
        throw new DomainError('SESSION_NOT_ON_DATE');
      }
      const booked = await this.repo.activeBooking(tx, session.id, payload.date);
      const moves = payload.deleted || payload.start_time != null || payload.end_time != null;
      if (booked && moves) throw new DomainError('SESSION_HAS_BOOKING');
      const start = payload.start_time ?? session.start_time;
      const duration = payload.end_time ? rangeMinutes(start, payload.end_time) : payload.start_time ? session.duration_minutes : null;
      if (duration !== null && duration <= 0) throw invalidInput("end_time: L'ora di fine deve essere successiva all'ora di inizio");
      const slot = { start_time: start, duration_minutes: duration ?? session.duration_minutes };
      if (!payload.deleted) await assertWallClock(tx, this.repo.timeZone, [payload.date, payload.date, null], [slot]);
      await this.repo.upsertException(tx, session.id, payload.date, {
        deleted: payload.deleted,
        title: payload.deleted ? null : (payload.title ?? null),
        start_time: payload.deleted ? null : (payload.start_time ?? (duration !== null ? session.start_time : null)),
        duration_minutes: payload.deleted ? null : duration,
        color: payload.deleted ? null : (payload.color ?? null),
        is_booking_allowed: payload.deleted ? null : (payload.is_booking_allowed ?? null),
      });
      if (!payload.deleted) await this.overlaps.assertNone(tx, [session.id], payload.date, payload.date);
      const stored = await this.repo.exception(tx, payload.session_id, payload.date);
      if (!stored) throw new DomainError('SESSION_NOT_ON_DATE');
      return stored;
    });
  }
}
