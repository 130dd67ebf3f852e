import { type AnyColumn, type SQL, asc, desc, sql } from 'drizzle-orm';
import type { ListMeta } from 'shared-api/contract';

export interface Paging {
  page: number;
  /** 0 = every row. */
  limit: number;
}

export const offsetOf = ({ page, limit }: Paging) => (limit > 0 ? (page - 1) * limit : 0);

export function listMetaOf(totalItems: number, { page, limit }: Paging): ListMeta {
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
export function matchesAllWords(text: SQL | AnyColumn, q: string | undefined): SQL | undefined {
  const words = searchWords(q);
  if (!words.length) return undefined;
  return sql.join(
    words.map((w) => sql`${text} ILIKE ${w}`),
    sql` AND `,
  );
}

/**
 * ORDER BY for a whitelisted sort key (the query schema already limits sortBy to the keys),
 * with the id last so pages never overlap.
 */
export function orderByOf<K extends string>(
  columns: Record<K, SQL | AnyColumn>,
  sortBy: K | undefined,
  order: 'asc' | 'desc',
  defaults: (SQL | AnyColumn)[],
  id: AnyColumn,
): SQL[] {
  const direction = order === 'desc' ? desc : asc;
  const primary = sortBy ? [columns[sortBy]] : defaults;
  return [...primary.map((c) => direction(c)), asc(id)];
}
