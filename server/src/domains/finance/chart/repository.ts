import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { Account, IncomeCategory, LedgerType, ListMeta, PaymentType, Subaccount, SubaccountRef } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { countJoinedRows, countRows, type ListRequest, type ListSource, readAll, readPage, searchableText, withPage } from '../../../core/list';
import { type Holder, lockAndCountHolders } from '../../../core/resources/holders';
import { qualified } from '../../../core/sql';
import { isoTimestamp } from '../sql';
import {
  finance_accounting_items,
  finance_accounting_postings,
  finance_accounts,
  finance_income_categories,
  finance_income_category_subaccounts,
  finance_member_charges,
  finance_subaccounts,
} from '../tables';

export const ACCOUNT_SORT_KEYS = ['account_id', 'name', 'ledger_type'] as const;
export type AccountSortKey = (typeof ACCOUNT_SORT_KEYS)[number];
export const SUBACCOUNT_SORT_KEYS = ['subaccount_id', 'name', 'parent_account', 'ledger_type'] as const;
export type SubaccountSortKey = (typeof SUBACCOUNT_SORT_KEYS)[number];
export const INCOME_CATEGORY_SORT_KEYS = ['name', 'createdAt'] as const;
export type IncomeCategorySortKey = (typeof INCOME_CATEGORY_SORT_KEYS)[number];

const a = finance_accounts;
const s = finance_subaccounts;
const ic = finance_income_categories;
const ics = finance_income_category_subaccounts;

const ACCOUNT_HOLDERS: Holder[] = [{ table: s, column: s.account_id, noun: ['sottoconto', 'sottoconti'] }];
const SUBACCOUNT_HOLDERS: Holder[] = [
  { table: ics, column: ics.subaccount_id, noun: ['collegamento a una categoria di entrata', 'collegamenti a categorie di entrata'] },
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
const CATEGORY_HOLDERS: Holder[] = [
  { table: finance_member_charges, column: finance_member_charges.income_category_id, noun: ['incasso socio', 'incassi soci'] },
];

/** A subaccount with its account, as records that point at it show it. */
export const subaccountRefJson = (subaccountId: SQL | string) =>
  sql<SubaccountRef>`(select json_build_object('_id', rs.id, 'subaccount_id', rs.code, 'name', rs.name, 'payment_type', rs.payment_type, 'account_id', ra.code, 'account_name', ra.name, 'ledger_type', ra.ledger_type) from ${s} rs join ${a} ra on ra.id = rs.account_id where rs.id = ${subaccountId})`;

const categorySubaccounts = (kind: 'economic' | 'asset') =>
  sql<
    SubaccountRef[]
  >`coalesce((select json_agg(json_build_object('_id', rs.id, 'subaccount_id', rs.code, 'name', rs.name, 'payment_type', rs.payment_type, 'account_id', ra.code, 'account_name', ra.name, 'ledger_type', ra.ledger_type) order by ra.code, rs.code) from ${ics} l join ${s} rs on rs.id = l.subaccount_id join ${a} ra on ra.id = rs.account_id where l.category_id = ${qualified(ic, 'id')} and l.kind = ${kind}), '[]'::json)`;

export interface SubaccountRow {
  id: string;
  code: number;
  account_id: string;
  payment_type: string | null;
  account_code: number;
  ledger_type: LedgerType;
}

/** Accounts, subaccounts and income categories (spec 002 §3): SQL only. */
export class ChartRepository {
  constructor(private readonly db: Db) {}

  // ——— accounts ———

  private accountQuery() {
    return this.db
      .select({ _id: a.id, account_id: a.code, name: a.name, ledger_type: sql<LedgerType>`${a.ledger_type}`, created_at: isoTimestamp(a.created_at) })
      .from(a)
      .$dynamic();
  }

  private accountSource(): ListSource<Account, AccountSortKey> {
    return {
      search: searchableText(a.code, a.name, a.ledger_type),
      sortColumns: { account_id: a.code, name: a.name, ledger_type: a.ledger_type },
      defaultSort: [a.code],
      tieBreaker: a.id,
      rows: (where, orderBy, limit, offset) =>
        withPage(
          this.accountQuery()
            .where(where)
            .orderBy(...orderBy),
          limit,
          offset,
        ),
      count: (where) => countRows(this.db, a, where),
    };
  }

  listAccounts(request: ListRequest<AccountSortKey>): Promise<{ data: Account[]; meta: ListMeta }> {
    return readPage(this.accountSource(), request);
  }

  listAllAccounts(request: Omit<ListRequest<AccountSortKey>, 'page' | 'limit'>): Promise<Account[]> {
    return readAll(this.accountSource(), request);
  }

  async account(id: string): Promise<Account | null> {
    const [row] = await this.accountQuery().where(eq(a.id, id)).limit(1);
    return row ?? null;
  }

  /** Serialises automatic codes: two accounts created at once never take the same next code. */
  async lockCodes(tx: DbOrTx, scope: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`finance:${scope}`}))`);
  }

  async nextAccountCode(tx: DbOrTx): Promise<number> {
    const [row] = await tx.select({ next: sql<number>`coalesce(max(${a.code}), 0) + 1` }).from(a);
    return Number(row?.next ?? 1);
  }

  async insertAccount(tx: DbOrTx, values: { code: number; name: string; ledger_type: LedgerType }): Promise<string> {
    const [row] = await tx.insert(a).values(values).returning({ id: a.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async updateAccount(tx: DbOrTx, id: string, values: { code?: number; name: string; ledger_type: LedgerType }): Promise<boolean> {
    return (await tx.update(a).set(values).where(eq(a.id, id)).returning({ id: a.id })).length > 0;
  }

  lockAccount(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, a, a.id, id, ACCOUNT_HOLDERS);
  }

  async deleteAccount(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(a).where(eq(a.id, id));
  }

  /** The ledger of an account, null when there is none with this id. */
  async ledgerOfAccount(tx: DbOrTx, id: string): Promise<LedgerType | null> {
    const [row] = await tx.select({ ledger_type: a.ledger_type }).from(a).where(eq(a.id, id)).limit(1);
    return (row?.ledger_type as LedgerType | undefined) ?? null;
  }

  // ——— subaccounts ———

  private subaccountQuery() {
    return this.db
      .select({
        _id: s.id,
        subaccount_id: s.code,
        name: s.name,
        payment_type: sql<PaymentType | null>`${s.payment_type}`,
        parent_account: sql<
          Subaccount['parent_account']
        >`json_build_object('_id', ${a.id}, 'account_id', ${a.code}, 'name', ${a.name}, 'ledger_type', ${a.ledger_type})`,
        created_at: isoTimestamp(s.created_at),
      })
      .from(s)
      .innerJoin(a, eq(a.id, s.account_id))
      .$dynamic();
  }

  private subaccountSource(): ListSource<Subaccount, SubaccountSortKey> {
    return {
      search: searchableText(s.code, s.name, a.name, a.code, a.ledger_type),
      sortColumns: { subaccount_id: s.code, name: s.name, parent_account: a.name, ledger_type: a.ledger_type },
      defaultSort: [a.code, s.code],
      tieBreaker: s.id,
      rows: (where, orderBy, limit, offset) =>
        withPage(
          this.subaccountQuery()
            .where(where)
            .orderBy(...orderBy),
          limit,
          offset,
        ),
      count: (where) => countJoinedRows(this.db, s, [{ table: a, on: eq(a.id, s.account_id) }], where),
    };
  }

  listSubaccounts(request: ListRequest<SubaccountSortKey>): Promise<{ data: Subaccount[]; meta: ListMeta }> {
    return readPage(this.subaccountSource(), request);
  }

  listAllSubaccounts(request: Omit<ListRequest<SubaccountSortKey>, 'page' | 'limit'>): Promise<Subaccount[]> {
    return readAll(this.subaccountSource(), request);
  }

  async subaccount(id: string): Promise<Subaccount | null> {
    const [row] = await this.subaccountQuery().where(eq(s.id, id)).limit(1);
    return row ?? null;
  }

  async nextSubaccountCode(tx: DbOrTx, accountId: string): Promise<number> {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${s.code}), 0) + 1` })
      .from(s)
      .where(eq(s.account_id, accountId));
    return Number(row?.next ?? 1);
  }

  async insertSubaccount(tx: DbOrTx, values: { code: number; name: string; account_id: string; payment_type: string | null }): Promise<string> {
    const [row] = await tx.insert(s).values(values).returning({ id: s.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async updateSubaccount(
    tx: DbOrTx,
    id: string,
    values: { code?: number; name: string; account_id: string; payment_type: string | null },
  ): Promise<boolean> {
    return (await tx.update(s).set(values).where(eq(s.id, id)).returning({ id: s.id })).length > 0;
  }

  lockSubaccount(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, s, s.id, id, SUBACCOUNT_HOLDERS);
  }

  async deleteSubaccount(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(s).where(eq(s.id, id));
  }

  /** The given subaccounts with their ledger (those that exist). */
  async subaccountRows(tx: DbOrTx, ids: readonly string[]): Promise<SubaccountRow[]> {
    if (!ids.length) return [];
    const rows = await tx
      .select({ id: s.id, code: s.code, account_id: s.account_id, payment_type: s.payment_type, account_code: a.code, ledger_type: a.ledger_type })
      .from(s)
      .innerJoin(a, eq(a.id, s.account_id))
      .where(inArray(s.id, [...ids]));
    return rows.map((r) => ({ ...r, ledger_type: r.ledger_type as LedgerType }));
  }

  /** How the income categories use a subaccount (economic or asset links). */
  async categoryKindsOfSubaccount(tx: DbOrTx, subaccountId: string): Promise<string[]> {
    const rows = await tx.selectDistinct({ kind: ics.kind }).from(ics).where(eq(ics.subaccount_id, subaccountId));
    return rows.map((r) => r.kind);
  }

  /** Kinds of category links held by the subaccounts of an account. */
  async categoryKindsOfAccount(tx: DbOrTx, accountId: string): Promise<string[]> {
    const rows = await tx.selectDistinct({ kind: ics.kind }).from(ics).innerJoin(s, eq(s.id, ics.subaccount_id)).where(eq(s.account_id, accountId));
    return rows.map((r) => r.kind);
  }

  // ——— income categories ———

  private categoryQuery() {
    return this.db
      .select({
        _id: ic.id,
        name: ic.name,
        economic_subaccounts: categorySubaccounts('economic'),
        asset_subaccounts: categorySubaccounts('asset'),
        createdAt: isoTimestamp(ic.created_at),
      })
      .from(ic)
      .$dynamic();
  }

  private categorySource(): ListSource<IncomeCategory, IncomeCategorySortKey> {
    return {
      search: searchableText(ic.name),
      sortColumns: { name: ic.name, createdAt: ic.created_at },
      defaultSort: [ic.name],
      tieBreaker: ic.id,
      rows: (where, orderBy, limit, offset) =>
        withPage(
          this.categoryQuery()
            .where(where)
            .orderBy(...orderBy),
          limit,
          offset,
        ),
      count: (where) => countRows(this.db, ic, where),
    };
  }

  listCategories(request: ListRequest<IncomeCategorySortKey>): Promise<{ data: IncomeCategory[]; meta: ListMeta }> {
    return readPage(this.categorySource(), request);
  }

  listAllCategories(request: Omit<ListRequest<IncomeCategorySortKey>, 'page' | 'limit'>): Promise<IncomeCategory[]> {
    return readAll(this.categorySource(), request);
  }

  async category(id: string): Promise<IncomeCategory | null> {
    const [row] = await this.categoryQuery().where(eq(ic.id, id)).limit(1);
    return row ?? null;
  }

  async insertCategory(tx: DbOrTx, name: string): Promise<string> {
    const [row] = await tx.insert(ic).values({ name }).returning({ id: ic.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async updateCategory(tx: DbOrTx, id: string, name: string): Promise<boolean> {
    return (await tx.update(ic).set({ name }).where(eq(ic.id, id)).returning({ id: ic.id })).length > 0;
  }

  async replaceCategorySubaccounts(tx: DbOrTx, id: string, economic: readonly string[], asset: readonly string[]): Promise<void> {
    await tx.delete(ics).where(eq(ics.category_id, id));
    const rows = [
      ...economic.map((subaccount_id) => ({ category_id: id, subaccount_id, kind: 'economic' })),
      ...asset.map((subaccount_id) => ({ category_id: id, subaccount_id, kind: 'asset' })),
    ];
    if (rows.length) await tx.insert(ics).values(rows);
  }

  lockCategory(tx: DbOrTx, id: string) {
    return lockAndCountHolders(tx, ic, ic.id, id, CATEGORY_HOLDERS);
  }

  async deleteCategory(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(ic).where(eq(ic.id, id));
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
    const [economic] = await tx
      .select({ id: s.id })
      .from(ics)
      .innerJoin(s, eq(s.id, ics.subaccount_id))
      .innerJoin(a, eq(a.id, s.account_id))
      .where(and(eq(ics.category_id, categoryId), eq(ics.kind, 'economic')))
      .orderBy(sql`${a.ledger_type} = 'Ricavi' desc`, a.code, s.code)
      .limit(1);
    const [asset] = await tx
      .select({ id: s.id })
      .from(ics)
      .innerJoin(s, eq(s.id, ics.subaccount_id))
      .innerJoin(a, eq(a.id, s.account_id))
      .where(and(eq(ics.category_id, categoryId), eq(ics.kind, 'asset'), eq(s.payment_type, paymentType)))
      .orderBy(a.code, s.code)
      .limit(1);
    return { exists: true, economic: economic?.id ?? null, asset: asset?.id ?? null };
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
