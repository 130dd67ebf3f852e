import { eq, sql } from 'drizzle-orm';
import type { Account, AccountPayload, LedgerType } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { type ListSource, listFrom, searchableText, selectRows, tableList } from '../../../core/list';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { isoTimestamp } from '../sql';
import { finance_accounts, finance_subaccounts } from '../tables';

export const ACCOUNT_SORT_KEYS = ['account_id', 'name', 'ledger_type'] as const;
export type AccountSortKey = (typeof ACCOUNT_SORT_KEYS)[number];

const a = finance_accounts;
const HOLDERS: Holder[] = [{ table: finance_subaccounts, column: finance_subaccounts.account_id, noun: ['sottoconto', 'sottoconti'] }];

const FROM = listFrom(a);
const COLUMNS = {
  _id: a.id,
  account_id: a.code,
  name: a.name,
  ledger_type: sql<LedgerType>`${a.ledger_type}`,
  created_at: isoTimestamp(a.created_at),
};

export type AccountValues = Omit<AccountPayload, 'account_id'> & { code?: number };

/** Accounts of the chart (spec 002 §3): SQL only. */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  listSource(): ListSource<Account, AccountSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: COLUMNS,
      search: searchableText(a.code, a.name, a.ledger_type),
      sortColumns: { account_id: a.code, name: a.name, ledger_type: a.ledger_type },
      defaultSort: [a.code],
      tieBreaker: a.id,
    });
  }

  async get(id: string): Promise<Account | null> {
    const [row] = await selectRows(this.db, FROM, COLUMNS, eq(a.id, id), { limit: 1 });
    return row ?? null;
  }

  /** The next free code (the caller holds the codes' lock). */
  async nextCode(tx: DbOrTx): Promise<number> {
    const [row] = await tx.select({ next: sql<number>`coalesce(max(${a.code}), 0) + 1` }).from(a);
    return Number(row?.next ?? 1);
  }

  async insert(tx: DbOrTx, values: Required<AccountValues>): Promise<string> {
    const [row] = await tx.insert(a).values(values).returning({ id: a.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  /** False when there is no such account. */
  async update(tx: DbOrTx, id: string, values: AccountValues): Promise<boolean> {
    return (await tx.update(a).set(values).where(eq(a.id, id)).returning({ id: a.id })).length > 0;
  }

  /** The ledger of an account, null when there is none with this id. */
  async ledgerOf(tx: DbOrTx, id: string): Promise<LedgerType | null> {
    const [row] = await tx
      .select({ ledger_type: sql<LedgerType>`${a.ledger_type}` })
      .from(a)
      .where(eq(a.id, id))
      .limit(1);
    return row?.ledger_type ?? null;
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, a, a.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(a).where(eq(a.id, id));
  }
}
