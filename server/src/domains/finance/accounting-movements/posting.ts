import type { LedgerType } from 'shared-api/contract';

/** One debit or credit of an entry on a subaccount, in cents. */
export interface Posting {
  subaccount_id: string;
  debit_cents: number;
  credit_cents: number;
}

/** The side on which a ledger's subaccount grows: costs and assets on the debit side, revenues and liabilities on the credit side. */
export const naturalSide = (ledger: LedgerType): 'debit' | 'credit' => (ledger === 'Costi' || ledger === 'Patrimoniale attivo' ? 'debit' : 'credit');

/**
 * The double entry of a manual movement: each line on its subaccount's natural side, and the cash or bank
 * subaccount of its payment type on the other side for the net amount, so debits equal credits to the cent.
 */
export function manualPostings(
  lines: readonly { subaccount_id: string; ledger_type: LedgerType; total_cents: number }[],
  paymentSubaccountId: string,
): Posting[] {
  const postings: Posting[] = [];
  let net = 0;
  for (const line of lines) {
    if (line.total_cents === 0) continue;
    if (naturalSide(line.ledger_type) === 'debit') {
      postings.push({ subaccount_id: line.subaccount_id, debit_cents: line.total_cents, credit_cents: 0 });
      net += line.total_cents;
    } else {
      postings.push({ subaccount_id: line.subaccount_id, debit_cents: 0, credit_cents: line.total_cents });
      net -= line.total_cents;
    }
  }
  if (net > 0) postings.push({ subaccount_id: paymentSubaccountId, debit_cents: 0, credit_cents: net });
  if (net < 0) postings.push({ subaccount_id: paymentSubaccountId, debit_cents: -net, credit_cents: 0 });
  return postings;
}

/** A member payment: the asset subaccount of its payment type is debited, the category's economic subaccount credited. */
export const paymentPostings = (assetId: string, economicId: string, amountCents: number): Posting[] => [
  { subaccount_id: assetId, debit_cents: amountCents, credit_cents: 0 },
  { subaccount_id: economicId, debit_cents: 0, credit_cents: amountCents },
];
