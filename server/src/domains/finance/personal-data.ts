/**
 * The finance domain's part of a member's personal data (issue 28): their charges with the payments of each and their
 * self-certifications in dati.json. Anonymised, charges, payments and the ledger's entries stay with their amounts, so
 * the books and the trial balance are the same before and after; the entries their payments posted, described with
 * the member's name before issue 39, are described by the charge's code alone (their lines and search text too).
 */
import { eq, inArray } from 'drizzle-orm';
import type { PersonalDataPart } from '../../core/domain';
import { refreshEntrySearchText } from './accounting-movements/repository';
import { paymentEntryDescription } from './member-charges/description';
import {
  finance_accounting_entries,
  finance_accounting_items,
  finance_income_categories,
  finance_member_charges,
  finance_member_payments,
  finance_self_certifications,
} from './tables';

export const financePersonalData: PersonalDataPart = {
  forgets: ['payment_descriptions'],
  async export(db, userId) {
    const charges = await db
      .select({
        id: finance_member_charges.id,
        codice: finance_member_charges.code,
        categoria: finance_income_categories.name,
        descrizione: finance_member_charges.description,
        dal: finance_member_charges.start_date,
        al: finance_member_charges.end_date,
        importo_dovuto_centesimi: finance_member_charges.amount_due_cents,
        creato_il: finance_member_charges.created_at,
      })
      .from(finance_member_charges)
      .leftJoin(finance_income_categories, eq(finance_income_categories.id, finance_member_charges.income_category_id))
      .where(eq(finance_member_charges.user_id, userId))
      .orderBy(finance_member_charges.start_date);
    const payments = charges.length
      ? await db
          .select()
          .from(finance_member_payments)
          .where(
            inArray(
              finance_member_payments.charge_id,
              charges.map((c) => c.id),
            ),
          )
          .orderBy(finance_member_payments.payment_date)
      : [];
    const addebiti = charges.map(({ id, ...charge }) => ({
      ...charge,
      pagamenti: payments
        .filter((p) => p.charge_id === id)
        .map((p) => ({ data: p.payment_date, importo_centesimi: p.amount_cents, tipo: p.payment_type })),
    }));
    const autocertificazioni = await db
      .select({
        anno: finance_self_certifications.year,
        mese: finance_self_certifications.month,
        importo_centesimi: finance_self_certifications.amount_cents,
        emessa_il: finance_self_certifications.issue_date,
      })
      .from(finance_self_certifications)
      .where(eq(finance_self_certifications.user_id, userId))
      .orderBy(finance_self_certifications.year, finance_self_certifications.month);
    return { sections: { addebiti, autocertificazioni } };
  },
  async anonymize(tx, userId) {
    const posted = await tx
      .select({ entry: finance_accounting_entries.id, code: finance_member_charges.code })
      .from(finance_accounting_entries)
      .innerJoin(finance_member_payments, eq(finance_member_payments.id, finance_accounting_entries.payment_id))
      .innerJoin(finance_member_charges, eq(finance_member_charges.id, finance_member_payments.charge_id))
      .where(eq(finance_member_charges.user_id, userId));
    for (const { entry, code } of posted) {
      const description = paymentEntryDescription(code);
      await tx.update(finance_accounting_entries).set({ description }).where(eq(finance_accounting_entries.id, entry));
      await tx.update(finance_accounting_items).set({ description }).where(eq(finance_accounting_items.entry_id, entry));
    }
    if (posted.length) {
      await refreshEntrySearchText(
        tx,
        inArray(
          finance_accounting_entries.id,
          posted.map((p) => p.entry),
        ),
      );
    }
  },
};
