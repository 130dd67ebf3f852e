import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type MemberCharge, type MemberPayment, type PaymentType, centsToEuro } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { type ListSource, type RowOf, joinOnKey, leftJoinOn, listFrom, searchableText, selectRows, tableList } from '../../../core/list';
import { users } from '../../registry/tables';
import { isoTimestamp, sumCents } from '../sql';
import { finance_accounting_entries, finance_income_categories, finance_member_charges, finance_member_payments } from '../tables';

export const CHARGE_SORT_KEYS = [
  'code',
  'user',
  'description',
  'income_category',
  'start_date',
  'end_date',
  'amount_remaining',
  'amount_paid',
  'amount_due',
  'last_payment_date',
  'created_at',
] as const;
export type ChargeSortKey = (typeof CHARGE_SORT_KEYS)[number];

const c = finance_member_charges;
const mp = finance_member_payments;
const ic = finance_income_categories;

export interface ChargeValues {
  user_id: string;
  income_category_id: string;
  description: string | null;
  start_date: string;
  end_date: string;
  amount_due_cents: number;
  notes: string | null;
}

export interface LockedCharge {
  id: string;
  code: number;
  user_id: string;
  name: string;
  surname: string;
  income_category_id: string | null;
  amount_due_cents: number;
}

/** Paid amount and last payment date of every charge, from its payments. */
const paid = new QueryBuilder()
  .select({
    charge_id: mp.charge_id,
    paid: sql<string>`sum(${mp.amount_cents})::bigint`.as('paid_cents'),
    last: sql<string>`max(${mp.payment_date})`.as('last_payment'),
  })
  .from(mp)
  .groupBy(mp.charge_id)
  .as('paid');
const paidCents = sql<number>`coalesce(${paid.paid}, 0)`;
/** What remains to pay of a charge, in cents. */
export const remainingCents = sql<number>`${c.amount_due_cents} - ${paidCents}`;

/** A charge with its member, its income category (if any) and what its payments add up to. */
export const CHARGES = listFrom(
  c,
  joinOnKey(users, eq(users.id, c.user_id)),
  leftJoinOn(ic, eq(ic.id, c.income_category_id)),
  leftJoinOn(paid, eq(paid.charge_id, c.id)),
);
export const CHARGE_COLUMNS = {
  _id: c.id,
  code: c.code,
  user: sql<MemberCharge['user']>`json_build_object('_id', ${users.id}, 'name', ${users.name}, 'surname', ${users.surname})`,
  description: c.description,
  income_category: sql<
    MemberCharge['income_category']
  >`case when ${ic.id} is null then null else json_build_object('_id', ${ic.id}, 'name', ${ic.name}) end`,
  start_date: c.start_date,
  end_date: c.end_date,
  amount_due_cents: c.amount_due_cents,
  paid_cents: sql<string>`${paidCents}::bigint`,
  last_payment_date: sql<string | null>`${paid.last}::text`,
  created_at: isoTimestamp(c.created_at),
  notes: c.notes,
};

/** Member charges and their payments: SQL only. */
export class MemberChargeRepository {
  constructor(private readonly db: Db) {}

  listSource(): ListSource<MemberCharge, ChargeSortKey> {
    return tableList(
      this.db,
      {
        from: CHARGES,
        columns: CHARGE_COLUMNS,
        search: searchableText(c.code, users.surname, users.name, c.description, ic.name, c.notes),
        sortColumns: {
          code: c.code,
          user: sql`${users.surname} || ' ' || ${users.name}`,
          description: c.description,
          income_category: ic.name,
          start_date: c.start_date,
          end_date: c.end_date,
          amount_remaining: remainingCents,
          amount_paid: paidCents,
          amount_due: c.amount_due_cents,
          last_payment_date: sql`${paid.last}`,
          created_at: c.created_at,
        },
        defaultSort: [c.code],
        tieBreaker: c.id,
      },
      toCharge,
    );
  }

  async get(id: string): Promise<MemberCharge | null> {
    const [row] = await selectRows(this.db, CHARGES, CHARGE_COLUMNS, eq(c.id, id), { limit: 1 });
    return row ? toCharge(row) : null;
  }

  async byIds(ids: readonly string[]): Promise<MemberCharge[]> {
    if (!ids.length) return [];
    return (await selectRows(this.db, CHARGES, CHARGE_COLUMNS, inArray(c.id, [...ids]), { orderBy: [asc(c.code)] })).map(toCharge);
  }

  async usersExist(tx: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [...ids]));
    return new Set(rows.map((r) => r.id));
  }

  async categoryExists(tx: DbOrTx, id: string): Promise<boolean> {
    return (await tx.select({ id: ic.id }).from(ic).where(eq(ic.id, id)).limit(1)).length > 0;
  }

  async insertMany(tx: DbOrTx, values: ChargeValues[]): Promise<string[]> {
    const rows = await tx.insert(c).values(values).returning({ id: c.id, code: c.code });
    return rows.sort((x, y) => x.code - y.code).map((r) => r.id);
  }

  async update(tx: DbOrTx, id: string, values: ChargeValues): Promise<void> {
    await tx.update(c).set(values).where(eq(c.id, id));
  }

  async delete(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(c).where(eq(c.id, id));
  }

  /** Locks the charge: its payments are checked and written one transaction at a time. */
  async lock(tx: DbOrTx, id: string): Promise<LockedCharge | null> {
    const [row] = await tx
      .select({ id: c.id, code: c.code, user_id: c.user_id, income_category_id: c.income_category_id, amount_due_cents: c.amount_due_cents })
      .from(c)
      .where(eq(c.id, id))
      .for('update');
    if (!row) return null;
    const [person] = await tx.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, row.user_id));
    return { ...row, name: person?.name ?? '', surname: person?.surname ?? '' };
  }

  /** Sum of the charge's payments in cents, leaving one payment out (the one being edited). */
  async paidCents(tx: DbOrTx, chargeId: string, exceptPaymentId?: string): Promise<number> {
    const [row] = await tx
      .select({ paid: sumCents(mp.amount_cents) })
      .from(mp)
      .where(and(eq(mp.charge_id, chargeId), exceptPaymentId ? ne(mp.id, exceptPaymentId) : undefined));
    return row?.paid ?? 0;
  }

  async paymentCount(tx: DbOrTx, chargeId: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(mp)
      .where(eq(mp.charge_id, chargeId));
    return row?.n ?? 0;
  }

  async payments(chargeId: string): Promise<MemberPayment[]> {
    const e = finance_accounting_entries;
    const rows = await this.db
      .select({
        _id: mp.id,
        charge_id: mp.charge_id,
        amount_cents: mp.amount_cents,
        payment_date: mp.payment_date,
        payment_type: sql<PaymentType>`${mp.payment_type}`,
        name: users.name,
        surname: users.surname,
        user_id: users.id,
        entry_id: e.id,
        fiscal_year: e.fiscal_year,
        progressive: e.progressive,
      })
      .from(mp)
      .innerJoin(c, eq(c.id, mp.charge_id))
      .innerJoin(users, eq(users.id, c.user_id))
      .leftJoin(e, eq(e.payment_id, mp.id))
      .where(eq(mp.charge_id, chargeId))
      .orderBy(asc(mp.payment_date), asc(mp.created_at), asc(mp.id));
    return rows.map((r) => ({
      _id: r._id,
      charge_id: r.charge_id,
      amount: centsToEuro(r.amount_cents),
      amount_collected: centsToEuro(r.amount_cents),
      date: r.payment_date,
      payment_date: r.payment_date,
      payment_type: r.payment_type,
      user: { _id: r.user_id, name: r.name, surname: r.surname },
      accounting_entry:
        r.entry_id && r.fiscal_year && r.progressive !== null ? { _id: r.entry_id, fiscal_year: r.fiscal_year, progressive: r.progressive } : null,
    }));
  }

  async payment(tx: DbOrTx, chargeId: string, paymentId: string) {
    const [row] = await tx
      .select()
      .from(mp)
      .where(and(eq(mp.id, paymentId), eq(mp.charge_id, chargeId)))
      .limit(1);
    return row ?? null;
  }

  async insertPayment(tx: DbOrTx, values: { charge_id: string; amount_cents: number; payment_date: string; payment_type: string }): Promise<string> {
    const [row] = await tx.insert(mp).values(values).returning({ id: mp.id });
    if (!row) throw new Error('INSERT senza riga restituita');
    return row.id;
  }

  async updatePayment(tx: DbOrTx, id: string, values: { amount_cents: number; payment_date: string; payment_type: string }): Promise<void> {
    await tx.update(mp).set(values).where(eq(mp.id, id));
  }

  async deletePayment(tx: DbOrTx, id: string): Promise<void> {
    await tx.delete(mp).where(eq(mp.id, id));
  }
}

/** A charge as the API answers it: euro, and what is paid and remains from its payments. */
export function toCharge(r: RowOf<typeof CHARGES, typeof CHARGE_COLUMNS>): MemberCharge {
  const paid = Number(r.paid_cents);
  return {
    _id: r._id,
    code: r.code,
    user: r.user,
    description: r.description,
    income_category: r.income_category,
    reference_period: { start_date: r.start_date, end_date: r.end_date },
    amount_due: centsToEuro(r.amount_due_cents),
    amount_paid: centsToEuro(paid),
    amount_remaining: centsToEuro(r.amount_due_cents - paid),
    last_payment_date: r.last_payment_date,
    created_at: r.created_at,
    notes: r.notes,
  };
}
