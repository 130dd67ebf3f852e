import { matchPreset, presetPeriod, readStatisticsFilters, writeStatisticsFilters } from '../period';
import { formatCount, formatHours, formatPercent } from '../format';

describe('statistics period', () => {
  it('the presets are whole months of the club calendar: this month, last month, this month and the two before, this year', () => {
    expect(presetPeriod('this-month', '2026-11-23')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(presetPeriod('last-month', '2026-11-23')).toEqual({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(presetPeriod('last-3-months', '2026-11-23')).toEqual({ startDate: '2026-09-01', endDate: '2026-11-30' });
    expect(presetPeriod('this-year', '2026-11-23')).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
    // Across the new year, and a leap February.
    expect(presetPeriod('last-month', '2027-01-31')).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(presetPeriod('last-3-months', '2027-01-05')).toEqual({ startDate: '2026-11-01', endDate: '2027-01-31' });
    expect(presetPeriod('this-month', '2028-02-10')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
  });

  it('a period shows as the preset it equals, else as one of its own', () => {
    expect(matchPreset({ startDate: '2026-10-01', endDate: '2026-10-31' }, '2026-11-23')).toBe('last-month');
    expect(matchPreset({ startDate: '2026-10-01', endDate: '2026-10-30' }, '2026-11-23')).toBe('');
  });

  it('reads the filters from the query string, this month when the period is missing or wrong', () => {
    const read = (q: string) => readStatisticsFilters(new URLSearchParams(q), '2026-11-23');
    expect(read('startDate=2026-09-01&endDate=2026-09-30&table=abc')).toEqual({ startDate: '2026-09-01', endDate: '2026-09-30', table: 'abc' });
    expect(read('')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30', table: null });
    expect(read('startDate=2026-09-30&endDate=2026-09-01')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30', table: null });
    expect(read('startDate=nope&endDate=2026-09-01')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30', table: null });
    expect(writeStatisticsFilters({ startDate: '2026-09-01', endDate: '2026-09-30', table: null }).toString()).toBe(
      'startDate=2026-09-01&endDate=2026-09-30',
    );
  });

  it('formats counts, hours and shares the Italian way', () => {
    // Italian groups thousands from five digits on (CLDR): 1234, 12.345.
    expect(formatCount(1234)).toBe('1234');
    expect(formatCount(12345)).toBe('12.345');
    expect(formatHours(4.5)).toBe('4,5');
    expect(formatHours(6)).toBe('6');
    expect(formatPercent(0.4167)).toBe('41,7%');
    expect(formatPercent(1)).toBe('100%');
  });
});
