import type { ReservationRule } from 'shared-api';
import { unlockTimeRows, type UnlockTimeRow } from 'shared-ui';

/** What the form's inputs hold: numbers as typed, week days as chosen ('' none, '0' Sunday … '6' Saturday). */
export interface ReservationRuleFormValues {
  name: string;
  description: string;
  max_rounds_per_week: string;
  max_rounds_per_day: string;
  hours_before_booking_to_ignore_rules: string;
  hours_before_booking_to_cancel: string;
  week_start_day: string;
  week_end_day: string;
  unlock_times: UnlockTimeRow[];
  /** Fair play (issue 42): blank limits are none. */
  no_show_limit: string;
  late_cancellation_limit: string;
  fair_play_period_days: string;
  suspension_days: string;
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n));

/** The form of a rule (none: a new one); `unreadable` when a stored unlock time could not be read (it is left out). */
export function reservationRuleToForm(rule?: ReservationRule): { values: ReservationRuleFormValues; unreadable: boolean } {
  const unlockTimes = unlockTimeRows(rule?.unlock_times);
  const values = {
    name: rule?.name ?? '',
    description: rule?.description ?? '',
    max_rounds_per_week: text(rule?.max_rounds_per_week),
    max_rounds_per_day: text(rule?.max_rounds_per_day),
    hours_before_booking_to_ignore_rules: text(rule?.hours_before_booking_to_ignore_rules),
    hours_before_booking_to_cancel: text(rule?.hours_before_booking_to_cancel),
    week_start_day: text(rule?.week_start_day),
    week_end_day: text(rule?.week_end_day),
    unlock_times: unlockTimes.rows,
    no_show_limit: text(rule?.no_show_limit ?? undefined),
    late_cancellation_limit: text(rule?.late_cancellation_limit ?? undefined),
    fair_play_period_days: text(rule?.fair_play_period_days ?? 30),
    suspension_days: text(rule?.suspension_days ?? 7),
  };
  return { values, unreadable: unlockTimes.failed };
}
