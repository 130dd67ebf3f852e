import { RULE_HOURS_MAX, reservationRuleForm, reservationRulePayload } from '../contract';

/** Issue 44 item 9: a booking rule's hours (before a session to ignore the limits, to cancel) are bounded to 30 days. */
const rule = {
  name: 'Serale',
  max_rounds_per_week: 3,
  max_rounds_per_day: 1,
  hours_before_booking_to_ignore_rules: 2,
  hours_before_booking_to_cancel: 24,
  week_start_day: 1,
  week_end_day: 0,
};

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('booking rule hours', () => {
  it.each(['hours_before_booking_to_ignore_rules', 'hours_before_booking_to_cancel'])('%s: 1,000,000 is refused, 720 and 0 pass', (field) => {
    expect(RULE_HOURS_MAX).toBe(720);
    expect(messages(reservationRulePayload.safeParse({ ...rule, [field]: 1_000_000 }))).toEqual([
      `${field}: Il valore deve essere compreso tra 0 e 720 (30 giorni)`,
    ]);
    expect(messages(reservationRulePayload.safeParse({ ...rule, [field]: 721 }))).toHaveLength(1);
    expect(reservationRulePayload.safeParse({ ...rule, [field]: 720 }).success).toBe(true);
    expect(reservationRulePayload.safeParse({ ...rule, [field]: 0 }).success).toBe(true);
    // The form, with the number as typed.
    expect(messages(reservationRuleForm.safeParse({ ...rule, unlock_times: [], [field]: '1000000' }))).toEqual([
      `${field}: Il valore deve essere compreso tra 0 e 720 (30 giorni)`,
    ]);
  });
});
