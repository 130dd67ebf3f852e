import { and, eq, sql } from 'drizzle-orm';
import type { IncomeCategory, SubaccountRef } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { type ListSource, listFrom, searchableText, selectRows, tableList } from '../../../core/list';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { qualified } from '../../../core/sql';
import { isoTimestamp } from '../sql';
import {
  finance_accounts,
  finance_income_categories,
  finance_income_category_subaccounts,
  finance_member_charges,
  finance_subaccounts,
} from '../tables';

export const INCOME_CATEGORY_SORT_KEYS = ['name', 'createdAt'] as const;
export type IncomeCategorySortKey = (typeof INCOME_CATEGORY_SORT_KEYS)[number];

const ic = finance_income_categories;
const ics = finance_income_category_subaccounts;
const s = finance_subaccounts;
const a = finance_accounts;

const HOLDERS: Holder[] = [
  { table: finance_member_charges, column: finance_member_charges.income_category_id, noun: ['incasso socio', 'incassi soci'] },
];

/** How a category uses a subaccount: for its revenue (Ricavi/Costi) or for the cash or bank it is paid to (Patrimoniale). */
export type SubaccountKind = 'economic' | 'asset';

const categorySubaccounts = (kind: SubaccountKind) =>
  sql<
    SubaccountRef[]
  >`coalesce((select json_agg(json_build_object('_id', rs.id, 'subaccount_id', rs.code, 'name', rs.name, 'payment_type', rs.payment_type, 'account_id', ra.code, 'account_name', ra.name, 'ledger_type', ra.ledger_type) order by ra.code, rs.code) from ${ics} l join ${s} rs on rs.id = l.subaccount_id join ${a} ra on ra.id = rs.account_id where l.category_id = ${qualified(ic, 'id')} and l.kind = ${kind}), '[]'::json)`;

const FROM = listFrom(ic);
const COLUMNS = {
  _id: ic.id,
  name: ic.name,
  economic_subaccounts: categorySubaccounts('economic'),
  asset_subaccounts: categorySubaccounts('asset'),
  createdAt: isoTimestamp(ic.created_at),
};

/** Income categories and the subaccounts their payments post to (spec 002 §3): SQL only. */
export class IncomeCategoryRepository {
  constructor(private readonly db: Db) {}

  listSource(): ListSource<IncomeCategory, IncomeCategorySortKey> {
    return tableList(this.db, {
      from: FROM,
      columns: COLUMNS,
      search: searchableText(ic.name),
      sortColumns: { name: ic.name, createdAt: ic.created_at },
      defaultSort: [ic.name],
      tieBreaker: ic.id,
    });
  }

  async get(id: string): Promise<IncomeCategory | null> {
    const [row] = await selectRows(this.db, FROM, COLUMNS, eq(ic.id, id), { limit: 1 });
    return row ?? null;
  }

  async insert(tx: DbOrTx, name: string): Promise<string> {
    const [row] = await tx.insert(ic).values({ name }).returning({ id: ic.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  /** False when there is no such category. */
  async update(tx: DbOrTx, id: string, name: string): Promise<boolean> {
    return (await tx.update(ic).set({ name }).where(eq(ic.id, id)).returning({ id: ic.id })).length > 0;
  }

  async replaceSubaccounts(tx: DbOrTx, id: string, economic: readonly string[], asset: readonly string[]): Promise<void> {
    await tx.delete(ics).where(eq(ics.category_id, id));
    const rows = [
      ...economic.map((subaccount_id) => ({ category_id: id, subaccount_id, kind: 'economic' })),
      ...asset.map((subaccount_id) => ({ category_id: id, subaccount_id, kind: 'asset' })),
    ];
    if (rows.length) await tx.insert(ics).values(rows);
  }

  lockAndCountHolders(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, ic, ic.id, id, HOLDERS);
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(ic).where(eq(ic.id, id));
  }

  /** How the income categories use a subaccount (economic or asset links). */
  async kindsUsingSubaccount(tx: DbOrTx, subaccountId: string): Promise<SubaccountKind[]> {
    const rows = await tx
      .selectDistinct({ kind: sql<SubaccountKind>`${ics.kind}` })
      .from(ics)
      .where(eq(ics.subaccount_id, subaccountId));
    return rows.map((r) => r.kind);
  }

  /** How the income categories use the subaccounts of an account. */
  async kindsUsingAccount(tx: DbOrTx, accountId: string): Promise<SubaccountKind[]> {
    const rows = await tx
      .selectDistinct({ kind: sql<SubaccountKind>`${ics.kind}` })
      .from(ics)
      .innerJoin(s, eq(s.id, ics.subaccount_id))
      .where(eq(s.account_id, accountId));
    return rows.map((r) => r.kind);
  }

  /**
   * The subaccounts a payment posts to: the category's first economic subaccount (Ricavi before Costi, then by
   * code) and its first asset subaccount receiving this payment type. Read in the payment's transaction.
   */
  async postingSubaccounts(
    tx: DbOrTx,
    categoryId: string,
    paymentType: string,
  ): Promise<{ exists: boolean; economic: string | null; asset: string | null }> {
    const [category] = await tx.select({ id: ic.id }).from(ic).where(eq(ic.id, categoryId)).limit(1);
    if (!category) return { exists: false, economic: null, asset: null };
    const linked = (kind: SubaccountKind) =>
      tx
        .select({ id: s.id })
        .from(ics)
        .innerJoin(s, eq(s.id, ics.subaccount_id))
        .innerJoin(a, eq(a.id, s.account_id))
        .where(and(eq(ics.category_id, categoryId), eq(ics.kind, kind), kind === 'asset' ? eq(s.payment_type, paymentType) : undefined))
        .$dynamic();
    const [economic] = await linked('economic')
      .orderBy(sql`${a.ledger_type} = 'Ricavi' desc`, a.code, s.code)
      .limit(1);
    const [asset] = await linked('asset').orderBy(a.code, s.code).limit(1);
    return { exists: true, economic: economic?.id ?? null, asset: asset?.id ?? null };
  }
}
