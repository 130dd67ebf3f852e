import { wallClockInstant } from '../contract/wall-clock';

describe('wallClockInstant', () => {
  it("the instant the club's wall clock shows a date and time, in winter and in summer, whatever the machine's zone", () => {
    expect(wallClockInstant('2026-11-30', '09:00', 'Europe/Rome').toISOString()).toBe('2026-11-30T08:00:00.000Z');
    expect(wallClockInstant('2027-07-14', '00:00', 'Europe/Rome').toISOString()).toBe('2027-07-13T22:00:00.000Z');
    expect(wallClockInstant('2026-11-30', '09:00', 'UTC').toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(wallClockInstant('2026-11-30', '09:00', 'America/New_York').toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });

  it('either side of the night the clocks go forward', () => {
    // 28 March 2027: 02:00 becomes 03:00 in Rome.
    expect(wallClockInstant('2027-03-28', '01:30', 'Europe/Rome').toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(wallClockInstant('2027-03-28', '03:30', 'Europe/Rome').toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });
});
