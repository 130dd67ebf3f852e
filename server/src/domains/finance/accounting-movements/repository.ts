import { type SQL, eq, sql } from 'drizzle-orm';
import {
  type AccountingEntry,
  type AccountingItem,
  type EntryPaymentType,
  type LedgerType,
  type SubaccountRef,
  type TrialBalanceRow,
  centsToEuro,
} from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { files } from '../../../core/db/tables';
import { type ListSource, type RowOf, joinOnKey, leftJoinOn, listFrom, selectRows, tableList } from '../../../core/list';
import { qualified } from '../../../core/sql';
import { isoTimestamp, sumCents } from '../sql';
import {
  finance_accounting_counters,
  finance_accounting_entries,
  finance_accounting_items,
  finance_accounting_postings,
  finance_accounts,
  finance_business_entities,
  finance_member_payments,
  finance_subaccounts,
} from '../tables';
import { subaccountRefJson } from '../subaccounts/repository';
import type { Posting } from './posting';

export const ENTRY_SORT_KEYS = [
  'progressive',
  'fiscal_year',
  'business_entity',
  'registration_date',
  'taxable_amount',
  'total',
  'payment_type',
] as const;
export type EntrySortKey = (typeof ENTRY_SORT_KEYS)[number];

const e = finance_accounting_entries;
const it = finance_accounting_items;
const p = finance_accounting_postings;
const s = finance_subaccounts;
const a = finance_accounts;
const be = finance_business_entities;

/** What the entry's header and lines hold, in cents. */
export interface EntryValues {
  fiscal_year: string;
  progressive: number;
  registration_date: string;
  document_number: number | null;
  business_entity_id: string | null;
  payment_type: string | null;
  notes: string | null;
  payment_id: string | null;
  lines: { subaccount_id: string; description: string | null; taxable_cents: number; vat_cents: number }[];
}

export interface EntryRow {
  id: string;
  fiscal_year: string;
  progressive: number;
  registration_date: string;
  payment_id: string | null;
  attachment_file_id: string | null;
}

type ItemCents = Omit<AccountingItem, 'taxable_amount' | 'vat' | 'total'> & { taxable_cents: number; vat_cents: number; total_cents: number };

const ENTRIES = listFrom(
  e,
  joinOnKey(s, eq(s.id, e.subaccount_id)),
  joinOnKey(a, eq(a.id, s.account_id)),
  leftJoinOn(be, eq(be.id, e.business_entity_id)),
  leftJoinOn(files, eq(files.id, e.attachment_file_id)),
);
const ENTRY_COLUMNS = {
  _id: e.id,
  progressive: e.progressive,
  fiscal_year: e.fiscal_year,
  ledger_type: sql<LedgerType>`${a.ledger_type}`,
  account_name: a.name,
  subaccount: sql<SubaccountRef>`json_build_object('_id', ${s.id}, 'subaccount_id', ${s.code}, 'name', ${s.name}, 'payment_type', ${s.payment_type}, 'account_id', ${a.code}, 'account_name', ${a.name}, 'ledger_type', ${a.ledger_type})`,
  description: e.description,
  document_number: e.document_number,
  business_entity: sql<{
    _id: string;
    name: string;
  } | null>`case when ${be.id} is null then null else json_build_object('_id', ${be.id}, 'name', ${be.name}) end`,
  registration_date: e.registration_date,
  taxable_cents: e.taxable_cents,
  vat_cents: e.vat_cents,
  total_cents: e.total_cents,
  payment_type: sql<EntryPaymentType | null>`${e.payment_type}`,
  notes: e.notes,
  attachment_id: files.id,
  attachment_name: files.original_name,
  attachment_mime: files.mime,
  attachment_size: files.size,
  items: sql<
    ItemCents[]
  >`(select json_agg(json_build_object('_id', li.id, 'subaccount', ${subaccountRefJson(sql`li.subaccount_id`)}, 'description', li.description, 'taxable_cents', li.taxable_cents, 'vat_cents', li.vat_cents, 'total_cents', li.total_cents) order by li.position) from ${it} li where li.entry_id = ${qualified(e, 'id')})`,
  payment_id: e.payment_id,
  charge_id: sql<string | null>`(select mp.charge_id from ${finance_member_payments} mp where mp.id = ${qualified(e, 'payment_id')})`,
  created_at: isoTimestamp(e.created_at),
};

/**
 * Recomputes the search text of the entries the condition names (after a write, or when a business entity or a
 * subaccount they show is renamed, or when a payment's description is rewritten at a member's anonymisation).
 */
export async function refreshEntrySearchText(tx: DbOrTx, where: SQL): Promise<void> {
  await tx.execute(sql`update ${e} set search_text = concat_ws(' ', ${e.description}, ${e.notes}, ${e.fiscal_year}, ${e.document_number}::text,
      (select rb.name from ${be} rb where rb.id = ${qualified(e, 'business_entity_id')}),
      (select string_agg(rs.code::text || ' ' || rs.name || ' ' || coalesce(li.description, ''), ' ') from ${it} li join ${s} rs on rs.id = li.subaccount_id where li.entry_id = ${qualified(e, 'id')}))
      where ${where}`);
}

/** Accounting entries, their lines and postings, and the progressive counters: SQL only. */
export class AccountingMovementRepository {
  constructor(private readonly db: Db) {}

  /**
   * Recomputes the search text of the entries the condition names (after a write, or when a business entity or a
   * subaccount they show is renamed).
   */
  async refreshSearchText(tx: DbOrTx, where: SQL): Promise<void> {
    await refreshEntrySearchText(tx, where);
  }

  listSource(): ListSource<AccountingEntry, EntrySortKey> {
    return tableList(
      this.db,
      {
        from: ENTRIES,
        columns: ENTRY_COLUMNS,
        // The entry's search text (see tables.ts: a trigram index serves it).
        search: e.search_text,
        sortColumns: {
          progressive: e.progressive,
          fiscal_year: e.fiscal_year,
          business_entity: be.name,
          registration_date: e.registration_date,
          taxable_amount: e.taxable_cents,
          total: e.total_cents,
          payment_type: e.payment_type,
        },
        // Spec 002 §2: the movements open by fiscal year, newest first.
        defaultSort: [e.fiscal_year, e.progressive],
        defaultOrder: 'desc',
        tieBreaker: e.id,
      },
      toEntry,
    );
  }

  async get(id: string, db: DbOrTx = this.db): Promise<AccountingEntry | null> {
    const [row] = await selectRows(db, ENTRIES, ENTRY_COLUMNS, eq(e.id, id), { limit: 1 });
    return row ? toEntry(row) : null;
  }

  /** The entry's attachment file id: null without one, undefined when there is no such entry. */
  async attachmentFileId(id: string): Promise<string | null | undefined> {
    const [row] = await this.db.select({ file: e.attachment_file_id }).from(e).where(eq(e.id, id)).limit(1);
    return row ? row.file : undefined;
  }

  /** The entry, its row locked until the transaction ends. */
  lockEntry(tx: DbOrTx, id: string): Promise<EntryRow | null> {
    return lockedEntry(tx, eq(e.id, id));
  }

  /** The entry a member payment posted, its row locked until the transaction ends. */
  entryOfPayment(tx: DbOrTx, paymentId: string): Promise<EntryRow | null> {
    return lockedEntry(tx, eq(e.payment_id, paymentId));
  }

  /**
   * Gives the entry the next progressive number of its fiscal year. The counter row stays locked until the
   * transaction ends, so concurrent entries of one year are numbered one after the other and a rolled-back entry
   * gives its number back; callers make this their transaction's last statement, so the lock is held only until
   * the commit.
   */
  async assignNextProgressive(tx: DbOrTx, entryId: string, fiscalYear: string): Promise<void> {
    const c = finance_accounting_counters;
    await tx.execute(
      sql`with n as (insert into ${c} (fiscal_year, last_progressive) values (${fiscalYear}, 1) on conflict (fiscal_year) do update set last_progressive = ${c}.last_progressive + 1 returning last_progressive)
          update ${e} set progressive = n.last_progressive from n where ${e.id} = ${entryId}`,
    );
  }

  /** A manual number: the counter moves past it, so automatic numbers never collide with it. */
  async claimProgressive(tx: DbOrTx, fiscalYear: string, progressive: number): Promise<void> {
    const c = finance_accounting_counters;
    await tx.execute(
      sql`insert into ${c} (fiscal_year, last_progressive) values (${fiscalYear}, ${progressive}) on conflict (fiscal_year) do update set last_progressive = greatest(${c}.last_progressive, ${progressive})`,
    );
  }

  async insert(tx: DbOrTx, values: EntryValues): Promise<string> {
    const [row] = await tx.insert(e).values(header(values)).returning({ id: e.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    await this.writeLines(tx, row.id, values.lines);
    await this.refreshSearchText(tx, eq(e.id, row.id));
    return row.id;
  }

  async update(tx: DbOrTx, id: string, values: EntryValues): Promise<void> {
    await tx.update(e).set(header(values)).where(eq(e.id, id));
    await tx.delete(it).where(eq(it.entry_id, id));
    await this.writeLines(tx, id, values.lines);
    await this.refreshSearchText(tx, eq(e.id, id));
  }

  private async writeLines(tx: DbOrTx, entryId: string, lines: EntryValues['lines']) {
    await tx.insert(it).values(
      lines.map((l, position) => ({
        entry_id: entryId,
        position,
        subaccount_id: l.subaccount_id,
        description: l.description,
        taxable_cents: l.taxable_cents,
        vat_cents: l.vat_cents,
        total_cents: l.taxable_cents + l.vat_cents,
      })),
    );
  }

  async setAttachment(tx: DbOrTx, id: string, fileId: string | null): Promise<void> {
    await tx.update(e).set({ attachment_file_id: fileId }).where(eq(e.id, id));
  }

  async replacePostings(tx: DbOrTx, entryId: string, postings: readonly Posting[]): Promise<void> {
    await tx.delete(p).where(eq(p.entry_id, entryId));
    if (postings.length) await tx.insert(p).values(postings.map((x) => ({ entry_id: entryId, ...x })));
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(e).where(eq(e.id, id));
  }

  async businessEntityExists(tx: DbOrTx, id: string): Promise<boolean> {
    return (await tx.select({ id: be.id }).from(be).where(eq(be.id, id)).limit(1)).length > 0;
  }

  /** Each subaccount moved in the fiscal year with its debits and credits (bigint sums of cents), by account and code. */
  async trialBalance(fiscalYear: string): Promise<TrialBalanceRow[]> {
    const rows = await this.db
      .select({
        subaccount_id: s.id,
        subaccount_code: s.code,
        subaccount_name: s.name,
        account_id: a.id,
        account_code: a.code,
        account_name: a.name,
        ledger_type: sql<LedgerType>`${a.ledger_type}`,
        debit: sumCents(p.debit_cents),
        credit: sumCents(p.credit_cents),
      })
      .from(p)
      .innerJoin(e, eq(e.id, p.entry_id))
      .innerJoin(s, eq(s.id, p.subaccount_id))
      .innerJoin(a, eq(a.id, s.account_id))
      .where(eq(e.fiscal_year, fiscalYear))
      .groupBy(s.id, s.code, s.name, a.id, a.code, a.name, a.ledger_type)
      .orderBy(a.code, s.code);
    return rows.map((r) => ({
      subaccount: { _id: r.subaccount_id, subaccount_id: r.subaccount_code, name: r.subaccount_name },
      account: { _id: r.account_id, account_id: r.account_code, name: r.account_name },
      ledger_type: r.ledger_type,
      debit: centsToEuro(r.debit),
      credit: centsToEuro(r.credit),
      balance: centsToEuro(r.debit - r.credit),
    }));
  }

  /** Total debits and credits of a fiscal year (or of every year), in cents. */
  async totals(fiscalYear?: string): Promise<{ debit: number; credit: number }> {
    const [row] = await this.db
      .select({ debit: sumCents(p.debit_cents), credit: sumCents(p.credit_cents) })
      .from(p)
      .innerJoin(e, eq(e.id, p.entry_id))
      .where(fiscalYear ? eq(e.fiscal_year, fiscalYear) : undefined);
    return { debit: row?.debit ?? 0, credit: row?.credit ?? 0 };
  }
}

async function lockedEntry(tx: DbOrTx, where: SQL): Promise<EntryRow | null> {
  const columns = {
    id: e.id,
    fiscal_year: e.fiscal_year,
    progressive: e.progressive,
    registration_date: e.registration_date,
    payment_id: e.payment_id,
    attachment_file_id: e.attachment_file_id,
  };
  const [row] = await tx.select(columns).from(e).where(where).for('update');
  return row ?? null;
}

const header = (v: EntryValues) => {
  const first = v.lines[0]!;
  const taxable = v.lines.reduce((sum, l) => sum + l.taxable_cents, 0);
  const vat = v.lines.reduce((sum, l) => sum + l.vat_cents, 0);
  return {
    fiscal_year: v.fiscal_year,
    progressive: v.progressive,
    registration_date: v.registration_date,
    document_number: v.document_number,
    business_entity_id: v.business_entity_id,
    payment_type: v.payment_type,
    notes: v.notes,
    payment_id: v.payment_id,
    subaccount_id: first.subaccount_id,
    description:
      v.lines.length === 1
        ? first.description
        : v.lines
            .map((l) => l.description)
            .filter(Boolean)
            .join(' · ') || null,
    taxable_cents: taxable,
    vat_cents: vat,
    total_cents: taxable + vat,
  };
};

function toEntry(r: RowOf<typeof ENTRIES, typeof ENTRY_COLUMNS>): AccountingEntry {
  return {
    _id: r._id,
    progressive: r.progressive,
    fiscal_year: r.fiscal_year,
    ledger_type: r.ledger_type,
    account_name: r.account_name,
    subaccount: r.subaccount,
    description: r.description,
    document_number: r.document_number,
    business_entity: r.business_entity,
    registration_date: r.registration_date,
    taxable_amount: centsToEuro(r.taxable_cents),
    vat: centsToEuro(r.vat_cents),
    total: centsToEuro(r.total_cents),
    payment_type: r.payment_type,
    notes: r.notes,
    attachment:
      r.attachment_id && r.attachment_name && r.attachment_mime && r.attachment_size !== null
        ? { url: `/api/v1/finance/accounting-entry/${r._id}/attachment`, name: r.attachment_name, mime: r.attachment_mime, size: r.attachment_size }
        : null,
    items: (r.items ?? []).map((i) => ({
      _id: i._id,
      subaccount: i.subaccount,
      description: i.description,
      taxable_amount: centsToEuro(Number(i.taxable_cents)),
      vat: centsToEuro(Number(i.vat_cents)),
      total: centsToEuro(Number(i.total_cents)),
    })),
    payment: r.payment_id && r.charge_id ? { _id: r.payment_id, charge_id: r.charge_id } : null,
    created_at: r.created_at,
  };
}
