/**
 * What zod says, in Italian, of a value that breaks a rule the schema gives no text of its own (a length, a bound,
 * a format): every schema of the contract speaks through it, in the forms and in the server's 400 answers (issue 26:
 * 'Too big: expected string to have <=30 characters' reached the profile). Installed as zod's locale by common.ts,
 * so a schema's own message still wins.
 */
import type { z } from 'zod';
import { FIELD_MESSAGES } from './constants';

type Issue = z.core.$ZodRawIssue;

const SIZED: Record<string, { one: string; many: string }> = {
  string: { one: 'carattere', many: 'caratteri' },
  array: { one: 'elemento', many: 'elementi' },
  set: { one: 'elemento', many: 'elementi' },
  file: { one: 'byte', many: 'byte' },
};

const count = (n: number | bigint, unit: { one: string; many: string }) => `${n} ${Number(n) === 1 ? unit.one : unit.many}`;
const number = (n: number | bigint | Date) =>
  n instanceof Date ? new Intl.DateTimeFormat('it-IT').format(n) : new Intl.NumberFormat('it-IT').format(n);

function tooBig(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>): string {
  const unit = SIZED[issue.origin];
  if (unit) return `Al massimo ${count(issue.maximum, unit)}`;
  return issue.inclusive ? `Il valore massimo è ${number(issue.maximum)}` : `Il valore deve essere minore di ${number(issue.maximum)}`;
}

function tooSmall(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>): string {
  const unit = SIZED[issue.origin];
  if (unit) return Number(issue.minimum) === 1 ? FIELD_MESSAGES.required : `Almeno ${count(issue.minimum, unit)}`;
  return issue.inclusive ? `Il valore minimo è ${number(issue.minimum)}` : `Il valore deve essere maggiore di ${number(issue.minimum)}`;
}

const FORMATS: Record<string, string> = {
  email: FIELD_MESSAGES.email,
  uuid: 'Identificativo non valido',
  url: 'Indirizzo web non valido',
  date: 'Data non valida',
  datetime: 'Data e ora non valide',
  time: 'Orario non valido',
};

/** The Italian text of an issue; never English, whatever the rule. */
export function italianIssue(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return FIELD_MESSAGES.required;
      if (issue.expected === 'int' && typeof issue.input === 'number') return 'Inserisci un numero intero';
      if (issue.expected === 'number' || issue.expected === 'int') return 'Inserisci un numero';
      if (issue.expected === 'boolean') return 'Valore non valido: atteso sì o no';
      if (issue.expected === 'date') return 'Data non valida';
      return 'Valore non valido';
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Formato non valido';
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? 'Inserisci un numero intero' : `Il valore deve essere un multiplo di ${number(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Campi non previsti: ${issue.keys.join(', ')}`;
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
    default:
      return 'Valore non valido';
  }
}
