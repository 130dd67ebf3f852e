import { z } from 'zod';
import { REQUIRED, choice, email, id, isoDate, lineText, multilineText } from './common';
import { ENTRY_PAYMENT_TYPES, LEDGER_TYPES, PAYMENT_TYPES, PROVINCE_CODES } from './finance-constants';
import { storedFile } from './users';

/**
 * The finance area's calls (spec 002 §3, §5, §7; spec 000 §2.9 my payments). Money travels as euro with two
 * decimals, exactly as the spec shows it; the server keeps integer cents (euroToCents / centsToEuro below are the
 * one conversion). Bodies may come as JSON or, where a file is attached (accounting entries), as multipart whose
 * fields are text: the schemas accept both.
 */

// ——— shared pieces ———

/** A multipart field arrives as text: '' is absent, a number's text is the number. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const textToNumber = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim().replace(',', '.');
  if (t === '') return null;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : v;
};
/** A JSON-encoded value in a multipart field (items, lists). */
const jsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

const optionalText = (max = 2000) =>
  z.preprocess(blankToNull, lineText().max(max, `Al massimo ${max} caratteri`).nullish()).transform((v) => v ?? null);
/** Notes: a text area, several lines. */
const optionalLines = (max = 2000) =>
  z.preprocess(blankToNull, multilineText().max(max, `Al massimo ${max} caratteri`).nullish()).transform((v) => v ?? null);
const requiredText = (max = 200) => lineText({ error: REQUIRED }).min(1, REQUIRED).max(max, `Al massimo ${max} caratteri`);
/** A single select may send its choice alone, as a one-element list, or (multipart) as that list JSON-encoded. */
const unwrapOne = (v: unknown) => {
  const parsed = typeof v === 'string' && v.startsWith('[') ? jsonText(v) : v;
  return Array.isArray(parsed) && parsed.length <= 1 ? ((parsed[0] as unknown) ?? null) : parsed;
};
const singleId = z.preprocess(unwrapOne, id);
const optionalId = z.preprocess((v) => blankToNull(unwrapOne(v)), id.nullish()).transform((v) => v ?? null);

/** Largest amount the API takes: ten million euro (a bigint sum of cents never comes close to overflowing). */
export const MAX_EURO = 10_000_000;
/**
 * At most two decimals, exactly: the amount is the number nearest some whole cents (0.29 is held as 0.28999…, and
 * Math.round(0.29 * 100) / 100 gives that same number back). A tolerance would take 1.000000001 as 1.00 (issue 25).
 */
const twoDecimals = (v: number) => Math.round(v * 100) / 100 === v;

/**
 * An amount in euro: a number (or its text, '12,50' too) with at most two decimals, not negative
 * (spec 002 §9 'Euro values: two decimals'). 12.345 and -1 are refused with an Italian message.
 */
export const euro = z.preprocess(
  textToNumber,
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Importo non valido') })
    .min(0, { message: "L'importo non può essere negativo", abort: true })
    .max(MAX_EURO, `L'importo non può superare ${MAX_EURO.toLocaleString('it-IT')} €`)
    .refine(twoDecimals, 'Sono ammessi al massimo due decimali'),
);
/** An amount that must be above zero (what a member owes, what a payment pays). */
export const positiveEuro = euro.refine((v) => v > 0, "L'importo deve essere maggiore di zero");

/** Euro (two decimals at most, as validated) → integer cents: the only conversion, used by the server on every amount. */
export const euroToCents = (amount: number): number => Math.round(amount * 100);
/** Integer cents → euro as the API answers them. */
export const centsToEuro = (cents: number): number => cents / 100;

/** A whole number, also as multipart text. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    textToNumber,
    z
      .number({ error: 'Numero non valido' })
      .int('Valore decimale non consentito')
      .min(min, `Il valore deve essere compreso tra ${min} e ${max}`)
      .max(max, `Il valore deve essere compreso tra ${min} e ${max}`),
  );
const optionalWholeNumber = (min: number, max: number) => z.preprocess(blankToNull, wholeNumber(min, max).nullish()).transform((v) => v ?? null);

/** One id or a list of ids (a multi-select sends a list, a single select may send the id alone). */
const idOrIds = (min: number, max: number, tooMany: string) =>
  z.preprocess(
    (v) => {
      const parsed = jsonText(v);
      if (parsed === null || parsed === undefined || parsed === '') return [];
      return Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
    },
    z
      .array(id)
      .min(min, REQUIRED)
      .max(max, tooMany)
      .transform((ids) => [...new Set(ids)]),
  );

export const ledgerType = choice(LEDGER_TYPES);
export const paymentType = choice(PAYMENT_TYPES);
export const entryPaymentType = choice(ENTRY_PAYMENT_TYPES);

/**
 * Fiscal year as the spec writes it: '2031-2032', the second year following the first ('2031-2030' is refused).
 */
export const fiscalYear = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .regex(/^\d{4}-\d{4}$/, 'Anno fiscale non valido (formato atteso AAAA-AAAA, es. 2031-2032)')
  .refine((v) => Number(v.slice(5)) === Number(v.slice(0, 4)) + 1, 'Anno fiscale non valido: il secondo anno deve seguire il primo (es. 2031-2032)');

// ——— accounts (Inserimento conto) ———

/** POST/PATCH /finance/account. account_id: the numeric code, optional (the next free code when absent). */
export const accountPayload = z.object({
  account_id: optionalWholeNumber(1, 999_999_999),
  name: requiredText(),
  ledger_type: ledgerType,
});
export type AccountPayload = z.infer<typeof accountPayload>;
export type AccountPayloadInput = z.input<typeof accountPayload>;

export const account = z.object({
  _id: id,
  account_id: z.number().int(),
  name: z.string(),
  ledger_type: ledgerType,
  created_at: z.string(),
});
export type Account = z.infer<typeof account>;

// ——— subaccounts (Inserimento sottoconto) ———

/**
 * POST /finance/subaccount: one subaccount under each parent account chosen (up to 2). payment_type: what an
 * asset subaccount receives (cash, bank_mps, bank_bcc; docs/decisions.md), null for none. subaccount_id: the
 * numeric code, optional (the next free code under the parent when absent), unique under its parent.
 */
export const subaccountPayload = z.object({
  subaccount_id: optionalWholeNumber(1, 999_999_999),
  name: requiredText(),
  parent_account: idOrIds(1, 2, 'Puoi selezionare al massimo 2 elementi'),
  payment_type: z.preprocess(blankToNull, paymentType.nullish()).transform((v) => v ?? null),
});
export type SubaccountPayload = z.infer<typeof subaccountPayload>;
export type SubaccountPayloadInput = z.input<typeof subaccountPayload>;

/** PATCH /finance/subaccount/{id}: one parent account. */
export const subaccountEditPayload = subaccountPayload.extend({
  parent_account: idOrIds(1, 1, 'Puoi selezionare al massimo 1 elemento'),
});
export type SubaccountEditPayload = z.infer<typeof subaccountEditPayload>;

export const parentAccountRef = z.object({ _id: id, account_id: z.number().int(), name: z.string(), ledger_type: ledgerType });

export const subaccount = z.object({
  _id: id,
  subaccount_id: z.number().int(),
  name: z.string(),
  payment_type: paymentType.nullable(),
  parent_account: parentAccountRef,
  created_at: z.string(),
});
export type Subaccount = z.infer<typeof subaccount>;

/** The answer of POST /finance/subaccount: one subaccount per parent account. */
export const subaccountsCreated = z.object({ data: z.array(subaccount) });

/** A subaccount where other records point at it: enough to show it (code, name, payment type, its account). */
export const subaccountRef = z.object({
  _id: id,
  subaccount_id: z.number().int(),
  name: z.string(),
  payment_type: paymentType.nullable(),
  account_id: z.number().int(),
  account_name: z.string(),
  ledger_type: ledgerType,
});
export type SubaccountRef = z.infer<typeof subaccountRef>;

// ——— income categories (Categorie di entrata) ———

/**
 * POST/PATCH /finance/income-category. Economic subaccounts only from Ricavi or Costi accounts, asset
 * subaccounts only from Patrimoniale accounts (checked by the server), up to 10 each, both required.
 */
export const incomeCategoryPayload = z.object({
  name: requiredText(),
  economic_subaccounts: idOrIds(1, 10, 'Puoi selezionare al massimo 10 elementi'),
  asset_subaccounts: idOrIds(1, 10, 'Puoi selezionare al massimo 10 elementi'),
});
export type IncomeCategoryPayload = z.infer<typeof incomeCategoryPayload>;
export type IncomeCategoryPayloadInput = z.input<typeof incomeCategoryPayload>;

export const incomeCategory = z.object({
  _id: id,
  name: z.string(),
  economic_subaccounts: z.array(subaccountRef),
  asset_subaccounts: z.array(subaccountRef),
  createdAt: z.string(),
});
export type IncomeCategory = z.infer<typeof incomeCategory>;

// ——— member charges and their payments (Incasso soci) ———

export const referencePeriod = z
  .object({ start_date: isoDate, end_date: isoDate })
  .refine((p) => p.end_date >= p.start_date, { path: ['end_date'], message: 'La data di fine deve essere uguale o successiva alla data di inizio' });

const memberChargeFields = {
  /** Exactly one income category (a single select may send it as a one-element list). */
  income_category: idOrIds(1, 1, 'Puoi selezionare al massimo 1 elemento').transform((ids) => ids[0]!),
  description: optionalText(500),
  reference_period: referencePeriod,
  amount_due: positiveEuro,
  notes: optionalLines(),
};

/** POST /finance/member-charge: one charge for each user chosen (up to 1000). */
export const memberChargePayload = z.object({
  user: idOrIds(1, 1000, 'Puoi selezionare al massimo 1000 elementi'),
  ...memberChargeFields,
});
export type MemberChargePayload = z.infer<typeof memberChargePayload>;
export type MemberChargePayloadInput = z.input<typeof memberChargePayload>;

/** PATCH /finance/member-charge/{id}: the charge of one user. */
export const memberChargeEditPayload = z.object({
  user: idOrIds(1, 1, 'Puoi selezionare al massimo 1 elemento').transform((ids) => ids[0]!),
  ...memberChargeFields,
});
export type MemberChargeEditPayload = z.infer<typeof memberChargeEditPayload>;

export const personRef = z.object({ _id: id, name: z.string(), surname: z.string() });

export const memberCharge = z.object({
  _id: id,
  /** Progressive number of the charge. */
  code: z.number().int(),
  user: personRef,
  description: z.string().nullable(),
  income_category: z.object({ _id: id, name: z.string() }).nullable(),
  reference_period: z.object({ start_date: isoDate, end_date: isoDate }),
  amount_due: z.number(),
  /** Sum of its payments. */
  amount_paid: z.number(),
  /** amount_due − amount_paid. */
  amount_remaining: z.number(),
  last_payment_date: isoDate.nullable(),
  created_at: z.string(),
  notes: z.string().nullable(),
});
export type MemberCharge = z.infer<typeof memberCharge>;

/** The answer of POST /finance/member-charge: the charges created, one per user. */
export const memberChargesCreated = z.object({ data: z.array(memberCharge) });

/**
 * POST /finance/member-charge/{id}/payment and PATCH …/payment/{paymentId}. payment_type is optional: without it
 * the payment is cash (docs/decisions.md).
 */
export const paymentPayload = z.object({
  amount_paid: positiveEuro,
  payment_date: isoDate,
  payment_type: z.preprocess(blankToNull, paymentType.nullish()).transform((v) => v ?? 'cash'),
});
export type PaymentPayload = z.infer<typeof paymentPayload>;
export type PaymentPayloadInput = z.input<typeof paymentPayload>;

/** A payment of a member charge, as the side panel lists it. */
export const memberPayment = z.object({
  _id: id,
  charge_id: id,
  amount: z.number(),
  amount_collected: z.number(),
  date: isoDate,
  payment_date: isoDate,
  payment_type: paymentType,
  user: personRef,
  /** The accounting entry the payment posted. */
  accounting_entry: z.object({ _id: id, fiscal_year: z.string(), progressive: z.number().int() }).nullable(),
});
export type MemberPayment = z.infer<typeof memberPayment>;

// ——— customers and suppliers (Anagrafica fornitori e clienti) ———

/** A VAT number (11 digits) or a tax code (16 characters of the codice fiscale's shape). */
export const identificationCode = z
  .string({ error: REQUIRED })
  .trim()
  .toUpperCase()
  .min(1, REQUIRED)
  .transform((v) => v.replace(/\s+/g, '').replace(/^IT(?=\d{11}$)/, ''))
  .refine(
    (v) => /^\d{11}$/.test(v) || /^[A-Z0-9]{16}$/.test(v),
    'Codice identificativo non valido: partita IVA (11 cifre) o codice fiscale (16 caratteri)',
  );

export const businessEntityPayload = z.object({
  name: requiredText(),
  address: requiredText(300),
  province: z
    .preprocess(blankToNull, z.enum(PROVINCE_CODES as [string, ...string[]], { error: 'Provincia non valida' }).nullish())
    .transform((v) => v ?? null),
  city: requiredText(100),
  postal_code: z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .regex(/^\d{5}$/, 'CAP non valido (5 cifre)')
        .nullish(),
    )
    .transform((v) => v ?? null),
  identification_code: identificationCode,
  phone1: requiredText(30),
  phone2: optionalText(30),
  email,
  notes: optionalLines(),
});
export type BusinessEntityPayload = z.infer<typeof businessEntityPayload>;
export type BusinessEntityPayloadInput = z.input<typeof businessEntityPayload>;

export const businessEntity = z.object({
  _id: id,
  name: z.string(),
  address: z.string(),
  province: z.string().nullable(),
  city: z.string(),
  postal_code: z.string().nullable(),
  identification_code: z.string(),
  phone1: z.string(),
  phone2: z.string().nullable(),
  email: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type BusinessEntity = z.infer<typeof businessEntity>;

// ——— self-certifications (Autocertificazioni) ———

/** The month/year pair of the form: 'YYYY-MM', or { month, year }. */
const periodValue = z.union([
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Periodo non valido (formato atteso AAAA-MM)'),
  z.object({ month: z.coerce.number().int().min(1).max(12), year: z.coerce.number().int().min(1900).max(2999) }),
]);

/**
 * POST /finance/self-certification. The form sends period (month and year) and may send year and month split
 * out; either is enough, and they must agree.
 */
export const selfCertificationPayload = z
  .object({
    user: idOrIds(1, 1, 'Puoi selezionare al massimo 1 elemento').transform((ids) => ids[0]!),
    period: z.preprocess((v) => (v === null || v === '' ? undefined : v), periodValue.optional()),
    year: optionalWholeNumber(1900, 2999),
    month: optionalWholeNumber(1, 12),
    amount: positiveEuro,
    release_date: isoDate,
  })
  .transform((p, ctx) => {
    const fromPeriod = typeof p.period === 'string' ? { year: Number(p.period.slice(0, 4)), month: Number(p.period.slice(5, 7)) } : p.period;
    const year = p.year ?? fromPeriod?.year ?? null;
    const month = p.month ?? fromPeriod?.month ?? null;
    if (year === null || month === null) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: REQUIRED });
      return z.NEVER;
    }
    if (fromPeriod && (fromPeriod.year !== year || fromPeriod.month !== month)) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'Il periodo non corrisponde a mese e anno' });
      return z.NEVER;
    }
    return { user: p.user, year, month, amount: p.amount, release_date: p.release_date };
  });
export type SelfCertificationPayload = z.infer<typeof selfCertificationPayload>;
export type SelfCertificationPayloadInput = z.input<typeof selfCertificationPayload>;

export const selfCertification = z.object({
  _id: id,
  user: personRef,
  year: z.number().int(),
  month: z.number().int(),
  amount: z.number(),
  issue_date: isoDate,
  created_at: z.string(),
});
export type SelfCertification = z.infer<typeof selfCertification>;

/** GET /finance/self-certification/{id}/pdf?showTotals=true|false. */
export const selfCertificationPdfQuery = z.object({
  showTotals: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()).default(false),
});

// ——— accounting entries (Movimenti contabili) ———

const lineShape = {
  subaccount: singleId,
  description: optionalText(500),
  taxable_amount: euro,
  vat: z.preprocess(blankToNull, euro.nullish()).transform((v) => v ?? 0),
  /** Optional: when sent it must equal taxable_amount + vat. */
  total: z.preprocess(blankToNull, euro.nullish()),
};

/** One transaction line: a subaccount, its taxable amount and VAT (default 0); the total is their sum. */
export const accountingLine = z
  .object(lineShape)
  .refine((l) => l.total === null || l.total === undefined || euroToCents(l.total) === euroToCents(l.taxable_amount) + euroToCents(l.vat), {
    path: ['total'],
    message: 'Il totale deve essere uguale a imponibile più IVA',
  });
export type AccountingLine = z.infer<typeof accountingLine>;

const entryCommon = {
  fiscal_year: fiscalYear,
  registration_date: isoDate,
  /** Optional manual number; without it the next number of the fiscal year. */
  progressive: optionalWholeNumber(1, 999_999_999),
  document_number: optionalWholeNumber(0, 999_999_999_999),
  business_entity: optionalId,
  /** The cash or bank side of the movement (see docs/finance.md: posting). */
  payment_type: z.preprocess(blankToNull, entryPaymentType.nullish()).transform((v) => v ?? null),
  notes: optionalLines(),
  /** PATCH only: true drops the stored attachment (a new file replaces it anyway). */
  remove_attachment: z.preprocess((v) => (v === 'true' ? true : v === 'false' || v === '' ? false : v), z.boolean().optional()),
};

/** POST /finance/accounting-entry (JSON, or multipart with the file in field `attachment`). */
export const accountingEntryPayload = z.object({ ...entryCommon, ...lineShape }).superRefine((p, ctx) => {
  if (p.total !== null && p.total !== undefined && euroToCents(p.total) !== euroToCents(p.taxable_amount) + euroToCents(p.vat)) {
    ctx.addIssue({ code: 'custom', path: ['total'], message: 'Il totale deve essere uguale a imponibile più IVA' });
  }
});
export type AccountingEntryPayload = z.infer<typeof accountingEntryPayload>;
export type AccountingEntryPayloadInput = z.input<typeof accountingEntryPayload>;

/** POST /finance/accounting-entry/complex: the common fields and items (a JSON string when multipart). */
export const complexAccountingEntryPayload = z.object({
  ...entryCommon,
  items: z.preprocess(jsonText, z.array(accountingLine, { error: REQUIRED }).min(1, REQUIRED).max(100, 'Al massimo 100 righe')),
});
export type ComplexAccountingEntryPayload = z.infer<typeof complexAccountingEntryPayload>;
export type ComplexAccountingEntryPayloadInput = z.input<typeof complexAccountingEntryPayload>;

/**
 * PATCH /finance/accounting-entry/{id}: the same fields, with either the single line's fields or items; a
 * fiscal_year left out keeps the entry's.
 */
export const accountingEntryEditPayload = z
  .object({
    ...entryCommon,
    fiscal_year: z.preprocess(blankToNull, fiscalYear.nullish()).transform((v) => v ?? null),
    subaccount: optionalId,
    description: optionalText(500),
    taxable_amount: z.preprocess(blankToNull, euro.nullish()).transform((v) => v ?? null),
    vat: z.preprocess(blankToNull, euro.nullish()).transform((v) => v ?? 0),
    total: z.preprocess(blankToNull, euro.nullish()),
    items: z.preprocess((v) => (v === '' ? null : jsonText(v)), z.array(accountingLine).min(1, REQUIRED).max(100, 'Al massimo 100 righe').nullish()),
  })
  .transform((p, ctx) => {
    if (p.items && p.items.length) return { ...p, items: p.items };
    if (!p.subaccount) ctx.addIssue({ code: 'custom', path: ['subaccount'], message: REQUIRED });
    if (p.taxable_amount === null) ctx.addIssue({ code: 'custom', path: ['taxable_amount'], message: REQUIRED });
    if (!p.subaccount || p.taxable_amount === null) return z.NEVER;
    if (p.total !== null && p.total !== undefined && euroToCents(p.total) !== euroToCents(p.taxable_amount) + euroToCents(p.vat)) {
      ctx.addIssue({ code: 'custom', path: ['total'], message: 'Il totale deve essere uguale a imponibile più IVA' });
      return z.NEVER;
    }
    return { ...p, items: [{ subaccount: p.subaccount, description: p.description, taxable_amount: p.taxable_amount, vat: p.vat, total: p.total }] };
  });
export type AccountingEntryEditPayload = z.infer<typeof accountingEntryEditPayload>;
export type AccountingEntryEditPayloadInput = z.input<typeof accountingEntryEditPayload>;

export const accountingItem = z.object({
  _id: id,
  subaccount: subaccountRef,
  description: z.string().nullable(),
  taxable_amount: z.number(),
  vat: z.number(),
  total: z.number(),
});
export type AccountingItem = z.infer<typeof accountingItem>;

/**
 * A row of the accounting movements (spec 002 §2): the entry with its first line's subaccount, account and ledger,
 * and the sums of its lines; `items` has every line. `payment` is set on entries a member payment posted, which are
 * edited through the payment.
 */
export const accountingEntry = z.object({
  _id: id,
  progressive: z.number().int(),
  fiscal_year: z.string(),
  ledger_type: ledgerType,
  account_name: z.string(),
  subaccount: subaccountRef,
  description: z.string().nullable(),
  document_number: z.number().int().nullable(),
  business_entity: z.object({ _id: id, name: z.string() }).nullable(),
  registration_date: isoDate,
  taxable_amount: z.number(),
  vat: z.number(),
  total: z.number(),
  payment_type: entryPaymentType.nullable(),
  notes: z.string().nullable(),
  attachment: storedFile.nullable(),
  items: z.array(accountingItem),
  payment: z.object({ _id: id, charge_id: id }).nullable(),
  created_at: z.string(),
});
export type AccountingEntry = z.infer<typeof accountingEntry>;

// ——— trial balance ———

export const trialBalanceQuery = z.object({ fiscal_year: fiscalYear });

export const trialBalanceRow = z.object({
  subaccount: z.object({ _id: id, subaccount_id: z.number().int(), name: z.string() }),
  account: z.object({ _id: id, account_id: z.number().int(), name: z.string() }),
  ledger_type: ledgerType,
  debit: z.number(),
  credit: z.number(),
  /** debit − credit. */
  balance: z.number(),
});
export type TrialBalanceRow = z.infer<typeof trialBalanceRow>;

/** GET /finance/trial-balance?fiscal_year=…: every subaccount moved in the year, with the totals. */
export const trialBalance = z.object({
  fiscal_year: z.string(),
  data: z.array(trialBalanceRow),
  totals: z.object({ debit: z.number(), credit: z.number() }),
  balanced: z.boolean(),
});
export type TrialBalance = z.infer<typeof trialBalance>;

// ——— my payments (spec 000 §2.9, §7) ———

export const MY_PAYMENT_TYPES = ['incoming', 'made', 'pending'] as const;
export const myPaymentsQuery = z.object({ type: z.enum(MY_PAYMENT_TYPES, { error: 'Tipo non valido: incoming, made o pending' }) });

/**
 * A row of I miei pagamenti. incoming: what the club paid the member (their self-certifications); made: their
 * payments of member charges; pending: charges with something still to pay (amount the total due, amount_paid
 * what is paid so far).
 */
export const myPayment = z.object({
  _id: id,
  title: z.string(),
  date: isoDate,
  amount: z.number(),
  amount_paid: z.number().optional(),
  type: z.enum(MY_PAYMENT_TYPES),
  payment_type: paymentType.nullable().optional(),
});
export type MyPayment = z.infer<typeof myPayment>;

/** The club's bank details for the pending tab's tag (CLUB_NAME, CLUB_IBAN; iban null when not configured). */
export const bankDetails = z.object({ club_name: z.string(), iban: z.string().nullable() });
export type BankDetails = z.infer<typeof bankDetails>;

export const myPaymentsResponse = z.object({ data: z.array(myPayment), bank_details: bankDetails });
export type MyPaymentsResponse = z.infer<typeof myPaymentsResponse>;
