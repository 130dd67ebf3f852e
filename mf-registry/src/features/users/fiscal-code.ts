import * as codiceFiscaleModule from 'codice-fiscale-js';
import { FISCAL_CODE_CHECK_LETTER, FISCAL_CODE_INVALID, hasFiscalCodeShape, normalizeFiscalCode } from 'shared-api';
import type CodiceFiscaleClass from 'codice-fiscale-js';

// The package's typings declare a default export, but its CommonJS build exports { CodiceFiscale }.
const CodiceFiscale = (codiceFiscaleModule as unknown as { CodiceFiscale: typeof CodiceFiscaleClass }).CodiceFiscale;

export { normalizeFiscalCode };

/** Null when the code is empty (the required rule speaks then) or valid; otherwise the Italian reason. */
export function fiscalCodeError(raw: string): string | null {
  const code = normalizeFiscalCode(raw);
  if (!code) return null;
  // The shape rule is shared-api's (the server checks the same); the check letter is computed by the library.
  if (!hasFiscalCodeShape(code)) return FISCAL_CODE_INVALID;
  if (!CodiceFiscale.check(code)) return FISCAL_CODE_CHECK_LETTER;
  return null;
}

export interface BirthData {
  birth_date: string;
  gender: 'M' | 'F';
  birth_place: string;
  /** Two-letter province code, 'EE' for a birth abroad. */
  birth_province: string;
}

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/** Birth date, gender, place and province read from a valid code; null when the code is invalid or its place unknown. */
export function decodeFiscalCode(raw: string): BirthData | null {
  const code = normalizeFiscalCode(raw);
  if (fiscalCodeError(code) !== null || !code) return null;
  try {
    const data = new CodiceFiscale(code).toJSON() as ReturnType<CodiceFiscaleClass['toJSON']> & { birthday: string };
    return {
      // birthday is the UTC date, independent of the browser's time zone
      birth_date: data.birthday,
      gender: data.gender,
      birth_place: titleCase(data.birthplace),
      birth_province: data.birthplaceProvincia,
    };
  } catch {
    return null;
  }
}

export interface PersonData {
  name: string;
  surname: string;
  gender: string;
  birth_date: string | null;
  birth_place: string;
  birth_province?: string | null;
}

function parseIsoDate(iso: string | null): { day: number; month: number; year: number } | null {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  // The library silently rolls 31 February over to March: refuse dates that do not exist.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { day, month, year };
}

/** Whether every field generation needs is there (gender M or F: the code has no form for 'O'). */
export function canComputeFiscalCode(p: PersonData): boolean {
  return Boolean(p.name.trim() && p.surname.trim() && (p.gender === 'M' || p.gender === 'F') && parseIsoDate(p.birth_date) && p.birth_place.trim());
}

/** The code for a person, or null when a field is missing or the birth place is neither an Italian comune nor a country. */
export function computeFiscalCode(p: PersonData): string | null {
  const date = parseIsoDate(p.birth_date);
  if (!date || !canComputeFiscalCode(p)) return null;
  try {
    return CodiceFiscale.compute({
      name: p.name.trim(),
      surname: p.surname.trim(),
      gender: p.gender,
      ...date,
      birthplace: p.birth_place.trim(),
      ...(p.birth_province ? { birthplaceProvincia: p.birth_province } : {}),
    });
  } catch {
    return null;
  }
}

/** True when both codes name the same person, an omocodia variant (issued for clashing codes) included. */
export function sameFiscalCode(a: string, b: string): boolean {
  const [x, y] = [normalizeFiscalCode(a), normalizeFiscalCode(b)];
  if (x === y) return true;
  if (fiscalCodeError(x) !== null || fiscalCodeError(y) !== null || !x || !y) return false;
  const original = (c: string) => (CodiceFiscale as unknown as { fromOmocodiaToOriginal(c: string): string }).fromOmocodiaToOriginal(c);
  return original(x) === original(y);
}
