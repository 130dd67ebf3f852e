import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SQL } from 'drizzle-orm';
import type { GameTable, Participant, TrainingSession } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { weekDayOf as weekDayOfDate } from '../dates';
import type { MemberDirectory } from '../../registry';
import { DEFAULT_SESSION_COLOR } from './occurrence-sql';
import type { CatalogSession, SessionCatalog } from './session-catalog';

/**
 * The occurrences a page of occurrence-sql.ts's statement answers: its rows, each with its session as the session
 * catalog keeps it and its booking's participants as the member directory read them.
 */

/** What the rows of a page refer to, on its first row (occurrenceRowsSql). */
interface PageRefs {
  /** The session catalog's version in the statement's snapshot. */
  catalog_version: number;
  /** The member directory's version in the statement's snapshot. */
  directory_version: number;
}

/**
 * A row of occurrenceRowsSql, in as few columns as it can be: a page has thousands, and each column of each row is a
 * string node-postgres allocates and parses.
 */
interface OccurrenceRow {
  /** The session's id. */
  _id: string;
  date: string;
  is_virtual: boolean;
  /** The values an edit gave the occurrence (null: its session's). */
  edit: [title: string, startTime: string, duration: number, color: string | null, isBookingAllowed: boolean] | null;
  /** The booking's id (null: not booked). */
  booking_id: string | null;
  /** The booking's participants' ids, comma-separated (null: not booked). */
  participant_ids: string | null;
  /** The instant it starts, in seconds since the epoch (date_part: extract's numeric went through text to a float). */
  start_epoch: number;
  /**
   * Seconds its end is off its start plus its minutes, when a clock change falls inside it (the end is the wall
   * clock's: wallClockEndSql); null on every other day, so ordinary rows carry no number.
   */
  end_shift: number | null;
  /** The first row only: what the rows refer to. */
  refs: PageRefs | null;
}

/** HH:MM of minutes after midnight, as the wall clock reads them (a range ending at midnight ends at '00:00'). */
function wallClock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** An instant in seconds as ISO 8601 UTC without fractions ('2027-03-23T17:00:00Z'), as isoInstant writes it. */
const isoOfEpoch = (seconds: number) => `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;

/** A function remembering its answers: a page's rows share few days and times (every table at 18:00), and Date is slow. */
function remembered<K, V>(compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined && !known.has(key)) {
      value = compute(key);
      known.set(key, value);
    }
    return value as V;
  };
}

/** Whether a participant is listed before another: surname, name, then id (code points, as the C collation orders). */
const listedBefore = (x: Participant, y: Participant) =>
  x.surname !== y.surname ? x.surname < y.surname : x.name !== y.name ? x.name < y.name : x._id < y._id;

/**
 * The participants' ids of a page's rows, in one list (`ids`), row after row: row i's are ids[first[i]] up to, not
 * including, ids[first[i + 1]]. One list for the member directory's lookup, without a list per row.
 */
export interface PageParticipantIds {
  ids: string[];
  first: Int32Array;
}

function participantIdsOf(rows: OccurrenceRow[]): PageParticipantIds {
  const ids: string[] = [];
  const first = new Int32Array(rows.length + 1);
  // Index loops: this runs once a request, unoptimized, where a for…of allocates each step's result.
  for (let i = 0; i < rows.length; i++) {
    first[i] = ids.length;
    const list = rows[i]!.participant_ids;
    if (!list) continue;
    for (let start = 0; ;) {
      const comma = list.indexOf(',', start);
      ids.push(comma < 0 ? list.slice(start) : list.slice(start, comma));
      if (comma < 0) break;
      start = comma + 1;
    }
  }
  first[rows.length] = ids.length;
  return { ids, first };
}

/** The member of each id of a page's PageParticipantIds (undefined: no longer among the users), already an answer's participant. */
export type PageMembers = readonly (Participant | undefined)[];

/** The session of each row of a page, as the session catalog keeps it. */
export type PageSessions = readonly (CatalogSession | undefined)[];

/** participantsIn's working list, reused: the participants found so far, in order. */
const found: Participant[] = [];

/**
 * A booking's participants (members[from] up to members[to]) in their order; an id no longer among the users (a
 * deleted member) is left out. Each inserted in its place by hand: a booking has one to four, and
 * Array.prototype.sort's set-up cost half the page's assembly.
 */
function participantsIn(members: PageMembers, from: number, to: number): Participant[] {
  let n = 0;
  for (let k = from; k < to; k++) {
    const participant = members[k];
    if (!participant) continue;
    let i = n++;
    while (i > 0 && listedBefore(participant, found[i - 1]!)) {
      found[i] = found[i - 1]!;
      i--;
    }
    found[i] = participant;
  }
  // Copied out at its size: an array grown by assignment keeps room for 16 elements, and a page has thousands.
  return found.slice(0, n);
}

const colorOf = (participant: Participant) => participant.color;

/**
 * The answers of a page's rows: each row with its session as the catalog keeps it (`sessions`, by row) and its
 * booking's participants as the directory read them (`members`, placed by `participantIds.first`). The
 * objects and lists answers refer to (a table, a group's tables and days, a session's qualifications, a member) are
 * shared between them, and are read and serialized, never changed (copying them cost half the assembly).
 */
export function toTrainingSessions(
  rows: OccurrenceRow[],
  sessions: PageSessions,
  participantIds: PageParticipantIds,
  members: PageMembers,
): TrainingSession[] {
  const weekDay = remembered(weekDayOfDate);
  const instant = remembered(isoOfEpoch);
  const clock = remembered(wallClock);
  const noTables: GameTable[] = [];
  const noDays: never[] = [];
  return rows.map((row, index) => {
    const session = sessions[index];
    if (!session) throw new Error(`turno ${row._id} non trovato`);
    const edit = row.edit;
    const startTime = edit ? edit[1] : session.start_time;
    const duration = edit ? edit[2] : session.duration;
    const startEpoch = row.start_epoch;
    const group = session.group;
    const participants = participantsIn(members, participantIds.first[index]!, participantIds.first[index + 1]!);
    const colon = startTime.indexOf(':');
    const start = Number(startTime.slice(0, colon)) * 60 + Number(startTime.slice(colon + 1, colon + 3));
    return {
      _id: row._id,
      title: edit ? edit[0] : session.title,
      specific_date: row.date,
      day: weekDay(row.date),
      start_time: startTime,
      end_time: clock(start + duration),
      duration,
      start_at: instant(startEpoch),
      end_at: instant(startEpoch + duration * 60 + (row.end_shift ?? 0)),
      color: (edit ? edit[3] : session.color) ?? DEFAULT_SESSION_COLOR,
      is_booking_allowed: edit ? edit[4] : session.is_booking_allowed,
      participant_qualifications: session.qualifications,
      game_table: session.table,
      game_tables: session.tables,
      session_not_considered_for_stats: session.session_not_considered_for_stats,
      participants,
      participant_colors: participants.map(colorOf),
      booking_id: row.booking_id,
      group: group ? group.ref : null,
      group_week_days: group ? group.weekDays : noDays,
      group_game_tables: group ? group.tables : noTables,
      recurring_days: group ? group.days : noDays,
      isVirtual: row.is_virtual,
      virtualGroupId: group ? group.ref._id : null,
    };
  });
}

/**
 * The answers of occurrenceRowsSql's statement: sessions from the session catalog, participants from the member
 * directory. `fresh`: the sessions as read now, past the catalog's cache (a transaction that changed them answering).
 * `stepAside`: a turn of the event loop between the rows' statement and the lookups'.
 */
export async function readOccurrences(
  db: DbOrTx,
  sqlText: SQL,
  catalog: SessionCatalog,
  directory: MemberDirectory,
  { fresh = false, stepAside = false } = {},
): Promise<TrainingSession[]> {
  const rows = rowsOf<OccurrenceRow>(await db.execute(sqlText));
  if (!rows.length) return [];
  // The lookups below may run statements of their own (repository.allOccurrences).
  if (stepAside) await nextTurn();
  // On the first row; looked for on any, should the plan hand rows of equal sort keys out in another order.
  const refs = rows.find((row) => row.refs)?.refs;
  if (!refs) throw new Error('riferimenti della pagina non trovati');
  const participantIds = participantIdsOf(rows);
  const ids = rows.map((row) => row._id);
  const sessions = fresh ? await catalog.readFresh(db, ids) : await catalog.lookup(db, refs.catalog_version, ids);
  return toTrainingSessions(rows, sessions, participantIds, await directory.lookup(db, refs.directory_version, participantIds.ids));
}
