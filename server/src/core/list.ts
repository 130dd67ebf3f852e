import { type AnyColumn, type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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

/**
 * One list, declared once: the text ?q= searches, the filters, the sort keys with their columns, and two ways to
 * read it — a page of rows and a count — which the helper calls with the same WHERE.
 */
export interface ListSource<T, K extends string> {
  /** The text each search word must appear in (declared columns joined, ideally the expression a trigram index covers). */
  search?: SQL;
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
  /** SELECT … WHERE where ORDER BY orderBy LIMIT limit OFFSET offset (limit null = every row). */
  rows(where: SQL | undefined, orderBy: SQL[], limit: number | null, offset: number): Promise<T[]>;
  /** SELECT count(*) over the same WHERE (join only what the filters need). */
  count(where: SQL | undefined): Promise<number>;
}

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

function whereOf<K extends string>(source: ListSource<unknown, K>, q: string | undefined): SQL | undefined {
  return and(matchesAllWords(source.search, q), ...(source.filters ?? []));
}

function orderOf<K extends string>(source: ListSource<unknown, K>, sortBy: K | undefined, order: 'asc' | 'desc'): SQL[] {
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
export async function readPage<T, K extends string>(source: ListSource<T, K>, request: ListRequest<K>): Promise<{ data: T[]; meta: ListMeta }> {
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

/** Adds LIMIT/OFFSET to a dynamic select when a page is asked (limit null = every row). */
export const withPage = <Q extends { limit(n: number): Q; offset(n: number): Q }>(q: Q, limit: number | null, offset: number): Q =>
  limit === null ? q : q.limit(limit).offset(offset);

/** `count(*)` of a table under a WHERE: the count of a list that needs no join. */
export async function countRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  return countJoinedRows(db, table, [], where);
}

/** A table joined into a list's FROM: inner unless `left` (a row without its match still counts). */
export interface ListJoin {
  table: PgTable;
  on: SQL;
  left?: boolean;
}

/**
 * `count(*)` of a joined FROM under a WHERE: the count of a list whose search or filters read joined tables (join
 * the same tables as its rows, so the count and the pages agree).
 */
export async function countJoinedRows(db: DbOrTx, table: PgTable, joins: readonly ListJoin[], where: SQL | undefined): Promise<number> {
  let query = db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .$dynamic();
  for (const join of joins) query = join.left ? query.leftJoin(join.table, join.on) : query.innerJoin(join.table, join.on);
  const [row] = await query.where(where);
  return row?.n ?? 0;
}

/**
 * Replaces the set of links of one owner in a many-to-many table: the old links go, the new ones (de-duplicated)
 * come, in the caller's transaction.
 */
export async function replaceLinks(
  tx: DbOrTx,
  link: PgTable,
  ownerColumn: PgColumn,
  targetColumn: PgColumn,
  ownerId: string,
  targetIds: readonly string[],
) {
  await tx.delete(link).where(eq(ownerColumn, ownerId));
  const unique = [...new Set(targetIds)];
  if (!unique.length) return;
  await tx.insert(link).values(unique.map((targetId) => ({ [ownerColumn.name]: ownerId, [targetColumn.name]: targetId })));
}
