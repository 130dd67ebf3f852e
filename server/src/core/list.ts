import { type AnyColumn, type SQL, type Subquery, and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
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
  /** The text each search word must appear in (declared columns joined, ideally the expression a trigram index covers). */
  search?: SQL | AnyColumn;
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
}

/**
 * One list, declared once: its search and orders, and two ways to read it — a page of rows and a count — which the
 * helper calls with the same WHERE. A list read from tables gets both from tableList(); a list of grouped or
 * computed rows (statistics, a calendar's occurrences) writes them.
 */
export interface ListSource<T, K extends string> extends ListOrder<K> {
  /** SELECT … WHERE where ORDER BY orderBy LIMIT limit OFFSET offset (limit null = every row). */
  rows(where: SQL | undefined, orderBy: SQL[], limit: number | null, offset: number): Promise<T[]>;
  /** SELECT count(*) over the same FROM and WHERE. */
  count(where: SQL | undefined): Promise<number>;
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
export function matchesAllWords(text: SQL | AnyColumn | undefined, q: string | undefined): SQL | undefined {
  const words = searchWords(q);
  if (!text || !words.length) return undefined;
  return sql.join(
    words.map((w) => sql`${text} ILIKE ${w}`),
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

function orderOf<K extends string>(source: ListOrder<K>, sortBy: K | undefined, order: 'asc' | 'desc'): SQL[] {
  const sorted = sortBy !== undefined && sortBy in source.sortColumns;
  const direction = (sorted ? order : (source.defaultOrder ?? order)) === 'desc' ? desc : asc;
  const primary = sorted ? [source.sortColumns[sortBy]] : source.defaultSort;
  return [...primary.map((c) => direction(c)), asc(source.tieBreaker)];
}

/**
 * A page of a list and its total, in two statements an index can serve: the page with ORDER BY … LIMIT/OFFSET
 * and the total with its own count(*) — never a window count over every matching row, which forces the database
 * to read and sort them all. A first page shorter than the limit is the whole list, so it needs no count.
 */
export async function readPage<T, K extends string>(source: ListSource<T, K>, request: ListRequest<K>): Promise<ListPage<T>> {
  const where = whereOf(source, request.q);
  const limit = request.limit > 0 ? request.limit : null;
  const offset = limit ? (request.page - 1) * limit : 0;
  const data = await source.rows(where, orderOf(source, request.sortBy, request.order), limit, offset);
  const complete = limit === null || (request.page === 1 && data.length < limit);
  const totalItems = complete ? data.length : await source.count(where);
  return { data, meta: listMetaOf(totalItems, request) };
}

/** Every row of a list's query in its order (the download of that list). */
export async function readAll<T, K extends string>(source: ListSource<T, K>, request: Omit<ListRequest<K>, 'page' | 'limit'>): Promise<T[]> {
  return source.rows(whereOf(source, request.q), orderOf(source, request.sortBy, request.order), null, 0);
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
    count: (where) => countFrom(db, from, where),
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
