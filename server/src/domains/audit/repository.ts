import { type SQL, and, desc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { AUDIT_PAGE_MAX_ROWS, type AuditAction, type AuditEntry, type AuditFilters } from 'shared-api/contract';
import type { Db } from '../../core/db/client';
import { audit_log } from '../../core/db/tables';
import { type ListSource, leftJoinOn, listFrom, searchWords, searchableText, selectRows, tableList } from '../../core/list';
import { users } from '../registry/tables';
import { rowsOf } from '../../core/db/rows';
import type { RecordValues } from '../../core/audit/names';

type IdsByKind = ReadonlyMap<string, ReadonlySet<string>>;

export type AuditSortKey = 'at' | 'action' | 'entity';

const a = audit_log;
/** An entry's own text, as audit_log_search_idx indexes it (core/db/tables.ts AUDIT_SEARCH_TEXT): a trigram index serves its ILIKE. */
const OWN_TEXT = searchableText(a.action, a.entity, a.entity_id, a.ip);
/**
 * The total of a page is counted up to this many entries (meta.totalCapped past it): a count reads every entry it
 * counts, and a search that finds one entry in fifteen took 30–60 ms to count 10,000 of them (bench/audit.ts).
 */
export const AUDIT_COUNT_CAP = 1_000;
const FROM = listFrom(a, leftJoinOn(users, eq(users.id, a.actor_user_id)));
const COLUMNS = {
  _id: a.id,
  at: a.at,
  actorId: users.id,
  actorName: users.name,
  actorSurname: users.surname,
  ip: a.ip,
  action: a.action,
  entity: a.entity,
  entity_id: a.entity_id,
  changes: a.changes,
};

type Row = {
  _id: string;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  actorSurname: string | null;
  ip: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  changes: unknown;
};

const toEntry = (row: Row): AuditEntry => ({
  _id: row._id,
  at: row.at.toISOString(),
  actor: row.actorId ? { _id: row.actorId, name: row.actorName ?? '', surname: row.actorSurname ?? '' } : null,
  ip: row.ip,
  action: row.action as AuditAction,
  entity: row.entity,
  entity_id: row.entity_id,
  changes: (row.changes ?? {}) as AuditEntry['changes'],
});

/** The audit log's reads and its retention (the rows are written by core/audit's trigger): SQL only. */
export class AuditRepository {
  constructor(
    private readonly db: Db,
    private readonly timeZone: string,
  ) {}

  /**
   * The list, newest first unless sorted otherwise; `from` and `to` are days of the club's calendar, both included.
   * The search finds what it always found — every word in the action, the record, its id, the address or the actor's
   * name or surname — as two index reads: the entry's own text on its trigram index, and the entries of the users whose
   * name or surname hold the word (read first, so the planner sees their ids: a subquery's were an unknown it
   * estimated at half the log, and it scanned the whole log for a rare word). A word never holds a space, so it
   * appears in the columns joined by spaces exactly when it appears in one of them.
   */
  async listSource(filters: AuditFilters & { q?: string | undefined }): Promise<ListSource<AuditEntry, AuditSortKey>> {
    const words = searchWords(filters.q);
    const actorsByWord = new Map<string, string[]>();
    for (const word of words) {
      const found = await this.db
        .select({ id: users.id })
        .from(users)
        .where(or(ilike(sql`coalesce(${users.name}, '')`, word), ilike(sql`coalesce(${users.surname}, '')`, word)));
      actorsByWord.set(
        word,
        found.map((row) => row.id),
      );
    }
    const ownText = (word: string): SQL => sql`${OWN_TEXT} ILIKE ${word}`;
    const byActors = (word: string): SQL | undefined => {
      const actors = actorsByWord.get(word) ?? [];
      return actors.length ? inArray(a.actor_user_id, actors) : undefined;
    };
    const search = (word: string): SQL => {
      const actors = byActors(word);
      return actors ? or(ownText(word), actors)! : ownText(word);
    };
    const day = (d: string) => sql`((${d}::date)::timestamp at time zone ${this.timeZone})`;
    const conditions: (SQL | undefined)[] = [
      filters.entity ? eq(a.entity, filters.entity) : undefined,
      filters.entityId ? eq(a.entity_id, filters.entityId) : undefined,
      filters.userId ? eq(a.actor_user_id, filters.userId) : undefined,
      filters.from ? sql`${a.at} >= ${day(filters.from)}` : undefined,
      filters.to ? sql`${a.at} < ${day(filters.to)} + interval '1 day'` : undefined,
    ];
    const source = tableList(
      this.db,
      {
        from: FROM,
        columns: COLUMNS,
        search,
        filters: conditions,
        sortColumns: { at: a.at, action: a.action, entity: a.entity },
        defaultSort: [a.at],
        defaultOrder: 'desc',
        tieBreaker: a.id,
        maxRows: AUDIT_PAGE_MAX_ROWS,
        countCap: AUDIT_COUNT_CAP,
      },
      toEntry,
    );
    const split = words.find((word) => byActors(word));
    if (!split) return source;
    /**
     * The capped count of a search whose word matches an actor: that actor's entries, and the entries whose own text
     * holds the word but are not theirs, each counted up to the cap on its own index and added (no entry in both). The
     * same rows as the pages' WHERE (`where`, which readPage builds from this source and the same request), counted
     * another way: as one OR, PostgreSQL read the log in order and matched each entry's text until it had the cap
     * (PGlite: 15,000 entries, 70–230 ms for an actor of one entry in fifteen, bench/audit.ts); the actor's entries
     * are a read of audit_log_actor_idx, the text's of the trigram index. Past the cap in either part, the whole is.
     */
    const rest = and(...words.filter((word) => word !== split).map(search), ...conditions);
    const actors = byActors(split)!;
    const part = (match: SQL, atMost: number) =>
      sql`(select count(*)::int from (${this.db
        .select({ one: sql`1` })
        .from(a)
        .where(and(match, rest))
        .limit(atMost)}) as counted)`;
    return {
      ...source,
      count: async (where, atMost) => {
        if (atMost === undefined) return source.count(where);
        const byActor = part(actors, atMost);
        const byText = part(sql`${ownText(split)} and (${actors}) is not true`, atMost);
        const [row] = rowsOf<{ n: number }>(await this.db.execute(sql`select ${byActor} + ${byText} as n`));
        return Math.min(Number(row?.n ?? 0), atMost);
      },
    };
  }

  /**
   * The values of deleted records as their deletion entries kept them (every field the row had, its 'before'), by id:
   * the newest entry of each record whose every field went to nothing and at least one had a value (an anonymisation's
   * entry keeps no value). One statement for all kinds, on audit_log_entity_idx.
   */
  async deletedValuesOf(idsByKind: IdsByKind): Promise<Map<string, RecordValues>> {
    const kinds = [...idsByKind.keys()].filter((kind) => idsByKind.get(kind)!.size);
    const ids = kinds.flatMap((kind) => [...idsByKind.get(kind)!]);
    const found = new Map<string, RecordValues>();
    if (!ids.length) return found;
    const rows = rowsOf<{ entity_id: string; changes: Record<string, { before?: unknown }> }>(
      await this.db.execute(sql`
        select distinct on (${a.entity}, ${a.entity_id}) ${a.entity_id} as entity_id, ${a.changes} as changes
        from ${a}
        where ${a.entity} = any(${`{${kinds.join(',')}}`}::text[]) and ${a.entity_id} = any(${`{${ids.join(',')}}`}::text[])
          and not jsonb_path_exists(${a.changes}, '$.*.after ? (@ != null)')
          and jsonb_path_exists(${a.changes}, '$.*.before ? (@ != null)')
        order by ${a.entity}, ${a.entity_id}, ${a.at} desc`),
    );
    for (const row of rows) found.set(row.entity_id, Object.fromEntries(Object.entries(row.changes).map(([field, c]) => [field, c.before])));
    return found;
  }

  /** A member's sign-ins and the changes to their own record, newest first. */
  async activityOf(userId: string, limit: number): Promise<AuditEntry[]> {
    const rows = await selectRows(this.db, FROM, COLUMNS, and(eq(a.entity, 'users'), eq(a.entity_id, userId)), {
      orderBy: [desc(a.at), desc(a.id)],
      limit,
    });
    return rows.map(toEntry);
  }

  /** Removes the entries older than `before`; answers how many. */
  async deleteOlderThan(before: Date): Promise<number> {
    const deleted = await this.db.delete(a).where(lt(a.at, before)).returning({ id: a.id });
    return deleted.length;
  }
}
