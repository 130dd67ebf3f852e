import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { DbOrTx } from '../db/client';
import { VersionedCache, type VersionedRead } from '../db/versioned-cache';

/**
 * A cache over a fake table: `rows` holds each id's value, `version` what the database's version row would say; each
 * read of missing entries is recorded.
 */
function fakeTable() {
  const state = {
    version: 1,
    rows: new Map<string, string>([
      ['a', 'A1'],
      ['b', 'B1'],
    ]),
    reads: [] as string[][],
  };
  const cache = new VersionedCache<string>(async (_db, ids): Promise<VersionedRead<string>> => {
    state.reads.push(ids);
    const entries = ids.flatMap((id) => (state.rows.has(id) ? [[id, state.rows.get(id)!] as const] : []));
    return { version: entries.length ? state.version : null, entries };
  }, 3);
  return { state, cache, db: {} as DbOrTx };
}

describe('a cache kept while the database version stays', () => {
  test('reads only what it lacks, once; a newer version empties it; a reader of an older one keeps the newer entries', async () => {
    const { state, cache, db } = fakeTable();
    const first = await cache.lookup(db, 1, ['a', 'b', 'a']);
    // Answered in the order asked, the repeated id too.
    assert.deepEqual([first, state.reads], [['A1', 'B1', 'A1'], [['a', 'b']]]);
    assert.deepEqual(await cache.lookup(db, 1, ['b', 'a']), ['B1', 'A1']);
    await cache.lookup(db, 1, ['a', 'b']);
    assert.equal(state.reads.length, 1);

    // A change raises the version: the next reader of it reads again.
    state.rows.set('a', 'A2');
    state.version = 2;
    const second = await cache.lookup(db, 2, ['a']);
    assert.deepEqual([second, state.reads.length], [['A2'], 2]);
    // A reader whose snapshot still says 1 neither empties the cache nor sees an older value.
    const older = await cache.lookup(db, 1, ['a']);
    assert.deepEqual([older, state.reads.length], [['A2'], 2]);

    // An id that does not exist is not found (undefined in its place), and is looked for again.
    assert.deepEqual(await cache.lookup(db, 2, ['z', 'a']), [undefined, 'A2']);
    await cache.lookup(db, 2, ['z']);
    assert.equal(state.reads.length, 4);
  });

  test('entries read at a version newer than the cache are answered but not kept as if they were of the older', async () => {
    const { state, cache, db } = fakeTable();
    await cache.lookup(db, 1, ['a']);
    // The caller read version 1, but by the time it reads 'b' the database is at 3 (b changed in between).
    state.rows.set('b', 'B3');
    state.version = 3;
    const mixed = await cache.lookup(db, 1, ['a', 'b']);
    assert.deepEqual(mixed, ['A1', 'B3']);
    // A later reader of version 3 reads 'a' again: the cache emptied when it saw 3.
    state.rows.set('a', 'A3');
    const now = await cache.lookup(db, 3, ['a', 'b']);
    assert.deepEqual(now, ['A3', 'B3']);
  });

  test('beyond its size it starts again empty', async () => {
    const { state, cache, db } = fakeTable();
    for (const id of ['c', 'd', 'e', 'f']) state.rows.set(id, id.toUpperCase());
    await cache.lookup(db, 1, ['a', 'b', 'c', 'd']);
    await cache.lookup(db, 1, ['a']);
    assert.equal(state.reads.length, 2);
  });
});
