import codiceFiscaleModule from 'codice-fiscale-js';
import { FISCAL_CODE_CHECK_LETTER, FISCAL_CODE_INVALID, hasFiscalCodeShape, normalizeFiscalCode } from 'shared-api/contract';
import { isoDateParts } from '../../../core/time';

// The package's ESM build exposes the class as a named export; its typings only declare the default.
const CodiceFiscale = (codiceFiscaleModule as unknown as { CodiceFiscale?: typeof codiceFiscaleModule }).CodiceFiscale ?? codiceFiscaleModule;

/**
 * What is wrong with a codice fiscale (DESIGN §5), or null: the shape rule is shared-api's (the form checks the same),
 * the check letter is computed by codice-fiscale-js, omocodia included. The messages are the form's.
 */
export function fiscalCodeProblem(code: string): string | null {
  if (!hasFiscalCodeShape(code)) return FISCAL_CODE_INVALID;
  try {
    return CodiceFiscale.check(normalizeFiscalCode(code)) ? null : FISCAL_CODE_CHECK_LETTER;
  } catch {
    return FISCAL_CODE_CHECK_LETTER;
  }
}

export interface FiscalCodePerson {
  name: string;
  surname: string;
  gender: 'M' | 'F';
  birthDate: string;
  birthPlace: string;
  birthProvince: string;
}

/** The codice fiscale of a person born in Italy (used to seed the demo club). */
export function computeFiscalCode(person: FiscalCodePerson): string {
  const { year, month, day } = isoDateParts(person.birthDate);
  return new CodiceFiscale({
    name: person.name,
    surname: person.surname,
    gender: person.gender,
    day,
    month,
    year,
    birthplace: person.birthPlace,
    birthplaceProvincia: person.birthProvince,
  }).toString();
}

/** The first 15 characters of a codice fiscale with its check letter (tests and demo data), computed by codice-fiscale-js. */
export const withCheckLetter = (first15: string): string => first15 + CodiceFiscale.getCheckCode(first15);
