import { clampPicked, isCompact, layoutOverlaps, monthWeeks, slotLabels, step, verticalPlacement, visibleRange } from '../layout';

const ev = (start_time: string, end_time: string, id = `${start_time}-${end_time}`) => ({ id, start_time, end_time });

describe('calendar layout', () => {
  it('ranges: day, week Monday to Sunday, month grid from the Monday of the first week to the Sunday of the last', () => {
    expect(visibleRange('day', '2026-11-25')).toEqual({ startDate: '2026-11-25', endDate: '2026-11-25' });
    expect(visibleRange('week', '2026-11-25')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
    expect(visibleRange('week', '2026-11-29')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
    // November 2026 starts on a Sunday and ends on a Monday.
    expect(visibleRange('month', '2026-11-15')).toEqual({ startDate: '2026-10-26', endDate: '2026-12-06' });
    expect(monthWeeks('2026-11-15')).toHaveLength(6);
    expect(monthWeeks('2026-02-10')).toHaveLength(5);
    // February 2021 starts on a Monday and has 28 days: four rows.
    expect(monthWeeks('2021-02-10')).toHaveLength(4);
  });

  it('steps by day, week and month, keeping the month valid', () => {
    expect(step('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(step('week', '2026-11-25', -1)).toBe('2026-11-16');
    expect(step('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(step('month', '2026-01-15', -1)).toBe('2025-12-01');
  });

  it('picker: months within two years, days and weeks within ten, a week snaps to Monday', () => {
    expect(clampPicked('month', '2031-05-10', '2026-11-23')).toBe('2028-12-01');
    expect(clampPicked('month', '2023-05-10', '2026-11-23')).toBe('2024-01-01');
    expect(clampPicked('day', '2040-01-01', '2026-11-23')).toBe('2036-11-23');
    expect(clampPicked('week', '2026-11-27', '2026-11-23')).toBe('2026-11-23');
  });

  it('lays overlapping events side by side and gives separate clusters the full width', () => {
    const placed = layoutOverlaps([ev('18:00', '19:00'), ev('18:30', '19:30'), ev('19:00', '20:00'), ev('21:00', '22:00')]);
    const by = Object.fromEntries(placed.map((p) => [p.event.id, [p.column, p.columns]]));
    expect(by['18:00-19:00']).toEqual([0, 2]);
    expect(by['18:30-19:30']).toEqual([1, 2]);
    // Starts when the first ends: reuses its column.
    expect(by['19:00-20:00']).toEqual([0, 2]);
    expect(by['21:00-22:00']).toEqual([0, 1]);
    const three = layoutOverlaps([ev('17:00', '20:00'), ev('17:00', '18:00', 'b'), ev('17:30', '18:30', 'c')]);
    expect(three.map((p) => p.columns)).toEqual([3, 3, 3]);
  });

  it('compact under 45 minutes by day, at 30 or less by week, always by month', () => {
    expect(isCompact('day', 44)).toBe(true);
    expect(isCompact('day', 45)).toBe(false);
    expect(isCompact('week', 30)).toBe(true);
    expect(isCompact('week', 31)).toBe(false);
    expect(isCompact('month', 240)).toBe(true);
  });

  it('places events in the 16–24 grid with 30-minute day slots and hourly week slots', () => {
    expect(slotLabels('day')).toHaveLength(16);
    expect(slotLabels('day')[1]).toBe('16:30');
    expect(slotLabels('week')).toEqual(['16:00', '17:00', '18:00', '19:00', '20:00', '21:00', '22:00', '23:00']);
    expect(verticalPlacement(ev('16:00', '18:00'))).toEqual({ top: 0, height: 25 });
    expect(verticalPlacement(ev('15:00', '16:30'))).toEqual({ top: 0, height: 6.25 });
    expect(verticalPlacement(ev('23:00', '00:00'))).toEqual({ top: 87.5, height: 12.5 });
    expect(verticalPlacement(ev('10:00', '12:00'))).toBeNull();
  });
});
