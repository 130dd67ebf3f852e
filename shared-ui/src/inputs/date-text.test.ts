import { typedDateProblem } from './date-text';

describe('what is wrong with a typed date (issue 26 item 8)', () => {
  it('says a day that does not exist does not', () => {
    expect(typedDateProblem('31/02/2026')).toBe('Data non valida: il 31/02/2026 non esiste');
  });
  it('says the shape it wants', () => {
    expect(typedDateProblem('31 febbraio')).toBe('Data non valida: scrivila come gg/mm/aaaa (es. 25/11/2026)');
  });
  it('names the first and last dates the field takes', () => {
    expect(typedDateProblem('01/01/2020', '2026-11-25')).toBe('La data non può essere precedente al 25/11/2026');
    expect(typedDateProblem('01/01/2045', null, '2031-12-31')).toBe('La data non può essere successiva al 31/12/2031');
  });
  it('has nothing to say of a good date or an empty field', () => {
    expect(typedDateProblem('1/2/2027', '2026-11-25', '2027-12-31')).toBeNull();
    expect(typedDateProblem('  ')).toBeNull();
  });
});
