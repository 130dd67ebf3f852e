import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { type ListMeta, type MemberCharge, type MemberPayment, type MyPayment, type PaymentType, centsToEuro } from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { countJoinedRows, type ListRequest, type ListSource, readAll, readPage, searchableText, withPage } from '../../../core/list';
import { users } from '../../registry/tables';
import { isoTimestamp, sumCents } from '../sql';
import {
  finance_accounting_entries,
  finance_income_categories,
  finance_member_charges,
  finance_member_payments,
  finance_self_certifications,
} from '../tables';

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

/** Member charges, their payments and what a member reads of them: SQL only. */
export class ChargeRepository {
  constructor(private readonly db: Db) {}

  /** Paid amount and last payment date of every charge, from its payments. */
  private paidTotals() {
    return this.db
      .select({
        charge_id: mp.charge_id,
        paid: sql<string>`sum(${mp.amount_cents})::bigint`.as('paid_cents'),
        last: sql<string>`max(${mp.payment_date})`.as('last_payment'),
      })
      .from(mp)
      .groupBy(mp.charge_id)
      .as('paid');
  }

  private query() {
    const paid = this.paidTotals();
    const paidCents = sql<number>`coalesce(${paid.paid}, 0)`;
    return {
      paid,
      paidCents,
      select: this.db
        .select({
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
        })
        .from(c)
        .innerJoin(users, eq(users.id, c.user_id))
        .leftJoin(ic, eq(ic.id, c.income_category_id))
        .leftJoin(paid, eq(paid.charge_id, c.id))
        .$dynamic(),
    };
  }

  private source(): ListSource<MemberCharge, ChargeSortKey> {
    const { paid, paidCents, select } = this.query();
    return {
      search: searchableText(c.code, users.surname, users.name, c.description, ic.name, c.notes),
      sortColumns: {
        code: c.code,
        user: sql`${users.surname} || ' ' || ${users.name}`,
        description: c.description,
        income_category: ic.name,
        start_date: c.start_date,
        end_date: c.end_date,
        amount_remaining: sql`${c.amount_due_cents} - ${paidCents}`,
        amount_paid: paidCents,
        amount_due: c.amount_due_cents,
        last_payment_date: sql`${paid.last}`,
        created_at: c.created_at,
      },
      defaultSort: [c.code],
      tieBreaker: c.id,
      rows: async (where, orderBy, limit, offset) => (await withPage(select.where(where).orderBy(...orderBy), limit, offset)).map(toCharge),
      count: (where) =>
        countJoinedRows(
          this.db,
          c,
          [
            { table: users, on: eq(users.id, c.user_id) },
            { table: ic, on: eq(ic.id, c.income_category_id), left: true },
          ],
          where,
        ),
    };
  }

  list(request: ListRequest<ChargeSortKey>): Promise<{ data: MemberCharge[]; meta: ListMeta }> {
    return readPage(this.source(), request);
  }

  listAll(request: Omit<ListRequest<ChargeSortKey>, 'page' | 'limit'>): Promise<MemberCharge[]> {
    return readAll(this.source(), request);
  }

  async get(id: string): Promise<MemberCharge | null> {
    const [row] = await this.query().select.where(eq(c.id, id)).limit(1);
    return row ? toCharge(row) : null;
  }

  async byIds(ids: readonly string[]): Promise<MemberCharge[]> {
    if (!ids.length) return [];
    return (
      await this.query()
        .select.where(inArray(c.id, [...ids]))
        .orderBy(asc(c.code))
    ).map(toCharge);
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

  // ——— I miei pagamenti ———

  /** The member's payments of their charges, newest first. */
  async madeBy(userId: string): Promise<MyPayment[]> {
    const rows = await this.db
      .select({
        id: mp.id,
        date: mp.payment_date,
        amount: mp.amount_cents,
        payment_type: mp.payment_type,
        description: c.description,
        category: ic.name,
        code: c.code,
      })
      .from(mp)
      .innerJoin(c, eq(c.id, mp.charge_id))
      .leftJoin(ic, eq(ic.id, c.income_category_id))
      .where(eq(c.user_id, userId))
      .orderBy(desc(mp.payment_date), desc(mp.created_at));
    return rows.map((r) => ({
      _id: r.id,
      title: r.description ?? r.category ?? `Incasso n. ${r.code}`,
      date: r.date,
      amount: centsToEuro(r.amount),
      type: 'made' as const,
      payment_type: r.payment_type as PaymentType,
    }));
  }

  /** The member's charges with something left to pay: the total due and what is paid so far. */
  async pendingOf(userId: string): Promise<MyPayment[]> {
    const { paidCents, select } = this.query();
    const rows = await select
      .where(and(eq(c.user_id, userId), gt(sql`${c.amount_due_cents} - ${paidCents}`, 0)))
      .orderBy(asc(c.start_date), asc(c.code));
    return rows.map(toCharge).map((charge) => ({
      _id: charge._id,
      title: charge.description ?? charge.income_category?.name ?? `Incasso n. ${charge.code}`,
      date: charge.reference_period.start_date,
      amount: charge.amount_due,
      amount_paid: charge.amount_paid,
      type: 'pending' as const,
    }));
  }

  /** What the club paid the member: their self-certified compensations, newest first. */
  async incomingTo(userId: string): Promise<MyPayment[]> {
    const sc = finance_self_certifications;
    const rows = await this.db
      .select({ id: sc.id, year: sc.year, month: sc.month, amount: sc.amount_cents, issue_date: sc.issue_date })
      .from(sc)
      .where(eq(sc.user_id, userId))
      .orderBy(desc(sc.year), desc(sc.month), desc(sc.issue_date));
    return rows.map((r) => ({
      _id: r.id,
      title: `Compenso ${String(r.month).padStart(2, '0')}/${r.year}`,
      date: r.issue_date,
      amount: centsToEuro(r.amount),
      type: 'incoming' as const,
    }));
  }
}

type Row = {
  _id: string;
  code: number;
  user: MemberCharge['user'];
  description: string | null;
  income_category: MemberCharge['income_category'];
  start_date: string;
  end_date: string;
  amount_due_cents: number;
  paid_cents: string | number;
  last_payment_date: string | null;
  created_at: string;
  notes: string | null;
};

function toCharge(r: Row): MemberCharge {
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
