import { type SQL, sql } from 'drizzle-orm';
import type { GameTable, TrainingSession } from 'shared-api/contract';
import type { DbOrTx } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { VersionedCache } from '../../../core/db/versioned-cache';
import { game_tables, session_catalog_version, training_session_groups, training_session_qualifications, training_sessions } from '../tables';

/** A session's group as its occurrences show it: the group, its week days (numbers and text) and the tables of its sessions. */
export interface CatalogGroup {
  ref: NonNullable<TrainingSession['group']>;
  weekDays: number[];
  days: string[];
  /** By number. */
  tables: GameTable[];
}

/** What every occurrence of a session shows of the session itself; an occurrence's exception may change the first five. */
export interface CatalogSession {
  title: string;
  start_time: string;
  duration: number;
  color: string | null;
  is_booking_allowed: boolean;
  session_not_considered_for_stats: boolean;
  table: GameTable;
  group: CatalogGroup | null;
  /** The group's tables, or the session's own table for a single session (an answer's game_tables). */
  tables: GameTable[];
  /** Ids of the qualifications a participant needs one of, in id order. */
  qualifications: string[];
}

/** The catalog's version as a scalar subquery, for a statement that reads session ids to look up afterwards. */
export const sessionCatalogVersionSql: SQL = sql`(select v.version from ${session_catalog_version} v)`;

/** Beyond this many sessions the catalog starts again empty (two years of a busy club's groups are under a thousand). */
const MAX_SESSIONS = 20_000;

/** A row of readSessions: the session's own values as the catalog keeps them, its table, group and qualifications as sent. */
interface CatalogRow extends Pick<
  CatalogSession,
  'title' | 'start_time' | 'duration' | 'color' | 'is_booking_allowed' | 'session_not_considered_for_stats'
> {
  version: number | string;
  id: string;
  table: [id: string, number: number, description: string];
  group_id: string | null;
  /** On one row of each group only: the group's period, week days and its sessions' tables. */
  group: [startDate: string, endDate: string, weekDays: number[], tables: [string, number, string][]] | null;
  qualifications: string[];
}

const tableOf = ([_id, number, description]: [string, number, string]): GameTable => ({ _id, number, description });

/**
 * Sessions as the calendar shows them, kept between requests: a month of every table refers to some 700 sessions,
 * and sending their values, groups and qualifications with each page was a third of its statement. Valid while
 * session_catalog_version (booking/tables.ts) stays where it was; triggers raise it at the commit of any change to
 * sessions, groups, game tables or sessions' qualifications (core/db/versioned-cache.ts says what a newer or an
 * older version does). Exceptions and bookings are not in it: the calendar reads them with every page.
 */
export class SessionCatalog {
  private readonly cache = new VersionedCache<CatalogSession>(readSessions, MAX_SESSIONS);

  /** The session of each of `ids`, in their order (undefined: none); `version` is sessionCatalogVersionSql as the caller read it. */
  lookup(db: DbOrTx, version: number, ids: readonly string[]): Promise<(CatalogSession | undefined)[]> {
    return this.cache.lookup(db, version, ids);
  }

  /** The sessions of `ids` as a transaction that changed them sees them now, past the cache (VersionedCache.read). */
  readFresh(tx: DbOrTx, ids: readonly string[]): Promise<(CatalogSession | undefined)[]> {
    return this.cache.read(tx, ids);
  }
}

/**
 * Some sessions with their tables, groups and qualifications, in one statement with the catalog's version it saw. A
 * group (its period, week days and tables) comes once, on one of its sessions' rows: sent on each, a month of every
 * table parsed 700 copies of fifty groups.
 */
async function readSessions(db: DbOrTx, ids: string[]) {
  const rows = rowsOf<CatalogRow>(
    await db.execute(sql`
      select ${sessionCatalogVersionSql} as version, s.id, s.title, s.start_time, s.duration_minutes as duration, s.color,
        s.is_booking_allowed, s.session_not_considered_for_stats,
        json_build_array(gt.id, gt.number, gt.description) as table, s.group_id,
        case when g.id is not null and row_number() over (partition by s.group_id) = 1 then
          json_build_array(g.start_date::text, g.end_date::text, g.week_days,
            (select json_agg(json_build_array(t.id, t.number, t.description) order by t.number) from ${game_tables} t
             where t.id in (select s2.game_table_id from ${training_sessions} s2 where s2.group_id = g.id))) end as group,
        coalesce((select json_agg(q.qualification_id order by q.qualification_id) from ${training_session_qualifications} q
                  where q.session_id = s.id), '[]'::json) as qualifications
      from ${training_sessions} s
      join ${game_tables} gt on gt.id = s.game_table_id
      left join ${training_session_groups} g on g.id = s.group_id
      where s.id = any(${`{${ids.join(',')}}`}::uuid[])`),
  );
  // A group's objects once for all its sessions (the answers share them: they are serialized, never changed).
  const groups = new Map<string, CatalogGroup>();
  for (const { group_id: _id, group } of rows) {
    if (!_id || !group) continue;
    const [start_date, end_date, weekDays, tables] = group;
    groups.set(_id, { ref: { _id, start_date, end_date }, weekDays, days: weekDays.map(String), tables: tables.map(tableOf) });
  }
  return {
    version: rows.length ? Number(rows[0]!.version) : null,
    entries: rows.map((row): [string, CatalogSession] => {
      const table = tableOf(row.table);
      const group = row.group_id ? groups.get(row.group_id) : undefined;
      if (row.group_id && !group) throw new Error(`gruppo ${row.group_id} non trovato`);
      return [
        row.id,
        {
          title: row.title,
          start_time: row.start_time,
          duration: row.duration,
          color: row.color,
          is_booking_allowed: row.is_booking_allowed,
          session_not_considered_for_stats: row.session_not_considered_for_stats,
          table,
          group: group ?? null,
          tables: group?.tables.length ? group.tables : [table],
          qualifications: row.qualifications,
        },
      ];
    }),
  };
}
