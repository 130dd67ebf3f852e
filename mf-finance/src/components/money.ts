import { parseNumber } from 'shared-api';
import { formatNumber } from 'shared-ui';

/** Euro as the finance API speaks them (two decimals), shown in Italian: '1.234,50 €' (spec 002 §9). */
const EURO = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatAmount(euro: number | null | undefined): string {
  if (euro === null || euro === undefined || Number.isNaN(euro)) return '';
  return EURO.format(euro);
}

/** An amount as the form's number input holds it: '12,5' → 12.5, empty → undefined (the schema says what is missing). */
export const amountOf = (text: string): number | undefined => parseNumber(text) ?? undefined;

/** An amount for the form's number input: 12.5 → '12,50'. */
export const amountText = (euro: number | null | undefined): string => (euro === null || euro === undefined ? '' : formatNumber(euro, 2));
