import {
  NO_BANK_SUBACCOUNT,
  NO_CASH_SUBACCOUNT,
  NO_INCOME_CATEGORY_FOUND,
  type MemberCharge,
  type MemberChargeEditPayload,
  type MemberChargePayload,
  type MemberPayment,
  type PaymentPayload,
  centsToEuro,
  euroToCents,
  fiscalYearOf,
  latestPaymentDate,
} from 'shared-api/contract';
import type { Db, DbOrTx } from '../../../core/db/client';
import { DomainError } from '../../../core/errors';
import { ListedRecords } from '../../../core/resources/service';
import type { AccountingMovementService, PaymentPosting } from '../accounting-movements/service';
import type { IncomeCategoryRepository } from '../income-categories/repository';
import type { ChargeSortKey, LockedCharge, MemberChargeRepository } from './repository';
import { paymentEntryDescription } from './description';

const euroText = (cents: number) => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(centsToEuro(cents));

/**
 * Member charges and their payments: what a member owes, paid and remaining from the payments, no payment above
 * what remains, and every payment posted to the books in its own transaction (docs/finance.md: posting).
 */
export class MemberChargeService extends ListedRecords<MemberCharge, ChargeSortKey> {
  constructor(
    private readonly db: Db,
    private readonly repo: MemberChargeRepository,
    private readonly categories: IncomeCategoryRepository,
    private readonly movements: AccountingMovementService,
    private readonly today: () => string,
  ) {
    super(repo, 'MEMBER_CHARGE_NOT_FOUND');
  }

  private async checkRefs(tx: DbOrTx, userIds: readonly string[], categoryId: string) {
    const found = await this.repo.usersExist(tx, userIds);
    const missing = userIds.filter((u) => !found.has(u));
    if (missing.length)
      throw new DomainError('VALIDATION_FAILED', `user: ${missing.length === 1 ? 'Utente non trovato' : `${missing.length} utenti non trovati`}`);
    if (!(await this.repo.categoryExists(tx, categoryId)))
      throw new DomainError('VALIDATION_FAILED', 'income_category: Categoria di entrata non trovata');
  }

  /** One charge for each user chosen (up to 1000), all or none. */
  async create(payload: MemberChargePayload): Promise<MemberCharge[]> {
    const ids = await this.db.transaction(async (tx) => {
      await this.checkRefs(tx, payload.user, payload.income_category);
      return this.repo.insertMany(
        tx,
        payload.user.map((user_id) => ({
          user_id,
          income_category_id: payload.income_category,
          description: payload.description,
          start_date: payload.reference_period.start_date,
          end_date: payload.reference_period.end_date,
          amount_due_cents: euroToCents(payload.amount_due),
          notes: payload.notes,
        })),
      );
    });
    return this.repo.byIds(ids);
  }

  /**
   * The amount due cannot go below what is paid; the income category and the member cannot change once payments
   * are posted with them (their entries use the category's subaccounts).
   */
  async update(id: string, payload: MemberChargeEditPayload): Promise<MemberCharge> {
    await this.db.transaction(async (tx) => {
      const charge = await this.repo.lock(tx, id);
      if (!charge) throw new DomainError('MEMBER_CHARGE_NOT_FOUND');
      await this.checkRefs(tx, [payload.user], payload.income_category);
      const paid = await this.repo.paidCents(tx, id);
      const due = euroToCents(payload.amount_due);
      if (due < paid)
        throw new DomainError(
          'MEMBER_CHARGE_BELOW_PAID',
          `amount_due: L'importo dovuto non può essere inferiore a quanto già pagato (${euroText(paid)})`,
        );
      const payments = await this.repo.paymentCount(tx, id);
      if (payments > 0 && payload.income_category !== charge.income_category_id) throw new DomainError('MEMBER_CHARGE_CATEGORY_LOCKED');
      if (payments > 0 && payload.user !== charge.user_id) throw new DomainError('MEMBER_CHARGE_USER_LOCKED');
      await this.repo.update(tx, id, {
        user_id: payload.user,
        income_category_id: payload.income_category,
        description: payload.description,
        start_date: payload.reference_period.start_date,
        end_date: payload.reference_period.end_date,
        amount_due_cents: due,
        notes: payload.notes,
      });
    });
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const charge = await this.repo.lock(tx, id);
      if (!charge) throw new DomainError('MEMBER_CHARGE_NOT_FOUND');
      const payments = await this.repo.paymentCount(tx, id);
      if (payments > 0) {
        throw new DomainError(
          'MEMBER_CHARGE_HAS_PAYMENTS',
          `Impossibile eliminare l'incasso socio: ha ${payments === 1 ? '1 pagamento registrato' : `${payments} pagamenti registrati`}.`,
        );
      }
      await this.repo.delete(tx, id);
    });
  }

  // ——— payments ———

  async payments(chargeId: string): Promise<MemberPayment[]> {
    await this.get(chargeId);
    return this.repo.payments(chargeId);
  }

  /** A payment dated more than PAYMENT_DATE_MAX_DAYS_AHEAD after today is a typing slip (issue 26 item 7: one dated 2030). */
  private assertDateNotTooFar(payload: PaymentPayload): void {
    if (payload.payment_date > latestPaymentDate(this.today())) throw new DomainError('PAYMENT_DATE_TOO_FAR');
  }

  /** Locks the charge, checks the amount against what remains, writes the payment and posts its entry: one transaction. */
  async addPayment(chargeId: string, payload: PaymentPayload): Promise<MemberPayment> {
    this.assertDateNotTooFar(payload);
    const paymentId = await this.db.transaction(async (tx) => {
      const charge = await this.repo.lock(tx, chargeId);
      if (!charge) throw new DomainError('MEMBER_CHARGE_NOT_FOUND');
      const amount = euroToCents(payload.amount_paid);
      await this.assertWithinRemaining(tx, charge, amount);
      const id = await this.repo.insertPayment(tx, {
        charge_id: chargeId,
        amount_cents: amount,
        payment_date: payload.payment_date,
        payment_type: payload.payment_type,
      });
      await this.movements.postPayment(tx, await this.postingOf(tx, charge, id, payload));
      return id;
    });
    return this.paymentOf(chargeId, paymentId);
  }

  async editPayment(chargeId: string, paymentId: string, payload: PaymentPayload): Promise<MemberPayment> {
    this.assertDateNotTooFar(payload);
    await this.db.transaction(async (tx) => {
      const charge = await this.repo.lock(tx, chargeId);
      if (!charge) throw new DomainError('MEMBER_CHARGE_NOT_FOUND');
      if (!(await this.repo.payment(tx, chargeId, paymentId))) throw new DomainError('PAYMENT_NOT_FOUND');
      const amount = euroToCents(payload.amount_paid);
      await this.assertWithinRemaining(tx, charge, amount, paymentId);
      await this.repo.updatePayment(tx, paymentId, { amount_cents: amount, payment_date: payload.payment_date, payment_type: payload.payment_type });
      await this.movements.repostPayment(tx, await this.postingOf(tx, charge, paymentId, payload));
    });
    return this.paymentOf(chargeId, paymentId);
  }

  async removePayment(chargeId: string, paymentId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const charge = await this.repo.lock(tx, chargeId);
      if (!charge) throw new DomainError('MEMBER_CHARGE_NOT_FOUND');
      if (!(await this.repo.payment(tx, chargeId, paymentId))) throw new DomainError('PAYMENT_NOT_FOUND');
      await this.movements.unpostPayment(tx, paymentId);
      await this.repo.deletePayment(tx, paymentId);
    });
  }

  private async assertWithinRemaining(tx: DbOrTx, charge: LockedCharge, amountCents: number, exceptPaymentId?: string) {
    const remaining = charge.amount_due_cents - (await this.repo.paidCents(tx, charge.id, exceptPaymentId));
    if (amountCents > remaining) {
      throw new DomainError(
        'PAYMENT_EXCEEDS_REMAINING',
        `amount_paid: L'importo del pagamento (${euroText(amountCents)}) supera quanto resta da pagare (${euroText(remaining)})`,
      );
    }
  }

  /** The subaccounts the payment posts to, from the charge's income category; missing ones refuse the payment (spec 002 §8). */
  private async postingOf(tx: DbOrTx, charge: LockedCharge, paymentId: string, payload: PaymentPayload): Promise<PaymentPosting> {
    if (!charge.income_category_id) throw new DomainError('NO_INCOME_CATEGORY', NO_INCOME_CATEGORY_FOUND);
    const found = await this.categories.postingSubaccounts(tx, charge.income_category_id, payload.payment_type);
    if (!found.exists) throw new DomainError('NO_INCOME_CATEGORY', NO_INCOME_CATEGORY_FOUND);
    if (!found.asset)
      throw payload.payment_type === 'cash'
        ? new DomainError('NO_CASH_SUBACCOUNT', NO_CASH_SUBACCOUNT)
        : new DomainError('NO_BANK_SUBACCOUNT', NO_BANK_SUBACCOUNT);
    if (!found.economic) throw new DomainError('NO_INCOME_CATEGORY', NO_INCOME_CATEGORY_FOUND);
    return {
      paymentId,
      date: payload.payment_date,
      fiscalYear: fiscalYearOf(payload.payment_date),
      paymentType: payload.payment_type,
      amountCents: euroToCents(payload.amount_paid),
      assetSubaccountId: found.asset,
      economicSubaccountId: found.economic,
      // The charge's code, not the member's name (issue 39): the books outlive the member's anonymisation.
      description: paymentEntryDescription(charge.code),
    };
  }

  private async paymentOf(chargeId: string, paymentId: string): Promise<MemberPayment> {
    const found = (await this.repo.payments(chargeId)).find((p) => p._id === paymentId);
    if (!found) throw new DomainError('PAYMENT_NOT_FOUND');
    return found;
  }
}
