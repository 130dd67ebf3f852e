import { eq, inArray, sql } from 'drizzle-orm';
import type { FitetRecord, ListMeta } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { countJoinedRows, type ListRequest, type ListSource, readAll, readPage, searchableText, withPage } from '../../../core/list';
import { fitet_records, users } from '../tables';
import type { FitetRow } from './parser';

export const FITET_SORT_KEYS = ['member_id', 'card_type', 'category', 'start_date', 'end_date', 'surname'] as const;
export type FitetSortKey = (typeof FITET_SORT_KEYS)[number];

const f = fitet_records;

/** Federation records (spec 001 §2 Dati FITET): SQL only. */
export class FitetRepository {
  constructor(private readonly db: Db) {}

  private query() {
    return this.db
      .select({
        _id: f.id,
        member_id: f.member_id,
        card_type: f.card_type,
        category: f.category,
        start_date: f.start_date,
        end_date: f.end_date,
        user: sql<FitetRecord['user']>`json_build_object('_id', ${users.id}, 'name', ${users.name}, 'surname', ${users.surname})`,
      })
      .from(f)
      .innerJoin(users, eq(users.id, f.user_id))
      .$dynamic();
  }

  private source(): ListSource<FitetRecord, FitetSortKey> {
    return {
      search: searchableText(f.member_id, f.card_type, f.category, users.name, users.surname),
      sortColumns: {
        member_id: f.member_id,
        card_type: f.card_type,
        category: f.category,
        start_date: f.start_date,
        end_date: f.end_date,
        surname: users.surname,
      },
      defaultSort: [f.member_id],
      tieBreaker: f.id,
      rows: (where, orderBy, limit, offset) =>
        withPage(
          this.query()
            .where(where)
            .orderBy(...orderBy),
          limit,
          offset,
        ),
      count: (where) => countJoinedRows(this.db, f, [{ table: users, on: eq(users.id, f.user_id) }], where),
    };
  }

  list(request: ListRequest<FitetSortKey>): Promise<{ data: FitetRecord[]; meta: ListMeta }> {
    return readPage(this.source(), request);
  }

  listAll(request: Omit<ListRequest<FitetSortKey>, 'page' | 'limit'>): Promise<FitetRecord[]> {
    return readAll(this.source(), request);
  }

  /** Card code → user id, for the users whose FITET code is among these. */
  async usersByCardCode(tx: DbOrTx, codes: string[]): Promise<Map<string, string>> {
    if (!codes.length) return new Map();
    const rows = await tx.select({ id: users.id, code: users.fitet_data_code }).from(users).where(inArray(users.fitet_data_code, codes));
    return new Map(rows.filter((r): r is { id: string; code: string } => r.code !== null).map((r) => [r.code, r.id]));
  }

  /** Inserts or updates the record of a card code; true when it was new. */
  async upsert(tx: DbOrTx, userId: string, row: FitetRow): Promise<boolean> {
    const values = {
      member_id: row.member_id,
      user_id: userId,
      card_type: row.card_type,
      category: row.category,
      start_date: row.start_date,
      end_date: row.end_date,
    };
    const [result] = await tx
      .insert(f)
      .values(values)
      .onConflictDoUpdate({ target: f.member_id, set: { ...values, updated_at: new Date() } })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    return Boolean(result?.inserted);
  }
}
