/**
 * The finance area's calls (spec 002 §3, §5, §7; spec 000 §2.9 my payments). Money travels as euro with two
 * decimals, exactly as the spec shows it; the server keeps integer cents (euroToCents / centsToEuro in finance/fields.ts
 * are the one conversion). Bodies may come as JSON or, where a file is attached (accounting entries), as multipart whose
 * fields are text: the schemas accept both.
 *
 * One file per page of mf-finance (features/<the same name>), as the server's domains/finance folders.
 */
export { MAX_EURO, centsToEuro, entryPaymentType, euro, euroToCents, fiscalYear, ledgerType, paymentType, positiveEuro } from './finance/fields';
export * from './finance/accounts';
export * from './finance/subaccounts';
export * from './finance/income-categories';
export * from './finance/member-charges';
export * from './finance/business-entities';
export * from './finance/self-certifications';
export * from './finance/accounting-movements';
export * from './finance/my-payments';
