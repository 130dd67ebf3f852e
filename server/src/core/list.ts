import { type AnyColumn, type SQL, type Subquery, and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import { channel } from 'node:diagnostics_channel';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { GetSelectTableName, JoinNullability, SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { ListMeta } from 'shared-api/contract';
import type { DbOrTx } from './db/client';

/** What every list endpoint is asked (DESIGN §2 Lists): page, limit (0 = every row), q, sortBy (whitelisted), order. */
export interface ListRequest<K extends string = string> {
  page: number;
  limit: number;
  q?: string;
  sortBy?: K;
  order: 'asc' | 'desc';
}

/** How a list is searched and ordered: the text ?q= searches, the filters, the sort keys with their columns. */
export interface ListOrder<K extends string> {
  /**
   * The text each search word must appear in (declared columns joined, ideally the expression a trigram index covers),
   * or, where the text spans tables an index cannot cover together, the condition one word's ILIKE pattern makes.
   */
  search?: SQL | AnyColumn | ((pattern: string) => SQL);
  /** Further conditions (undefined entries are ignored). */
  filters?: (SQL | undefined)[];
  /** The whitelist of sort keys (the query schema limits sortBy to these). */
  sortColumns: Record<K, SQL | AnyColumn>;
  /** The order without sortBy. */
  defaultSort: (SQL | AnyColumn)[];
  /**
   * The direction of defaultSort when no sortBy is asked (e.g. 'desc': movements newest first); without it, the
   * request's order. A sortBy always goes in the request's order.
   */
  defaultOrder?: 'asc' | 'desc';
  /** A unique column (or an expression of one), last in every ORDER BY so pages never overlap. */
  tieBreaker: AnyColumn | SQL;
  /**
   * The most rows a page holds, for a list that grows without bound (the audit log): `limit=0` ('Tutti') reads a page
   * of this many instead of every row, and a larger limit is read as this (the query schema refuses it first).
   */
  maxRows?: number;
  /**
   * Counted up to this many rows at most (a list that grows without bound: counting a million entries costs more than
   * reading the page). Past it the total says this many and meta.totalCapped is true.
   */
  countCap?: number;
}

/**
 * One list, declared once: its search and orders, and two ways to read it — a page of rows and a count — which the
 * helper calls with the same WHERE. A list read from tables gets both from tableList(); a list of grouped or
 * computed rows (statistics, a calendar's occurrences) writes them.
 */
export interface ListSource<T, K extends string> extends ListOrder<K> {
  /** SELECT … WHERE where ORDER BY orderBy LIMIT limit OFFSET offset (limit null = every row). */
  rows(where: SQL | undefined, orderBy: SQL[], limit: number | null, offset: number): Promise<T[]>;
  /** SELECT count(*) over the same FROM and WHERE (at most `atMost` rows counted, when given). */
  count(where: SQL | undefined, atMost?: number): Promise<number>;
  /**
   * The rows after a position in the order, `limit` of them, each with its position (the values of the ORDER BY's
   * keys, as text): what readSteps walks a list with. tableList() gives it.
   */
  rowsAfter?(where: SQL | undefined, keys: OrderKey[], after: string[] | null, limit: number): Promise<{ item: T; key: string[] }[]>;
}

/** One key of a list's order: an expression and its direction. */
export interface OrderKey {
  expression: SQL | AnyColumn;
  direction: 'asc' | 'desc';
}

/** A page of a list with its total, as every list endpoint answers it. */
export type ListPage<T> = { data: T[]; meta: ListMeta };

export function listMetaOf(totalItems: number, { page, limit }: Pick<ListRequest, 'page' | 'limit'>): ListMeta {
  return {
    totalItems,
    totalPages: limit > 0 ? Math.ceil(totalItems / limit) : totalItems > 0 ? 1 : 0,
    currentPage: page,
    itemsPerPage: limit > 0 ? limit : totalItems,
  };
}

/** Words of a search, each matched anywhere (ILIKE), with LIKE's wildcards taken literally. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Every word must appear in the text: `text ILIKE %w1% AND text ILIKE %w2%`. */
export function matchesAllWords(text: ListOrder<string>['search'], q: string | undefined): SQL | undefined {
  const words = searchWords(q);
  if (!text || !words.length) return undefined;
  return sql.join(
    words.map((w) => (typeof text === 'function' ? sql`(${text(w)})` : sql`${text} ILIKE ${w}`)),
    sql` AND `,
  );
}

/** The text of several columns, as one searchable string. */
export const searchableText = (...columns: (SQL | AnyColumn)[]): SQL =>
  sql`(${sql.join(
    columns.map((c) => sql`coalesce(${c}::text, '')`),
    sql` || ' ' || `,
  )})`;

function whereOf<K extends string>(source: ListOrder<K>, q: string | undefined): SQL | undefined {
  return and(matchesAllWords(source.search, q), ...(source.filters ?? []));
}

function orderKeysOf<K extends string>(source: ListOrder<K>, sortBy: K | undefined, order: 'asc' | 'desc'): OrderKey[] {
  const sorted = sortBy !== undefined && sortBy in source.sortColumns;
  const direction = sorted ? order : (source.defaultOrder ?? order);
  const primary = sorted ? [source.sortColumns[sortBy]] : source.defaultSort;
  return [...primary.map((expression) => ({ expression, direction })), { expression: source.tieBreaker, direction: 'asc' as const }];
}

const orderByOf = (keys: OrderKey[]): SQL[] => keys.map(({ expression, direction }) => (direction === 'desc' ? desc : asc)(expression));

function orderOf<K extends string>(source: ListOrder<K>, sortBy: K | undefined, order: 'asc' | 'desc'): SQL[] {
  return orderByOf(orderKeysOf(source, sortBy, order));
}

/**
 * The rows that come after `after` in the order of `keys` (keyset pagination), every key in the same direction:
 * `(k1, k2) < (v1, v2)` for a descending order, `>` for an ascending one. A row comparison is an index condition on a
 * btree over (k1, k2), so every step starts where the last one stopped and costs the same however far into the list it
 * is (an OFFSET reads and drops every row before it). The values are compared as the text the database wrote them in
 * (a timestamp keeps its microseconds); the keys must not be null.
 */
export function afterKeys(keys: OrderKey[], after: string[]): SQL {
  const direction = keys[0]!.direction;
  if (keys.some((key) => key.direction !== direction)) throw new Error('afterKeys: the keys of a step go in one direction');
  const row = (items: SQL[]) => sql`(${sql.join(items, sql`, `)})`;
  const columns = row(keys.map((key) => sql`${key.expression}`));
  const values = row(after.map((value) => sql`${value}`));
  return direction === 'desc' ? sql`${columns} < ${values}` : sql`${columns} > ${values}`;
}

/**
 * A page of a list and its total, in two statements an index can serve: the page with ORDER BY … LIMIT/OFFSET
 * and the total with its own count(*) — never a window count over every matching row, which forces the database
 * to read and sort them all. A first page shorter than the limit is the whole list, so it needs no count.
 */
export async function readPage<T, K extends string>(source: ListSource<T, K>, request: ListRequest<K>): Promise<ListPage<T>> {
  const where = whereOf(source, request.q);
  const max = source.maxRows;
  const asked = request.limit > 0 ? request.limit : null;
  const limit = max === undefined ? asked : Math.min(asked ?? max, max);
  const offset = limit ? (request.page - 1) * limit : 0;
  const data = await source.rows(where, orderOf(source, request.sortBy, request.order), limit, offset);
  const complete = limit === null || (request.page === 1 && data.length < limit);
  const cap = source.countCap;
  const counted = complete ? data.length : await source.count(where, cap === undefined ? undefined : cap + 1);
  const capped = cap !== undefined && counted > cap;
  const meta = listMetaOf(capped ? cap : counted, { page: request.page, limit: limit ?? 0 });
  return { data, meta: capped ? { ...meta, totalCapped: true } : meta };
}

/** Every row of a list's query in its order (the download of that list). */
export async function readAll<T, K extends string>(source: ListSource<T, K>, request: Omit<ListRequest<K>, 'page' | 'limit'>): Promise<T[]> {
  return source.rows(whereOf(source, request.q), orderOf(source, request.sortBy, request.order), null, 0);
}

/** Rows read per step by readSteps. */
export const LIST_STEP_ROWS = 500;
/** Each step readSteps reads publishes its row count here (tests read it). */
export const LIST_STEP_CHANNEL = 'club-portal:list-step';
const listStepChannel = channel(LIST_STEP_CHANNEL);

/**
 * Every row of a list's query in its order (rows that tie on the sort key in the tie-breaker's order, descending in a
 * descending list), `stepRows` at a time (the download of a list that grows without bound):
 * each step is one statement that an index serves from where the last one stopped (afterKeys), and no transaction
 * stays open between steps, so on the embedded database every other request runs in between. A row added meanwhile
 * before the position read so far is not in the download; none is read twice.
 */
export async function* readSteps<T, K extends string>(
  source: ListSource<T, K>,
  request: Omit<ListRequest<K>, 'page' | 'limit'>,
  stepRows = LIST_STEP_ROWS,
): AsyncGenerator<T[]> {
  if (!source.rowsAfter) throw new Error('readSteps needs a list with rowsAfter (tableList)');
  const where = whereOf(source, request.q);
  // The tie-breaker goes the way of the order (rows that tie have no order of their own), so one btree over the sort
  // column and the tie-breaker serves every step in either direction, with no sort.
  const ordered = orderKeysOf(source, request.sortBy, request.order);
  const direction = ordered[0]!.direction;
  const keys = ordered.map((key) => ({ ...key, direction }));
  let after: string[] | null = null;
  for (;;) {
    const rows = await source.rowsAfter(where, keys, after, stepRows);
    if (listStepChannel.hasSubscribers) listStepChannel.publish({ rows: rows.length });
    if (rows.length) yield rows.map((row) => row.item);
    if (rows.length < stepRows) return;
    after = rows.at(-1)!.key;
  }
}

/**
 * The two reads every list offers, over its source: a page with its total, and every row in the same order (its
 * download). A service of a list extends it (or EditableService, which does) instead of passing both through.
 */
export class Listing<T, K extends string> {
  constructor(private readonly source: () => ListSource<T, K>) {}

  list(request: ListRequest<K>): Promise<ListPage<T>> {
    return readPage(this.source(), request);
  }

  listAll(request: Omit<ListRequest<K>, 'page' | 'limit'>): Promise<T[]> {
    return readAll(this.source(), request);
  }
}

/** Adds LIMIT/OFFSET to a dynamic select when a page is asked (limit null = every row). */
export const withPage = <Q extends { limit(n: number): Q; offset(n: number): Q }>(q: Q, limit: number | null, offset: number): Q =>
  limit === null ? q : q.limit(limit).offset(offset);

/** `count(*)` of a table under a WHERE (e.g. a group's enrolled members). */
export async function countRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  return countFrom(db, listFrom(table), where);
}

/**
 * How a table joins a list's FROM: `inner` (a row without its match is left out), `left` (a row without its match
 * stays, the joined columns null), `key` (through a NOT NULL foreign key to the joined table's primary key: every row
 * has exactly one match, so it is written as a LEFT JOIN, which reads the same rows and which PostgreSQL leaves out of
 * a count that reads none of its columns).
 */
export type JoinKind = 'inner' | 'left' | 'key';

/** A table (or a subquery) joined into a list's FROM. */
export interface ListJoin<J extends PgTable | Subquery = PgTable | Subquery, K extends JoinKind = JoinKind> {
  table: J;
  on: SQL;
  kind: K;
}

/** The FROM of a list: its table and the tables joined to it, read alike by its pages, its count and its rows by id. */
export interface ListFrom<T extends PgTable = PgTable, J extends readonly ListJoin[] = readonly ListJoin[]> {
  table: T;
  joins: J;
}

/** `listFrom(loads, joinOnKey(items, eq(items.id, loads.item_id)))`: a FROM, typed so a left join's columns read as nullable. */
export const listFrom = <const T extends PgTable, const J extends readonly ListJoin[]>(table: T, ...joins: J): ListFrom<T, J> => ({ table, joins });
export const joinOn = <const J extends PgTable | Subquery>(table: J, on: SQL): ListJoin<J, 'inner'> => ({ table, on, kind: 'inner' });
export const leftJoinOn = <const J extends PgTable | Subquery>(table: J, on: SQL): ListJoin<J, 'left'> => ({ table, on, kind: 'left' });
export const joinOnKey = <const J extends PgTable>(table: J, on: SQL): ListJoin<J, 'key'> => ({ table, on, kind: 'key' });

type JoinNullabilityOf<J> =
  J extends ListJoin<infer T, infer K> ? { [N in GetSelectTableName<T> & string]: K extends 'left' ? 'nullable' : 'not-null' } : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type NullabilityOf<F extends ListFrom> = { [N in GetSelectTableName<F['table']> & string]: 'not-null' } & UnionToIntersection<
  JoinNullabilityOf<F['joins'][number]>
>;

/** A row of `columns` read from `from`, as drizzle types it (the columns of a left-joined table nullable). */
export type RowOf<F extends ListFrom, S extends SelectedFields> = SelectResult<S, 'partial', NullabilityOf<F> & Record<string, JoinNullability>>;

function selectFrom(db: DbOrTx, from: ListFrom, columns: SelectedFields) {
  let query = db.select(columns).from(from.table).$dynamic();
  for (const join of from.joins) query = join.kind === 'inner' ? query.innerJoin(join.table, join.on) : query.leftJoin(join.table, join.on);
  return query;
}

/** The rows of `columns` over a FROM and a WHERE, in an order, a page of them when `limit` is given. */
export async function selectRows<F extends ListFrom, S extends SelectedFields>(
  db: DbOrTx,
  from: F,
  columns: S,
  where: SQL | undefined,
  { orderBy = [], limit = null, offset = 0 }: { orderBy?: SQL[]; limit?: number | null; offset?: number } = {},
): Promise<RowOf<F, S>[]> {
  const rows: unknown[] = await withPage(
    selectFrom(db, from, columns)
      .where(where)
      .orderBy(...orderBy),
    limit,
    offset,
  );
  // drizzle types a query built join by join as if every join were inner; RowOf restores a left join's nulls.
  return rows as RowOf<F, S>[];
}

/** The statement of countFrom: `select count(*)` over the FROM and the WHERE. */
export const countQuery = (db: DbOrTx, from: ListFrom, where: SQL | undefined) =>
  selectFrom(db, from, { n: sql<number>`count(*)::int` }).where(where);

/** `count(*)` of a FROM under a WHERE: the same rows a list's pages read. */
export async function countFrom(db: DbOrTx, from: ListFrom, where: SQL | undefined): Promise<number> {
  const [row] = await countQuery(db, from, where);
  return Number(row?.n ?? 0);
}

/** `count(*)` of a FROM under a WHERE, reading at most `atMost` rows (the count stops there). */
export async function countAtMost(db: DbOrTx, from: ListFrom, where: SQL | undefined, atMost: number): Promise<number> {
  const rows = selectFrom(db, from, { one: sql`1` })
    .where(where)
    .limit(atMost)
    .as('counted');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(rows);
  return Number(row?.n ?? 0);
}

/** A list read from tables: its FROM with its joins and the columns of its rows, with its search and its orders. */
export interface TableList<F extends ListFrom, S extends SelectedFields, K extends string> extends ListOrder<K> {
  from: F;
  columns: S;
}

/**
 * The source of a list read from tables: its pages select `columns` and its count counts rows over the one FROM
 * (its table and joins) and the one WHERE, so the total always matches the pages. PostgreSQL drops from the count
 * a left join to a unique key that nothing reads. `toItem` shapes each row for the API.
 */
export function tableList<F extends ListFrom, S extends SelectedFields, K extends string>(
  db: DbOrTx,
  list: TableList<F, S, K>,
): ListSource<RowOf<F, S>, K>;
export function tableList<F extends ListFrom, S extends SelectedFields, K extends string, T>(
  db: DbOrTx,
  list: TableList<F, S, K>,
  toItem: (row: RowOf<F, S>) => T,
): ListSource<T, K>;
export function tableList<F extends ListFrom, S extends SelectedFields, K extends string, T>(
  db: DbOrTx,
  { from, columns, ...order }: TableList<F, S, K>,
  toItem?: (row: RowOf<F, S>) => T,
): ListSource<T | RowOf<F, S>, K> {
  return {
    ...order,
    rows: async (where, orderBy, limit, offset) => {
      const rows = await selectRows(db, from, columns, where, { orderBy, limit, offset });
      return toItem ? rows.map(toItem) : rows;
    },
    count: (where, atMost) => (atMost === undefined ? countFrom(db, from, where) : countAtMost(db, from, where, atMost)),
    rowsAfter: async (where, keys, after, limit) => {
      const keyColumns = Object.fromEntries(keys.map((key, i) => [`__key${i}`, sql<string>`(${key.expression})::text`]));
      const rows = (await selectRows(db, from, { ...columns, ...keyColumns }, and(where, after ? afterKeys(keys, after) : undefined), {
        orderBy: orderByOf(keys),
        limit,
      })) as (RowOf<F, S> & Record<string, string | null>)[];
      return rows.map((row) => {
        const key = keys.map((_, i) => row[`__key${i}`]);
        if (key.some((value) => value === null)) throw new Error('readSteps: a key of the order is null');
        return { item: toItem ? toItem(row) : row, key: key as string[] };
      });
    },
  };
}

/**
 * Replaces the set of links of one owner in a many-to-many table, in the caller's transaction: the links no longer
 * wanted go, the missing ones (de-duplicated) come, the others stay untouched — so the audit log records only what
 * changed, not every link of a form saved again.
 */
export async function replaceLinks(
  tx: DbOrTx,
  link: PgTable,
  ownerColumn: PgColumn,
  targetColumn: PgColumn,
  ownerId: string,
  targetIds: readonly string[],
) {
  const unique = [...new Set(targetIds)];
  await tx.delete(link).where(unique.length ? and(eq(ownerColumn, ownerId), notInArray(targetColumn, unique)) : eq(ownerColumn, ownerId));
  if (!unique.length) return;
  const kept = new Set((await tx.select({ target: targetColumn }).from(link).where(eq(ownerColumn, ownerId))).map((row) => String(row.target)));
  const added = unique.filter((targetId) => !kept.has(String(targetId)));
  if (!added.length) return;
  await tx.insert(link).values(added.map((targetId) => ({ [ownerColumn.name]: ownerId, [targetColumn.name]: targetId })));
}
