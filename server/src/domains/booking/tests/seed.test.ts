import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ADMIN, type TestApp, build, call, login } from '../../../testing/helper';
import { createMembers, romeInstant } from './support';

let t: TestApp;
before(async () => {
  t = await build();
});
after(async () => {
  await t.close();
});

const api = (cookie: string | null, method: 'GET' | 'POST', url: string, body?: unknown) => call(t.app, cookie, method, `/api/v1${url}`, body);
const PASSWORD = 'Socio-2026!';
// The five demo members of the README (server/src/domains/registry/seed.ts).
const DEMO_MEMBERS = [
  'marco.rossi@circolo.example',
  'giulia.bianchi@circolo.example',
  'luca.ferrari@circolo.example',
  'francesca.romano@circolo.example',
  'matteo.colombo@circolo.example',
];

test('the demo club: six tables, a week of evening sessions, and every demo member who may book can book at once', async () => {
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

  // Monday of the demo week at 10:00 (the week's first shifts unlock at 9:00): each demo member books that evening's
  // 19:30 on a table of their own, with a partner of their own, through the API a member's browser calls.
  const monday = group.start_date;
  t.clock.freeze();
  t.clock.advance(romeInstant(monday, '10:00').getTime() - t.clock.now().getTime());
  const partners = await createMembers(t.database, DEMO_MEMBERS.length, { label: 'compagno' });
  const evening = (await api(admin, 'GET', `/training-session?startDate=${monday}&endDate=${monday}&startTime=19:30&available=true`)).json().data as {
    _id: string;
    game_table: { number: number };
  }[];
  const outcomes: Record<string, string> = {};
  for (const [i, email] of DEMO_MEMBERS.entries()) {
    const member = await login(t.app, { email, password: PASSWORD });
    const me = (await api(member, 'GET', '/auth/me')).json().user as { permissions: string[] };
    assert.ok(me.permissions.includes('book_session'), `${email} may book`);
    const slot = evening.find((o) => o.game_table.number === i + 1);
    assert.ok(slot, JSON.stringify(evening));
    const booked = await api(member, 'POST', `/training-session/${slot._id}/book`, { partnersId: [partners[i]!.id], date: monday });
    outcomes[email] = booked.statusCode === 201 ? 'prenotato' : `${booked.statusCode} ${booked.json().code}`;
  }
  assert.deepEqual(outcomes, Object.fromEntries(DEMO_MEMBERS.map((e) => [e, 'prenotato'])));
});
