import {
  firstError,
  isMissing,
  parseNumber,
  validateEmail,
  validateFiles,
  validateMonthPeriod,
  validateNumber,
  validatePassword,
  validatePeriod,
  validateRequired,
  validateSections,
} from './validators';

const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

describe('validateRequired', () => {
  it('treats empty, blank, empty lists, unchecked and null as missing', () => {
    for (const v of ['', '   ', [], false, null, undefined, Number.NaN]) expect(validateRequired(v)).toBe('Campo obbligatorio');
  });
  it('accepts text, 0, a list with items and a checked box', () => {
    for (const v of ['a', 0, ['x'], true]) expect(validateRequired(v)).toBeNull();
    expect(isMissing(0)).toBe(false);
  });
});

describe('validateEmail / validatePassword', () => {
  it('checks the address shape and lets an empty value to the required rule', () => {
    expect(validateEmail('mario.rossi@example.it')).toBeNull();
    expect(validateEmail('mario.rossi@')).toBe('Inserisci un indirizzo email valido');
    expect(validateEmail('senza chiocciola.it')).toBe('Inserisci un indirizzo email valido');
    expect(validateEmail('')).toBeNull();
  });
  it('wants at least 8 characters', () => {
    expect(validatePassword('1234567')).toBe('La password deve contenere almeno 8 caratteri');
    expect(validatePassword('12345678')).toBeNull();
    expect(validatePassword('')).toBeNull();
  });
});

describe('numbers', () => {
  it('reads a comma as decimal separator', () => {
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber(' 3 ')).toBe(3);
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('')).toBeNull();
  });
  it('refuses decimals unless allowed', () => {
    expect(validateNumber('2,5')).toBe('Valore decimale non consentito');
    expect(validateNumber('2,5', { allowDecimals: true })).toBeNull();
  });
  it('names the bounds, 0 and infinito when missing', () => {
    expect(validateNumber('-1')).toBe('Il valore deve essere compreso tra 0 e infinito');
    expect(validateNumber('300', { min: 0, max: 255 })).toBe('Il valore deve essere compreso tra 0 e 255');
    expect(validateNumber('0', { min: 1 })).toBe('Il valore deve essere compreso tra 1 e infinito');
    expect(validateNumber('255', { min: 0, max: 255 })).toBeNull();
  });
});

describe('validateFiles', () => {
  const rules = { accept: ['pdf', 'png'] };
  it('defaults to one file of at most 1 MB', () => {
    expect(validateFiles([file('a.pdf', 10), file('b.pdf', 10)], rules)).toBe('Puoi caricare al massimo 1 file');
    expect(validateFiles([file('a.pdf', 1024 * 1024 + 1)], rules)).toBe('Il file a.pdf supera la dimensione massima di 1 MB');
    expect(validateFiles([file('a.pdf', 1024 * 1024)], rules)).toBeNull();
  });
  it('checks the type by extension, case-insensitively', () => {
    expect(validateFiles([file('foto.JPG', 10)], rules)).toBe('Tipo di file non accettato: foto.JPG');
    expect(validateFiles([file('scan.PNG', 10)], rules)).toBeNull();
  });
  it('uses the given limits', () => {
    const big = { accept: ['pdf'], maxFileCount: 3, maxSizeMB: 5 };
    expect(validateFiles([file('a.pdf', 1), file('b.pdf', 1), file('c.pdf', 1), file('d.pdf', 1)], big)).toBe('Puoi caricare al massimo 3 file');
    expect(validateFiles([file('a.pdf', 5 * 1024 * 1024 + 1)], big)).toBe('Il file a.pdf supera la dimensione massima di 5 MB');
  });
});

describe('groups', () => {
  it('requires one section when required', () => {
    expect(validateSections([], true)).toBe('Almeno una sezione è obbligatoria');
    expect(validateSections([], false)).toBeNull();
    expect(validateSections([{}], true)).toBeNull();
  });
  it('needs the start of a period, and its end when required', () => {
    expect(validatePeriod({ start_date: null, end_date: null }, true)).toBe('Campo obbligatorio');
    expect(validatePeriod({ start_date: '2025-09-01', end_date: null }, true)).toBe('Campo obbligatorio');
    expect(validatePeriod({ start_date: '2025-09-01', end_date: null }, false)).toBeNull();
    expect(validatePeriod({ start_date: null, end_date: '2025-10-01' }, false)).toBe('Campo obbligatorio');
    expect(validatePeriod({ start_date: null, end_date: null }, false)).toBeNull();
    expect(validatePeriod({ start_date: '2025-09-01', end_date: '2025-08-01' }, false)).toBe('La data di fine non può precedere la data di inizio');
  });
  it('needs month and year of a required month period', () => {
    expect(validateMonthPeriod({ month: null, year: 2025 }, true)).toBe('Campo obbligatorio');
    expect(validateMonthPeriod({ month: 3, year: 2025 }, true)).toBeNull();
  });
  it('firstError returns the first message', () => {
    expect(firstError([null, false, 'a', 'b'])).toBe('a');
    expect(firstError([null, undefined])).toBeNull();
  });
});
