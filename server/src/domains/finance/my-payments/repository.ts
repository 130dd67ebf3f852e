import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { type MyPayment, type PaymentType, centsToEuro } from 'shared-api/contract';
import type { Db } from '../../../core/db/client';
import { selectRows } from '../../../core/list';
import { CHARGES, CHARGE_COLUMNS, remainingCents, toCharge } from '../member-charges/repository';
import { finance_income_categories, finance_member_charges, finance_member_payments, finance_self_certifications } from '../tables';

const c = finance_member_charges;
const mp = finance_member_payments;
const ic = finance_income_categories;
const sc = finance_self_certifications;

/** What a member reads of their own payments (I miei pagamenti): SQL only. */
export class MyPaymentsRepository {
  constructor(private readonly db: Db) {}

  /** The member's payments of their charges, newest first. */
  async madeBy(userId: string): Promise<MyPayment[]> {
    const rows = await this.db
      .select({
        id: mp.id,
        date: mp.payment_date,
        amount: mp.amount_cents,
        payment_type: sql<PaymentType>`${mp.payment_type}`,
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
      payment_type: r.payment_type,
    }));
  }

  /** The member's charges with something left to pay: the total due and what is paid so far. */
  async pendingOf(userId: string): Promise<MyPayment[]> {
    const rows = await selectRows(this.db, CHARGES, CHARGE_COLUMNS, and(eq(c.user_id, userId), gt(remainingCents, 0)), {
      orderBy: [asc(c.start_date), asc(c.code)],
    });
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
