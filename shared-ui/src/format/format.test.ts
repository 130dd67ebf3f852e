import { ageFrom, clubToday, formatDate, formatDateTime, formatEuro, getClubTimeZone, parseIsoDate, setClubTimeZone, toIsoDate } from './format';

describe('format', () => {
  it('shows calendar dates as dd/MM/yyyy without shifting the day', () => {
    expect(formatDate('2025-03-07')).toBe('07/03/2025');
    expect(formatDate('1999-12-31')).toBe('31/12/1999');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  describe("instants on the club's clock, whatever the browser's time zone", () => {
    afterEach(() => setClubTimeZone('Europe/Rome'));

    it('is Europe/Rome unless told otherwise', () => {
      expect(getClubTimeZone()).toBe('Europe/Rome');
    });
    it("shows a late-evening sign-up in Rome on Rome's day (UTC is still the day before)", () => {
      expect(formatDate('2026-03-01T23:30:00.000Z')).toBe('02/03/2026');
      expect(formatDateTime('2026-03-01T23:30:00.000Z')).toBe('02/03/2026 00:30');
      expect(formatDateTime('2026-07-10T16:05:00.000Z')).toBe('10/07/2026 18:05');
    });
    it('follows the zone the server names, and ignores an unknown one', () => {
      setClubTimeZone('America/New_York');
      expect(formatDate('2026-03-01T23:30:00.000Z')).toBe('01/03/2026');
      setClubTimeZone('Not/AZone');
      expect(getClubTimeZone()).toBe('America/New_York');
    });
    it("knows today's date at the club", () => {
      expect(clubToday(new Date('2026-12-31T23:30:00.000Z'))).toBe('2027-01-01');
    });
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
