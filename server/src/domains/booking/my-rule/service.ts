import { type MyBookingRule, wallClockInstant } from 'shared-api/contract';
import type { CurrentUser } from '../../../core/domain';
import type { Db } from '../../../core/db/client';
import { addDays, weekDayOf } from '../dates';
import type { MyRuleRepository } from './repository';

interface UnlockTime {
  day: number;
  hour: string;
  num_shifts: number;
}

/**
 * The first instant after `now` at which one of the weekly unlock times comes round on the club's clock (`today` its
 * date there), with the shifts every unlock time of that instant releases; null without unlock times.
 */
export function nextUnlock(unlocks: readonly UnlockTime[], now: Date, today: string, timeZone: string): MyBookingRule['next_unlock'] {
  let best: { at: number; num_shifts: number } | null = null;
  for (const u of unlocks) {
    // Eight days: today's unlock time may have passed, then it comes round a week later.
    for (let k = 0; k <= 7; k += 1) {
      const date = addDays(today, k);
      if (weekDayOf(date) !== u.day) continue;
      const at = wallClockInstant(date, u.hour.slice(0, 5), timeZone).getTime();
      if (at <= now.getTime()) continue;
      if (!best || at < best.at) best = { at, num_shifts: u.num_shifts };
      else if (at === best.at) best.num_shifts += u.num_shifts;
      break;
    }
  }
  return best ? { at: new Date(best.at).toISOString(), num_shifts: best.num_shifts } : null;
}

/** GET /user/me/booking-rule: the member's own rule and its next unlock (issue 27, home page). */
export class MyRuleService {
  constructor(
    private readonly db: Db,
    private readonly repo: MyRuleRepository,
    private readonly clock: { now: () => Date; today: () => string },
    private readonly timeZone: string,
  ) {}

  async mine(actor: CurrentUser): Promise<MyBookingRule> {
    const row = await this.repo.ruleOf(this.db, actor.id);
    if (!row) return { rule: null, next_unlock: null };
    const { id, ...rule } = row;
    const unlocks = await this.repo.unlockTimesOf(this.db, id);
    return { rule, next_unlock: nextUnlock(unlocks, this.clock.now(), this.clock.today(), this.timeZone) };
  }
}
