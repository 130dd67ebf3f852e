import { computeFiscalCode, decodeFiscalCode, fiscalCodeError, sameFiscalCode } from '../fiscal-code';

const FISCAL_CODE_INVALID = 'Codice fiscale non valido';
const FISCAL_CODE_CHECK_LETTER = 'Codice fiscale non valido: il carattere di controllo non corrisponde';

describe('codice fiscale', () => {
  it('accepts a valid code, in any case and with spaces', () => {
    expect(fiscalCodeError('RSSMRA85T10A562S')).toBeNull();
    expect(fiscalCodeError('rssmra85t10a562s')).toBeNull();
    expect(fiscalCodeError('RSSMRA 85T10 A562S')).toBeNull();
  });

  it('tells a wrong shape from a wrong check letter', () => {
    expect(fiscalCodeError('RSSMRA85T10A562')).toBe(FISCAL_CODE_INVALID);
    expect(fiscalCodeError('RSSMRA85Z10A562S')).toBe(FISCAL_CODE_INVALID);
    expect(fiscalCodeError('RSSMRA85T10A562X')).toBe(FISCAL_CODE_CHECK_LETTER);
  });

  it('reads birth date, gender, place and province from a code, women with day + 40', () => {
    expect(decodeFiscalCode('RSSMRA85T10A562S')).toEqual({
      birth_date: '1985-12-10',
      gender: 'M',
      birth_place: 'San Giuliano Terme',
      birth_province: 'PI',
    });
    const woman = computeFiscalCode({
      name: 'Anna',
      surname: 'Bianchi',
      gender: 'F',
      birth_date: '1990-01-01',
      birth_place: 'Roma',
      birth_province: 'RM',
    });
    expect(woman).toMatch(/^BNCNNA90A41H501.$/);
    expect(decodeFiscalCode(woman!)).toMatchObject({ birth_date: '1990-01-01', gender: 'F', birth_province: 'RM' });
  });

  it('computes codes for Italian and foreign births and refuses what cannot be computed', () => {
    const person = { name: 'Mario', surname: 'Rossi', gender: 'M', birth_date: '1985-12-10', birth_place: 'San Giuliano Terme' };
    expect(computeFiscalCode(person)).toBe('RSSMRA85T10A562S');
    expect(computeFiscalCode({ ...person, birth_place: 'Francia', birth_province: 'EE' })).toMatch(/^RSSMRA85T10Z110.$/);
    expect(computeFiscalCode({ ...person, gender: 'O' })).toBeNull();
    expect(computeFiscalCode({ ...person, birth_date: '1985-02-31' })).toBeNull();
    expect(computeFiscalCode({ ...person, birth_place: 'Nessunluogo' })).toBeNull();
    expect(computeFiscalCode({ ...person, birth_province: 'MI' })).toBeNull();
  });

  it('treats an omocodia variant as the same code', () => {
    expect(sameFiscalCode('RSSMRA85T10A562S', 'RSSMRA85T10A562S')).toBe(true);
    expect(sameFiscalCode('RSSMRA85T10A562S', 'RSSMRAU5T10A562P')).toBe(true);
    const otherDay = computeFiscalCode({ name: 'Mario', surname: 'Rossi', gender: 'M', birth_date: '1985-12-11', birth_place: 'Roma' });
    expect(fiscalCodeError(otherDay!)).toBeNull();
    expect(sameFiscalCode('RSSMRA85T10A562S', otherDay!)).toBe(false);
  });
});
