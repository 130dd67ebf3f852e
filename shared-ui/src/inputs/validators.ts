/**
 * The rules the inputs display on their own (spec 000 §5, 001 §5), for a form that passes submitAttempted.
 * Forms built on the contract's schemas (fieldBinder) get these messages from the schema instead.
 * Each validator checks one rule and answers an Italian message or null; an empty value passes every rule
 * but validateRequired, so a form combines them: firstError([validateRequired(v), validateEmail(v)]).
 */

import { FIELD_MESSAGES, PASSWORD_MIN_LENGTH } from 'shared-api';

/** The texts of the contract's rules come from shared-api (FIELD_MESSAGES); the others are the kit's own. */
export const MESSAGES = {
  ...FIELD_MESSAGES,
  decimal: 'Valore decimale non consentito',
  notANumber: 'Inserisci un numero valido',
  sections: 'Almeno una sezione è obbligatoria',
  periodOrder: 'La data di fine non può precedere la data di inizio',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Missing means: null/undefined, blank text, an empty list, an unchecked box, NaN. */
export function isMissing(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

export function validateRequired(value: unknown): string | null {
  return isMissing(value) ? MESSAGES.required : null;
}

export function validateEmail(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  return EMAIL_PATTERN.test(text) ? null : MESSAGES.email;
}

export function validatePassword(value: string | null | undefined): string | null {
  if (!value) return null;
  return value.length < PASSWORD_MIN_LENGTH ? MESSAGES.password : null;
}

/** Reads a number typed with a comma (or a dot) as decimal separator; null when the text is not a number. */
export function parseNumber(text: string | null | undefined): number | null {
  const normalised = (text ?? '').trim().replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(normalised)) return null;
  return Number(normalised);
}

/** Writes a number the Italian way (comma decimals), with a fixed number of decimals when given. */
export function formatNumber(value: number, decimals?: number): string {
  const text = decimals === undefined ? String(value) : value.toFixed(decimals);
  return text.replace('.', ',');
}

export interface NumberRules {
  min?: number;
  max?: number;
  allowDecimals?: boolean;
}

export function rangeMessage(min: number | undefined, max: number | undefined): string {
  const upper = max === undefined ? 'infinito' : formatNumber(max);
  return `Il valore deve essere compreso tra ${formatNumber(min ?? 0)} e ${upper}`;
}

export function validateNumber(text: string | null | undefined, rules: NumberRules = {}): string | null {
  const value = (text ?? '').trim();
  if (!value) return null;
  if (!rules.allowDecimals && /[.,]/.test(value)) return MESSAGES.decimal;
  const n = parseNumber(value);
  if (n === null) return MESSAGES.notANumber;
  // Without an explicit minimum the lower bound is 0, as the message says ('tra {min or 0} e ...').
  if (n < (rules.min ?? 0) || n > (rules.max ?? Infinity)) return rangeMessage(rules.min, rules.max);
  return null;
}

export interface FileRules {
  /** Accepted extensions, e.g. ['pdf', 'png']; empty accepts any type. */
  accept: string[];
  maxFileCount?: number;
  maxSizeMB?: number;
}

export const DEFAULT_MAX_FILE_COUNT = 1;
export const DEFAULT_MAX_SIZE_MB = 1;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function validateFiles(files: readonly File[], rules: FileRules): string | null {
  const maxFileCount = rules.maxFileCount ?? DEFAULT_MAX_FILE_COUNT;
  const maxSizeMB = rules.maxSizeMB ?? DEFAULT_MAX_SIZE_MB;
  if (files.length > maxFileCount) return `Puoi caricare al massimo ${maxFileCount} file`;
  const accepted = rules.accept.map((ext) => ext.replace(/^\./, '').toLowerCase());
  const wrongType = accepted.length ? files.find((f) => !accepted.includes(fileExtension(f.name))) : undefined;
  if (wrongType) return `Tipo di file non accettato: ${wrongType.name}`;
  const tooBig = files.find((f) => f.size > maxSizeMB * 1024 * 1024);
  if (tooBig) return `Il file ${tooBig.name} supera la dimensione massima di ${formatNumber(maxSizeMB)} MB`;
  return null;
}

export function validateSections(items: readonly unknown[], required: boolean): string | null {
  return required && items.length === 0 ? MESSAGES.sections : null;
}

export interface PeriodValue {
  start_date: string | null;
  end_date: string | null;
}

/**
 * Spec 001 §5: a period needs its start date, and its end date too when the period is required;
 * an optional period may be left empty. The end cannot precede the start.
 */
export function validatePeriod(period: PeriodValue, required: boolean): string | null {
  if (!period.start_date && (required || period.end_date)) return MESSAGES.required;
  if (required && !period.end_date) return MESSAGES.required;
  if (period.start_date && period.end_date && period.end_date < period.start_date) return MESSAGES.periodOrder;
  return null;
}

export interface MonthPeriodValue {
  month: number | null;
  year: number | null;
}

export function validateMonthPeriod(period: MonthPeriodValue, required: boolean): string | null {
  if (!required) return null;
  return period.month === null || period.year === null ? MESSAGES.required : null;
}

/** The first message of a list of validator results, or null when all pass. */
export function firstError(results: readonly (string | null | undefined | false)[]): string | null {
  for (const r of results) if (r) return r;
  return null;
}
