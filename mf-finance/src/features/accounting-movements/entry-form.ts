import { fiscalYearOf, type AccountingEntry, type EntryPaymentType } from 'shared-api';
import { clubToday } from 'shared-ui';
import { amountOf, amountText } from '../../components/money';

/** One transaction line as the form holds it. */
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

/** Spec 002 §9: VAT 0 by default. */
export const newLine = (): LineValues => ({ subaccount: [], description: '', taxable_amount: '', vat: '0' });

export function entryToForm(entry?: AccountingEntry): EntryFormValues {
  const today = clubToday();
  return {
    fiscal_year: entry?.fiscal_year ?? fiscalYearOf(today),
    registration_date: entry?.registration_date ?? today,
    progressive: entry ? String(entry.progressive) : '',
    document_number: entry?.document_number === null || entry?.document_number === undefined ? '' : String(entry.document_number),
    business_entity: entry?.business_entity ? [entry.business_entity._id] : [],
    payment_type: entry ? (entry.payment_type ? [entry.payment_type] : []) : ['cash'],
    notes: entry?.notes ?? '',
    attachment: [],
    remove_attachment: false,
    items: entry
      ? entry.items.map((i) => ({
          subaccount: [i.subaccount._id],
          description: i.description ?? '',
          taxable_amount: amountText(i.taxable_amount),
          vat: amountText(i.vat),
        }))
      : [newLine()],
  };
}

/** A line's total as typed so far: taxable plus VAT (spec 002 §9), in cents so it never drifts. */
export function lineTotal(line: LineValues): number | null {
  const taxable = amountOf(line.taxable_amount);
  if (taxable === undefined) return null;
  const vat = amountOf(line.vat) ?? 0;
  return (Math.round(taxable * 100) + Math.round(vat * 100)) / 100;
}

/** The values the contract's entry schemas check (items always; the single-line call spreads the first). */
export function toPayloadInput(v: EntryFormValues) {
  return {
    fiscal_year: v.fiscal_year,
    registration_date: v.registration_date ?? '',
    progressive: v.progressive,
    document_number: v.document_number,
    business_entity: v.business_entity[0] ?? null,
    payment_type: (v.payment_type[0] ?? null) as EntryPaymentType | null,
    notes: v.notes,
    items: v.items.map((l) => ({
      subaccount: l.subaccount[0] ?? '',
      description: l.description,
      taxable_amount: amountOf(l.taxable_amount),
      vat: l.vat,
    })),
  };
}

/** JSON, or multipart with every value as text and items as a JSON string when a file is attached (spec 002 §7). */
export function toBody(values: Record<string, unknown>, file: File | undefined): Record<string, unknown> | FormData {
  if (!file) return values;
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  form.append('attachment', file);
  return form;
}
