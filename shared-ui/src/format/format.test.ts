import { ageFrom, formatDate, formatDateTime, formatEuro, parseIsoDate, toIsoDate } from './format';

describe('format', () => {
  it('shows calendar dates as dd/MM/yyyy without shifting the day', () => {
    expect(formatDate('2025-03-07')).toBe('07/03/2025');
    expect(formatDate('1999-12-31')).toBe('31/12/1999');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('shows date and time in local time', () => {
    const local = new Date(2025, 2, 7, 18, 5);
    expect(formatDateTime(local.toISOString())).toBe('07/03/2025 18:05');
  });
  it('shows cents as euro with two decimals', () => {
    expect(formatEuro(1250)).toBe('12,50\u00a0€');
    expect(formatEuro(0)).toBe('0,00\u00a0€');
    expect(formatEuro(1234567)).toBe('12.345,67\u00a0€');
    expect(formatEuro(null)).toBe('');
  });
  it('writes a Date as its local calendar date', () => {
    expect(toIsoDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
    expect(toIsoDate(parseIsoDate('2024-02-29')!)).toBe('2024-02-29');
  });
  it('counts whole years of age', () => {
    const today = new Date(2025, 5, 15);
    expect(ageFrom('2007-06-15', today)).toBe(18);
    expect(ageFrom('2007-06-16', today)).toBe(17);
    expect(ageFrom(null, today)).toBeNull();
  });
});
