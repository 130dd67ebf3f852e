/**
 * The description of the ledger entry a member's payment posts: the charge's code, never the member's name (issue 39:
 * the books are kept for years, the member's name not beyond their anonymisation; the entry links to its charge).
 */
export const paymentEntryDescription = (chargeCode: number | string): string => `Incasso n. ${chargeCode}`;
