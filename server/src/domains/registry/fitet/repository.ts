import { eq, inArray, sql } from 'drizzle-orm';
import type { FitetRecord, FitetRecordPayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { joinOnKey, listFrom, type ListSource, searchableText, tableList } from '../../../core/list';
import { fitet_records, users } from '../tables';
import type { FitetRow } from './parser';

export const FITET_SORT_KEYS = ['member_id', 'card_type', 'category', 'start_date', 'end_date', 'surname'] as const;
export type FitetSortKey = (typeof FITET_SORT_KEYS)[number];

const f = fitet_records;

const FROM = listFrom(f, joinOnKey(users, eq(users.id, f.user_id)));

/** Federation records (spec 001 §2 Dati FITET): SQL only. */
export class FitetRepository {
  constructor(private readonly db: Db) {}

  private columns() {
    return {
      _id: f.id,
      member_id: f.member_id,
      card_type: f.card_type,
      category: f.category,
      start_date: f.start_date,
      end_date: f.end_date,
      user: sql<FitetRecord['user']>`json_build_object('_id', ${users.id}, 'name', ${users.name}, 'surname', ${users.surname})`,
    };
  }

  listSource(): ListSource<FitetRecord, FitetSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: this.columns(),
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
    });
  }

  /** One record as the list shows it, or undefined. */
  async get(id: string): Promise<FitetRecord | undefined> {
    const [row] = await this.db.select(this.columns()).from(f).innerJoin(users, eq(users.id, f.user_id)).where(eq(f.id, id));
    return row;
  }

  /** Writes a record's own fields; false when there is no such record. */
  async update(id: string, payload: FitetRecordPayload): Promise<boolean> {
    const rows = await this.db.transaction((tx) =>
      tx
        .update(f)
        .set({
          card_type: payload.card_type ?? null,
          category: payload.category ?? null,
          start_date: payload.start_date ?? null,
          end_date: payload.end_date ?? null,
          updated_at: new Date(),
        })
        .where(eq(f.id, id))
        .returning({ id: f.id }),
    );
    return rows.length > 0;
  }

  /** Deletes a record; false when there was none. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db.transaction((tx) => tx.delete(f).where(eq(f.id, id)).returning({ id: f.id }));
    return rows.length > 0;
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
