/**
 * Issue 27, home page: GET /user/me/booking-rule answers the member's own booking rule (the engine's choice: their own
 * rule before their qualification's) and when its weekly unlock times next release shifts, on the club's clock.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type TestApp, build, call, login } from '../../../testing/helper';
import { reservation_rule_unlock_times, reservation_rules, user_reservation_rules } from '../../registry/tables';
import { type TestMember, createMembers, romeInstant, stopClockAt } from './support';

let t: TestApp;
let seeded: TestMember;
let own: TestMember;
let noUnlocks: TestMember;

const mine = async (m: TestMember) => {
  const res = await call(t.app, await login(t.app, m), 'GET', '/api/v1/user/me/booking-rule');
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
};

async function giveOwnRule(member: TestMember, name: string, unlocks: { day: number; hour: string; num_shifts: number }[]) {
  const [rule] = await t.database.db
    .insert(reservation_rules)
    .values({
      name,
      max_rounds_per_week: 4,
      max_rounds_per_day: 2,
      hours_before_booking_to_ignore_rules: 3,
      hours_before_booking_to_cancel: 12,
      week_start_day: 1,
      week_end_day: 0,
    })
    .returning({ id: reservation_rules.id });
  if (unlocks.length) await t.database.db.insert(reservation_rule_unlock_times).values(unlocks.map((u) => ({ ...u, reservation_rule_id: rule!.id })));
  await t.database.db.insert(user_reservation_rules).values({ user_id: member.id, reservation_rule_id: rule!.id });
}

before(async () => {
  t = await build();
  const members = await createMembers(t.database, 3, { label: 'regola' });
  [seeded, own, noUnlocks] = [members[0]!, members[1]!, members[2]!];
  // Wednesday 09:00 (already passed on the Wednesday of the test), Friday 18:00 twice (their shifts add up).
  await giveOwnRule(own, 'Regola personale', [
    { day: 3, hour: '09:00', num_shifts: 1 },
    { day: 5, hour: '18:00', num_shifts: 2 },
    { day: 5, hour: '18:00', num_shifts: 1 },
  ]);
  await giveOwnRule(noUnlocks, 'Senza sblocchi', []);
});

after(() => t.close());

test('without a session the answer is 401', async () => {
  const res = await call(t.app, null, 'GET', '/api/v1/user/me/booking-rule');
  assert.equal(res.statusCode, 401);
  assert.equal(res.json().code, 'UNAUTHENTICATED');
});

test("a member's qualification rule: the next unlock is Thursday 09:00 in Rome", async () => {
  stopClockAt(t.clock, '2026-11-25', '10:00');
  const answer = await mine(seeded);
  assert.deepEqual(answer.rule, { name: 'Standard soci', max_rounds_per_week: 3, max_rounds_per_day: 1, hours_before_booking_to_cancel: 24 });
  assert.deepEqual(answer.next_unlock, { at: romeInstant('2026-11-26', '09:00').toISOString(), num_shifts: 1 });
});

test("the member's own rule comes first; unlock times at one instant add their shifts; a passed one comes round next week", async () => {
  stopClockAt(t.clock, '2026-11-25', '10:00');
  const answer = await mine(own);
  assert.equal(answer.rule.name, 'Regola personale');
  assert.deepEqual(answer.next_unlock, { at: romeInstant('2026-11-27', '18:00').toISOString(), num_shifts: 3 });
  stopClockAt(t.clock, '2026-11-27', '18:00');
  assert.deepEqual((await mine(own)).next_unlock, { at: romeInstant('2026-12-02', '09:00').toISOString(), num_shifts: 1 });
});

test('a rule without unlock times has no next unlock', async () => {
  const answer = await mine(noUnlocks);
  assert.equal(answer.rule.name, 'Senza sblocchi');
  assert.equal(answer.next_unlock, null);
});
