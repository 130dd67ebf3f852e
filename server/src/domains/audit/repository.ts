import { type Column, type SQL, and, desc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import { AUDIT_PAGE_MAX_ROWS, type AuditAction, type AuditEntry, type AuditFilters } from 'shared-api/contract';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../core/db/client';
import { audit_log } from '../../core/db/tables';
import { type ListSource, leftJoinOn, listFrom, searchWords, searchableText, selectRows, tableList } from '../../core/list';
import { files } from '../../core/db/tables';
import { bookings, game_tables, training_session_groups, training_sessions } from '../booking/tables';
import { certificate_types } from '../certificates/tables';
import {
  finance_accounting_entries,
  finance_accounts,
  finance_business_entities,
  finance_income_categories,
  finance_member_charges,
  finance_member_payments,
  finance_subaccounts,
} from '../finance/tables';
import { categories, mailing_list_classes, qualifications, reservation_rules, users } from '../registry/tables';
import { storage_item_categories, storage_items } from '../storage/tables';
import { rowsOf } from '../../core/db/rows';
import type { AuditNamedKind, AuditRowNamedKind, RecordValues } from './record-names';

type SqlNamedKind = Exclude<AuditNamedKind, AuditRowNamedKind>;
type IdsByKind<K extends string = AuditNamedKind> = ReadonlyMap<K, ReadonlySet<string>>;

/** The ids as one text parameter, read as uuid[] (AuditService keeps only uuids). */
const uuidArray = (ids: Iterable<string>) => sql`${`{${[...ids].join(',')}}`}::uuid[]`;

/** The values each kind named from its values (record-names.ts RECORD_NAMES) is read by: its id and what names it. */
const ROW_COLUMNS: Record<AuditRowNamedKind, { id: PgColumn; values: Record<string, PgColumn> }> = {
  files: { id: files.id, values: { original_name: files.original_name } },
  storage_item_categories: { id: storage_item_categories.id, values: { name: storage_item_categories.name } },
  storage_items: { id: storage_items.id, values: { description: storage_items.description } },
  training_session_groups: {
    id: training_session_groups.id,
    values: { start_date: training_session_groups.start_date, end_date: training_session_groups.end_date },
  },
  certificate_types: { id: certificate_types.id, values: { name: certificate_types.name } },
  mailing_list_classes: { id: mailing_list_classes.id, values: { name: mailing_list_classes.name } },
  finance_accounts: { id: finance_accounts.id, values: { code: finance_accounts.code, name: finance_accounts.name } },
  finance_subaccounts: { id: finance_subaccounts.id, values: { code: finance_subaccounts.code, name: finance_subaccounts.name } },
  finance_income_categories: { id: finance_income_categories.id, values: { name: finance_income_categories.name } },
  finance_business_entities: { id: finance_business_entities.id, values: { name: finance_business_entities.name } },
  finance_member_charges: {
    id: finance_member_charges.id,
    values: { code: finance_member_charges.code, description: finance_member_charges.description },
  },
  finance_member_payments: {
    id: finance_member_payments.id,
    values: { amount_cents: finance_member_payments.amount_cents, payment_date: finance_member_payments.payment_date },
  },
  finance_accounting_entries: {
    id: finance_accounting_entries.id,
    values: {
      progressive: finance_accounting_entries.progressive,
      fiscal_year: finance_accounting_entries.fiscal_year,
      registration_date: finance_accounting_entries.registration_date,
    },
  },
};

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
   * The names of the records these ids are (issue 44 item 6), by kind of record: a person as 'Surname Name', a table
   * as 'Tavolo N', a session as its title, day (or period) and time and its table, a booking as its shift's day and
   * time on the club's clock and its table, a category, a qualification or a booking rule by its name. An id not found
   * (a record since deleted) is not named here (AuditService names it from its deletion entry). One statement per kind that has ids, whatever their number (the ids go as
   * one array parameter): a download names each step of entries this way (AuditService.named), never row by row.
   */
  async namesOf(idsByKind: IdsByKind<SqlNamedKind>): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const among = (kind: SqlNamedKind, id: Column) => sql`${id} = any(${uuidArray(idsByKind.get(kind)!)})`;
    const tz = this.timeZone;
    const day = (d: Column) => sql`to_char(${d}, 'DD/MM/YYYY')`;
    const table = sql`coalesce(', Tavolo ' || ${game_tables.number}, '')`;
    const byName = (kind: SqlNamedKind, t: typeof categories | typeof qualifications | typeof reservation_rules) => () =>
      this.db.select({ id: t.id, name: t.name }).from(t).where(among(kind, t.id));
    const reads: Record<SqlNamedKind, () => Promise<{ id: string; name: string }[]>> = {
      users: () =>
        this.db
          .select({ id: users.id, name: sql<string>`concat_ws(' ', ${users.surname}, ${users.name})` })
          .from(users)
          .where(among('users', users.id)),
      game_tables: () =>
        this.db
          .select({ id: game_tables.id, name: sql<string>`'Tavolo ' || ${game_tables.number}` })
          .from(game_tables)
          .where(among('game_tables', game_tables.id)),
      training_sessions: () =>
        this.db
          .select({
            id: training_sessions.id,
            name: sql<string>`${training_sessions.title} || ', ' || coalesce(${day(training_sessions.specific_date)}, 'dal ' || ${day(training_session_groups.start_date)} || ' al ' || ${day(training_session_groups.end_date)}, '') || ' ore ' || ${training_sessions.start_time} || ${table}`,
          })
          .from(training_sessions)
          .leftJoin(training_session_groups, eq(training_session_groups.id, training_sessions.group_id))
          .leftJoin(game_tables, eq(game_tables.id, training_sessions.game_table_id))
          .where(among('training_sessions', training_sessions.id)),
      bookings: () =>
        this.db
          .select({
            id: bookings.id,
            name: sql<string>`'Turno del ' || to_char(${bookings.start_at} at time zone ${tz}, 'DD/MM/YYYY "ore" HH24:MI') || ${table}`,
          })
          .from(bookings)
          .innerJoin(training_sessions, eq(training_sessions.id, bookings.session_id))
          .leftJoin(game_tables, eq(game_tables.id, training_sessions.game_table_id))
          .where(among('bookings', bookings.id)),
      categories: byName('categories', categories),
      qualifications: byName('qualifications', qualifications),
      reservation_rules: byName('reservation_rules', reservation_rules),
    };
    // One after the other: a page's reads share one connection.
    for (const [kind, ids] of idsByKind) if (ids.size) for (const row of await reads[kind]()) names.set(row.id, row.name);
    return names;
  }

  /**
   * The values that name the records of the other kinds the log names (ROW_COLUMNS; record-names.ts names them), by
   * id: one statement per kind that has ids, as namesOf.
   */
  async valuesOf(idsByKind: IdsByKind<AuditRowNamedKind>): Promise<Map<string, RecordValues>> {
    const found = new Map<string, RecordValues>();
    for (const [kind, ids] of idsByKind) {
      if (!ids.size) continue;
      const { id, values } = ROW_COLUMNS[kind];
      const rows = await this.db
        .select({ id, ...values })
        .from(id.table)
        .where(sql`${id} = any(${uuidArray(ids)})`);
      for (const row of rows as { id: string }[]) found.set(row.id, row);
    }
    return found;
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
