import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
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
