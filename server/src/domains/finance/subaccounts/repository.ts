import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerType, PaymentType, Subaccount, SubaccountRef } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { type ListSource, joinOnKey, listFrom, searchableText, selectRows, tableList } from '../../../core/list';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { isoTimestamp } from '../sql';
import {
  finance_accounting_items,
  finance_accounting_postings,
  finance_accounts,
  finance_income_category_subaccounts,
  finance_subaccounts,
} from '../tables';

export const SUBACCOUNT_SORT_KEYS = ['subaccount_id', 'name', 'parent_account', 'ledger_type'] as const;
export type SubaccountSortKey = (typeof SUBACCOUNT_SORT_KEYS)[number];

const s = finance_subaccounts;
const a = finance_accounts;

const HOLDERS: Holder[] = [
  {
    table: finance_income_category_subaccounts,
    column: finance_income_category_subaccounts.subaccount_id,
    noun: ['collegamento a una categoria di entrata', 'collegamenti a categorie di entrata'],
  },
  {
    table: finance_accounting_items,
    column: finance_accounting_items.subaccount_id,
    noun: ['riga di movimento contabile', 'righe di movimenti contabili'],
  },
  {
    table: finance_accounting_postings,
    column: finance_accounting_postings.subaccount_id,
    noun: ['registrazione in contabilità', 'registrazioni in contabilità'],
  },
];

const FROM = listFrom(s, joinOnKey(a, eq(a.id, s.account_id)));
const COLUMNS = {
  _id: s.id,
  subaccount_id: s.code,
  name: s.name,
  payment_type: sql<PaymentType | null>`${s.payment_type}`,
  parent_account: sql<
    Subaccount['parent_account']
  >`json_build_object('_id', ${a.id}, 'account_id', ${a.code}, 'name', ${a.name}, 'ledger_type', ${a.ledger_type})`,
  created_at: isoTimestamp(s.created_at),
};

/** A subaccount with its account, as the records that point at it show it (an entry's lines). */
export const subaccountRefJson = (subaccountId: SQL) =>
  sql<SubaccountRef>`(select json_build_object('_id', rs.id, 'subaccount_id', rs.code, 'name', rs.name, 'payment_type', rs.payment_type, 'account_id', ra.code, 'account_name', ra.name, 'ledger_type', ra.ledger_type) from ${s} rs join ${a} ra on ra.id = rs.account_id where rs.id = ${subaccountId})`;

/** A subaccount's code and account, as the rules read them. */
export interface SubaccountRow {
  id: string;
  code: number;
  account_id: string;
  payment_type: string | null;
  account_code: number;
  ledger_type: LedgerType;
}

export interface SubaccountValues {
  code: number;
  name: string;
  account_id: string;
  payment_type: string | null;
}

/** Subaccounts under their accounts (spec 002 §3): SQL only. */
export class SubaccountRepository {
  constructor(private readonly db: Db) {}

  listSource(): ListSource<Subaccount, SubaccountSortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: COLUMNS,
      search: searchableText(s.code, s.name, a.name, a.code, a.ledger_type),
      sortColumns: { subaccount_id: s.code, name: s.name, parent_account: a.name, ledger_type: a.ledger_type },
      defaultSort: [a.code, s.code],
      tieBreaker: s.id,
    });
  }

  async get(id: string): Promise<Subaccount | null> {
    const [row] = await selectRows(this.db, FROM, COLUMNS, eq(s.id, id), { limit: 1 });
    return row ?? null;
  }

  /** The next free code under an account (the caller holds the codes' lock). */
  async nextCode(tx: DbOrTx, accountId: string): Promise<number> {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${s.code}), 0) + 1` })
      .from(s)
      .where(eq(s.account_id, accountId));
    return Number(row?.next ?? 1);
  }

  async insert(tx: DbOrTx, values: SubaccountValues): Promise<string> {
    const [row] = await tx.insert(s).values(values).returning({ id: s.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async update(tx: DbOrTx, id: string, values: SubaccountValues): Promise<void> {
    await tx.update(s).set(values).where(eq(s.id, id));
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, s, s.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(s).where(eq(s.id, id));
  }

  /** The given subaccounts with their account's code and ledger (those that exist). */
  async rows(tx: DbOrTx, ids: readonly string[]): Promise<SubaccountRow[]> {
    if (!ids.length) return [];
    return tx
      .select({
        id: s.id,
        code: s.code,
        account_id: s.account_id,
        payment_type: s.payment_type,
        account_code: a.code,
        ledger_type: sql<LedgerType>`${a.ledger_type}`,
      })
      .from(s)
      .innerJoin(a, eq(a.id, s.account_id))
      .where(inArray(s.id, [...new Set(ids)]));
  }

  /**
   * The cash or bank side of a manual movement: the first Patrimoniale attivo subaccount receiving this payment
   * type ('bank' takes any bank).
   */
  async paymentSubaccount(tx: DbOrTx, paymentType: string): Promise<string | null> {
    const [row] = await tx
      .select({ id: s.id })
      .from(s)
      .innerJoin(a, eq(a.id, s.account_id))
      .where(
        and(eq(a.ledger_type, 'Patrimoniale attivo'), paymentType === 'bank' ? sql`${s.payment_type} like 'bank%'` : eq(s.payment_type, paymentType)),
      )
      .orderBy(a.code, s.code)
      .limit(1);
    return row?.id ?? null;
  }
}
