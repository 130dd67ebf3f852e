import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clubDate } from 'test-kit';
import { apiCall } from './api-call.ts';

interface Ref {
  _id: string;
  number?: number;
}

/**
 * As the administrator: lays every reservation rule's week out from `today` (no unlock times), so a member's booking
 * on any of the next six days is inside the active week whatever today's weekday, then opens a 21:00–22:00 shift on
 * `day` at table `table` for every qualification. Answers the new session's id.
 */
export async function openShiftInActiveWeek(admin: Page, shift: { title: string; today: string; day: string; table: number }): Promise<string> {
  const weekday = new Date(`${shift.today}T00:00:00Z`).getUTCDay();
  const rules = (await apiCall<{ data: (Ref & Record<string, unknown>)[] }>(admin, 'GET', '/user/reservation-rule?limit=500')).body.data;
  for (const { _id, ...rule } of rules) {
    const saved = await apiCall(admin, 'PATCH', `/user/reservation-rule/${_id}`, {
      ...rule,
      week_start_day: weekday,
      week_end_day: (weekday + 6) % 7,
      unlock_times: [],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
  }
  const tables = (await apiCall<{ data: Ref[] }>(admin, 'GET', '/training-session/game-tables')).body.data;
  const qualifications = (await apiCall<{ data: Ref[] }>(admin, 'GET', '/user/qualification?limit=300')).body.data;
  const created = await apiCall<{ data: Ref[] }>(admin, 'POST', '/training-session', {
    title: shift.title,
    day: shift.day,
    start_time: '21:00',
    end_time: '22:00',
    participant_qualifications: qualifications.map((q) => q._id),
    game_tables: [tables.find((t) => t.number === shift.table)!._id],
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.data[0]!._id;
}

const ZONE = 'Europe/Rome';

/** The club's wall-clock time (HH:MM) of an instant. */
export const clubTime = (at: Date): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/**
 * A half-hour shift from `start`: its end, and whether it is plain — on one club day, thirty minutes on the club's
 * clock (not across midnight or a clock change, where no such session can be made).
 */
export function halfHourFrom(start: Date): { start: Date; end: Date; plain: boolean } {
  const end = new Date(start.getTime() + 30 * 60_000);
  const minutes = (at: Date) => Number(clubTime(at).slice(0, 2)) * 60 + Number(clubTime(at).slice(3));
  return { start, end, plain: clubDate(start, ZONE) === clubDate(end, ZONE) && minutes(end) - minutes(start) === 30 };
}

/** A member's user id, found by the staff by e-mail. */
export async function userIdOf(staff: Page, email: string): Promise<string> {
  const found = await apiCall<{ data: { _id: string; email: string }[] }>(
    staff,
    'GET',
    `/user?limit=50&reducedDetails=true&q=${encodeURIComponent(email)}`,
  );
  const user = found.body.data.find((u) => u.email === email);
  assert.ok(user, email);
  return user._id;
}
