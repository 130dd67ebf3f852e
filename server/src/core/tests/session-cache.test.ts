/**
 * The session cache (core/session-cache.ts): a found session answers again within its time without the database,
 * a clear or the time passing sends the next request back to it, and nothing stale or unknown is kept.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CurrentUser, SessionResolver } from '../domain';
import { SessionCache } from '../session-cache';

const luca: CurrentUser = {
  id: 'u1',
  name: 'Luca',
  surname: 'Ferrari',
  email: 'luca@x',
  has_accepted_terms: true,
  permissions: ['book_session'],
  sessionId: 's1',
};

/** A resolver counting its lookups, answering from `sessions` as they are when asked (or when `hold` lets it). */
function resolver(sessions: Map<string, CurrentUser>) {
  const counted = { lookups: 0, hold: null as Promise<void> | null };
  const find: SessionResolver['find'] = async (token) => {
    counted.lookups++;
    const answer = sessions.get(token) ?? null;
    if (counted.hold) await counted.hold;
    return answer;
  };
  return Object.assign(counted, { find });
}

function setup(ttlMs = 1000, maxEntries = 100) {
  const sessions = new Map([['t1', luca]]);
  const db = resolver(sessions);
  let now = 1_000_000;
  const cache = new SessionCache(db, { ttlMs, maxEntries, now: () => now });
  return { sessions, db, cache, advance: (ms: number) => (now += ms) };
}

test('a found session answers again within its time, then is looked up again', async () => {
  const { db, cache, advance } = setup();
  assert.equal((await cache.find('t1'))?.id, 'u1');
  advance(999);
  assert.equal((await cache.find('t1'))?.id, 'u1');
  assert.equal(db.lookups, 1);
  advance(1);
  await cache.find('t1');
  assert.equal(db.lookups, 2);
});

test('a clear sends the next request to the database: a signed-out session is gone at once', async () => {
  const { sessions, db, cache } = setup();
  await cache.find('t1');
  sessions.delete('t1');
  cache.clear();
  assert.equal(await cache.find('t1'), null);
  assert.equal(db.lookups, 2);
});

test('a lookup that began before a clear is not kept', async () => {
  const { sessions, db, cache } = setup();
  let release = () => {};
  db.hold = new Promise((resolve) => (release = resolve));
  const slow = cache.find('t1');
  // While it waits, the member's permissions change and the change clears the cache.
  sessions.set('t1', { ...luca, permissions: [] });
  cache.clear();
  release();
  assert.deepEqual((await slow)?.permissions, ['book_session']);
  db.hold = null;
  assert.deepEqual((await cache.find('t1'))?.permissions, [], 'the old answer was not kept');
});

test('unknown tokens are not kept; at most maxEntries sessions are, the oldest go first', async () => {
  const { sessions, db, cache } = setup(1000, 2);
  assert.equal(await cache.find('nope'), null);
  assert.equal(await cache.find('nope'), null);
  assert.equal(db.lookups, 2);
  sessions.set('t2', { ...luca, sessionId: 's2' });
  sessions.set('t3', { ...luca, sessionId: 's3' });
  for (const token of ['t1', 't2', 't3']) await cache.find(token);
  db.lookups = 0;
  await cache.find('t3');
  await cache.find('t2');
  assert.equal(db.lookups, 0);
  await cache.find('t1');
  assert.equal(db.lookups, 1, 't1 was the oldest and went');
});

test('a kept user cannot be changed by one request for the others; time 0 turns the cache off; a clock set back ends an entry', async () => {
  const { db, cache, advance } = setup();
  const user = (await cache.find('t1'))!;
  const again = (await cache.find('t1'))!;
  assert.throws(() => again.permissions.push('*'));
  assert.throws(() => Object.assign(again, { id: 'other' }));
  assert.equal(user.permissions.length, 1);
  advance(-10);
  await cache.find('t1');
  assert.equal(db.lookups, 2, 'looked up again after the clock went back');
  const off = setup(0);
  await off.cache.find('t1');
  await off.cache.find('t1');
  assert.equal(off.db.lookups, 2);
});
