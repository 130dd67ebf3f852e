import { eq } from 'drizzle-orm';
import type { GameTable, GameTablePayload } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { listFrom, type ListSource, searchableText, selectRows, tableList } from '../../../core/list';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { game_tables, training_sessions } from '../tables';

export const GAME_TABLE_SORT_KEYS = ['number', 'description'] as const;
export type GameTableSortKey = (typeof GAME_TABLE_SORT_KEYS)[number];

const HOLDERS: Holder[] = [
  { table: training_sessions, column: training_sessions.game_table_id, noun: ['turno di allenamento', 'turni di allenamento'] },
];
const t = game_tables;

const FROM = listFrom(t);

/** Game tables (spec 001 §3): SQL only. */
export class GameTableRepository {
  constructor(private readonly db: Db) {}

  private columns() {
    return { _id: t.id, number: t.number, description: t.description };
  }

  listSource(): ListSource<GameTable, GameTableSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: this.columns(),
      search: searchableText(t.number, t.description),
      sortColumns: { number: t.number, description: t.description },
      defaultSort: [t.number],
      tieBreaker: t.id,
    });
  }

  async get(id: string): Promise<GameTable | null> {
    const [row] = await selectRows(this.db, FROM, this.columns(), eq(t.id, id), { limit: 1 });
    return row ?? null;
  }

  async insert(tx: DbOrTx, payload: GameTablePayload): Promise<string> {
    const [row] = await tx.insert(t).values(payload).returning({ id: t.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async update(tx: DbOrTx, id: string, payload: GameTablePayload): Promise<boolean> {
    return (await tx.update(t).set(payload).where(eq(t.id, id)).returning({ id: t.id })).length > 0;
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, t, t.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(t).where(eq(t.id, id));
  }
}
