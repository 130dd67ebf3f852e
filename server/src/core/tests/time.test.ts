import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ageOn, formatItalianDate, todayIn } from '../time';

describe('todayIn', () => {
  test("the calendar day in the club's zone, not UTC's", () => {
    // 23:30 UTC on 31 December is already New Year's Day in Rome (UTC+1 in winter).
    assert.equal(todayIn('Europe/Rome', new Date('2026-12-31T23:30:00Z')), '2027-01-01');
    assert.equal(todayIn('UTC', new Date('2026-12-31T23:30:00Z')), '2026-12-31');
    // Summer time (UTC+2): 22:30 UTC is past midnight in Rome, 21:59 UTC is not.
    assert.equal(todayIn('Europe/Rome', new Date('2026-07-14T22:30:00Z')), '2026-07-15');
    assert.equal(todayIn('Europe/Rome', new Date('2026-07-14T21:59:00Z')), '2026-07-14');
    // West of UTC the day starts later.
    assert.equal(todayIn('America/New_York', new Date('2026-03-01T03:00:00Z')), '2026-02-28');
  });

  test('the night the clocks change', () => {
    // 29 March 2026, 02:00 Rome time becomes 03:00: 00:59 UTC is 01:59 then 02:00 UTC is 04:00, same day.
    assert.equal(todayIn('Europe/Rome', new Date('2026-03-28T22:59:00Z')), '2026-03-28');
    assert.equal(todayIn('Europe/Rome', new Date('2026-03-28T23:00:00Z')), '2026-03-29');
    assert.equal(todayIn('Europe/Rome', new Date('2026-03-29T02:00:00Z')), '2026-03-29');
  });

  test('an unknown zone is refused', () => {
    assert.throws(() => todayIn('Europe/Atlantide', new Date('2026-01-01T00:00:00Z')), RangeError);
  });
});

describe('ageOn', () => {
  test('full years: the birthday itself counts, the day before does not', () => {
    assert.equal(ageOn('2008-05-20', '2026-05-19'), 17);
    assert.equal(ageOn('2008-05-20', '2026-05-20'), 18);
    assert.equal(ageOn('2008-05-20', '2026-12-31'), 18);
    assert.equal(ageOn('2008-05-20', '2026-01-01'), 17);
  });

  test('born on 29 February: a year older on 1 March of a common year', () => {
    assert.equal(ageOn('2008-02-29', '2026-02-28'), 17);
    assert.equal(ageOn('2008-02-29', '2026-03-01'), 18);
    assert.equal(ageOn('2008-02-29', '2028-02-29'), 20);
  });

  test('a birth date later than the day answers a negative age, the day of birth 0', () => {
    assert.equal(ageOn('2026-06-01', '2026-06-01'), 0);
    assert.equal(ageOn('2027-06-01', '2026-06-01'), -1);
  });
});

describe('formatItalianDate', () => {
  test('dd/MM/yyyy from an ISO date or timestamp; empty for none', () => {
    assert.equal(formatItalianDate('2026-03-09'), '09/03/2026');
    assert.equal(formatItalianDate('2026-11-23T16:00:00.000Z'), '23/11/2026');
    assert.equal(formatItalianDate(null), '');
    assert.equal(formatItalianDate(undefined), '');
    assert.equal(formatItalianDate(''), '');
  });
});
