import {
  ENTRY_PAYMENT_TYPES,
  PAYMENT_TYPES,
  PAYMENT_TYPE_LABELS,
  fiscalYearOf,
  type AccountingEntry,
  type AccountingEntryEditPayload,
  type ComplexAccountingEntryPayload,
  type ComplexAccountingEntryPayloadInput,
  parseNumber,
} from 'shared-api';
import { clubToday } from 'shared-ui';
import { amountText } from '../../components/money';

/** One transaction line as the form holds it (menus hold lists of ids, amounts the typed text). */
export interface LineValues {
  subaccount: string[];
  description: string;
  taxable_amount: string;
  vat: string;
}

export interface EntryFormValues {
  fiscal_year: string;
  registration_date: string | null;
  progressive: string;
  document_number: string;
  business_entity: string[];
  payment_type: string[];
  notes: string;
  attachment: File[];
  remove_attachment: boolean;
  items: LineValues[];
}

/** Spec 002 §5: the attachment's accepted types, one file of at most 5 MB. */
export const ATTACHMENT_RULES = {
  accept: ['pdf', 'doc', 'docx', 'rtf', 'txt', 'zip', 'jpg', 'jpeg', 'png', 'gif', 'tif', 'tiff', 'webp', 'svg', 'xlsx', 'xls', 'csv'],
  maxSizeMB: 5,
  maxFileCount: 1,
};

/** The add form offers cash, bank_mps and bank_bcc; the edit form also the generic bank (spec 002 §3). */
export const paymentTypeOptions = (editing: boolean) =>
  (editing ? ENTRY_PAYMENT_TYPES : PAYMENT_TYPES).map((t) => ({ id: t, name: PAYMENT_TYPE_LABELS[t] }));

/** VAT starts at 0 (spec 002 §9). */
export const emptyLine = (): LineValues => ({ subaccount: [], description: '', taxable_amount: '', vat: '0' });

export function initialValues(entry?: AccountingEntry): EntryFormValues {
  const today = clubToday();
  return {
    fiscal_year: entry?.fiscal_year ?? fiscalYearOf(today),
    registration_date: entry?.registration_date ?? today,
    progressive: entry ? String(entry.progressive) : '',
    document_number: entry?.document_number === null || entry?.document_number === undefined ? '' : String(entry.document_number),
    business_entity: entry?.business_entity ? [entry.business_entity._id] : [],
    payment_type: entry?.payment_type ? [entry.payment_type] : [],
    notes: entry?.notes ?? '',
    attachment: [],
    remove_attachment: false,
    items: entry?.items.length
      ? entry.items.map((i) => ({
          subaccount: [i.subaccount._id],
          description: i.description ?? '',
          taxable_amount: amountText(i.taxable_amount),
          vat: amountText(i.vat),
        }))
      : [emptyLine()],
  };
}

/** A line's total (taxable + VAT, spec 002 §9) in cents, or null while an amount is missing or not a number. */
export function lineTotalCents(line: LineValues): number | null {
  const taxable = parseNumber(line.taxable_amount);
  const vat = line.vat.trim() === '' ? 0 : parseNumber(line.vat);
  if (taxable === null || vat === null) return null;
  return Math.round(taxable * 100) + Math.round(vat * 100);
}

/** What the contract's schemas read: the header fields and every line under items (their errors then land on items.N.field). */
export function toSchemaInput(v: EntryFormValues): ComplexAccountingEntryPayloadInput & { remove_attachment?: boolean } {
  return {
    fiscal_year: v.fiscal_year.trim(),
    registration_date: v.registration_date ?? '',
    progressive: v.progressive,
    document_number: v.document_number,
    business_entity: v.business_entity[0] ?? null,
    payment_type: v.payment_type[0] ?? null,
    notes: v.notes,
    items: v.items.map((i) => ({ subaccount: i.subaccount[0] ?? '', description: i.description, taxable_amount: i.taxable_amount, vat: i.vat })),
  };
}

type Header = Pick<
  ComplexAccountingEntryPayload,
  'fiscal_year' | 'registration_date' | 'progressive' | 'document_number' | 'business_entity' | 'payment_type' | 'notes'
>;
type Line = ComplexAccountingEntryPayload['items'][number];

/**
 * The request body (spec 002 §7): one line travels as the entry's own subaccount, description, taxable amount
 * and VAT; more lines as items. JSON without a file; with one, multipart with the file in `attachment`, empty
 * values as '' and items as a JSON string.
 */
export function requestBody(
  header: Header | (Omit<Header, 'fiscal_year'> & { fiscal_year: string | null }),
  lines: readonly Line[],
  file: File | undefined,
  extra: Record<string, unknown> = {},
) {
  const [first] = lines;
  const linePart =
    lines.length === 1 && first
      ? { subaccount: first.subaccount, description: first.description, taxable_amount: first.taxable_amount, vat: first.vat }
      : { items: lines.map((l) => ({ subaccount: l.subaccount, description: l.description, taxable_amount: l.taxable_amount, vat: l.vat })) };
  const body: Record<string, unknown> = { ...header, ...linePart, ...extra };
  if (!file) return body;
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) form.append(key, '');
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') form.append(key, String(value));
    // Objects (items) travel as JSON text (spec 002 §7).
    else form.append(key, JSON.stringify(value));
  }
  form.append('attachment', file);
  return form;
}

/** The header fields of a parsed payload. */
export const headerOf = (p: ComplexAccountingEntryPayload | AccountingEntryEditPayload) => ({
  fiscal_year: p.fiscal_year,
  registration_date: p.registration_date,
  progressive: p.progressive,
  document_number: p.document_number,
  business_entity: p.business_entity,
  payment_type: p.payment_type,
  notes: p.notes,
});
