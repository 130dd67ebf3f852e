import codiceFiscaleModule from 'codice-fiscale-js';
import { isoDateParts } from '../../../core/time';

// The package's ESM build exposes the class as a named export; its typings only declare the default.
const CodiceFiscale = (codiceFiscaleModule as unknown as { CodiceFiscale?: typeof codiceFiscaleModule }).CodiceFiscale ?? codiceFiscaleModule;

/** Format and check letter of a codice fiscale (DESIGN §5), omocodia included, computed by codice-fiscale-js. */
export function isValidFiscalCode(code: string): boolean {
  try {
    return CodiceFiscale.check(code.trim().toUpperCase());
  } catch {
    return false;
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
