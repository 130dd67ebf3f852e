import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, MEMBER, type TestApp, build, call, login } from '../../../testing/helper';
import { romeInstant, userIdOf } from './support';

let t: TestApp;
before(async () => {
  t = await build();
});
after(async () => {
  await t.close();
});

const api = (cookie: string | null, method: 'GET' | 'POST', url: string, body?: unknown) => call(t.app, cookie, method, `/api/v1${url}`, body);
const LUCA = { email: 'luca.ferrari@circolo.example', password: 'Socio-2026!' };
const MATTEO = 'matteo.colombo@circolo.example';

test('the demo club: six tables, a week of evening sessions, members with a certificate book at once, Marco has none', async () => {
  const admin = await login(t.app, ADMIN);
  const tables = (await api(admin, 'GET', '/training-session/game-tables?limit=500')).json().data as { number: number }[];
  assert.deepEqual(
    tables.map((g) => g.number),
    [1, 2, 3, 4, 5, 6],
  );
  const [group] = (await api(admin, 'GET', '/training-session/group')).json().data as {
    start_date: string;
    week_days: number[];
    sessions: unknown[];
  }[];
  assert.ok(group);
  assert.deepEqual([group.week_days, group.sessions.length], [[1, 2, 3, 4, 5], 12]);

  // Monday of the demo week at 10:00: a weekday 19:30 on table 2 (one Luca has not booked yet) is bookable for Luca with Matteo.
  const monday = group.start_date;
  t.clock.freeze();
  t.clock.advance(romeInstant(monday, '10:00').getTime() - t.clock.now().getTime());
  const luca = await login(t.app, LUCA);
  const taken = ((await api(luca, 'GET', '/user/me/booked-sessions?filter=future')).json().data as { session_date: string }[]).map(
    (b) => b.session_date,
  );
  const day = [1, 2, 3, 4]
    .map((n) => {
      const d = new Date(`${monday}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    })
    .find((d) => !taken.includes(d));
  assert.ok(day);
  const week = (await api(luca, 'GET', `/training-session?startDate=${day}&endDate=${day}&startTime=19:30&available=true`)).json().data as {
    _id: string;
    game_table: { number: number };
  }[];
  const slot = week.find((o) => o.game_table.number === 2);
  assert.ok(slot, JSON.stringify(week));
  const matteo = await userIdOf(t.database, MATTEO);
  const booked = await api(luca, 'POST', `/training-session/${slot._id}/book`, { partnersId: [matteo], date: day });
  assert.equal(booked.statusCode, 201, booked.body);

  const marco = await login(t.app, MEMBER);
  const refused = await api(marco, 'POST', `/training-session/${week.find((o) => o.game_table.number === 3)!._id}/book`, {
    partnersId: [matteo],
    date: day,
  });
  assert.deepEqual([refused.statusCode, refused.json().code], [409, 'MEDICAL_CERTIFICATE_INVALID_USER']);
});
