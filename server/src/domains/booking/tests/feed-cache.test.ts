/**
 * The calendar feed's cache of last written texts (issue 27): served only under the ETag it was written for, the least
 * recently served dropped first past its count or its characters, a text larger than the whole cache never kept.
 * No database.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FeedCache } from '../calendar-feed/feed-cache';

test('a text is served only under its ETag; a new ETag replaces it', () => {
  const cache = new FeedCache();
  cache.set('a', { etag: '"1"', body: 'uno' });
  assert.equal(cache.get('a', '"1"'), 'uno');
  assert.equal(cache.get('a', '"2"'), null);
  assert.equal(cache.get('b', '"1"'), null);
  cache.set('a', { etag: '"2"', body: 'due' });
  assert.equal(cache.get('a', '"1"'), null);
  assert.equal(cache.get('a', '"2"'), 'due');
  assert.equal(cache.size, 1);
});

test('past its count or its characters, the least recently served goes first; a text larger than the cache is not kept', () => {
  const cache = new FeedCache(2, 10);
  cache.set('a', { etag: 'x', body: 'aaa' });
  cache.set('b', { etag: 'x', body: 'bbb' });
  assert.equal(cache.get('a', 'x'), 'aaa');
  cache.set('c', { etag: 'x', body: 'ccc' });
  assert.deepEqual(
    ['a', 'b', 'c'].map((k) => cache.get(k, 'x')),
    ['aaa', null, 'ccc'],
  );
  cache.set('d', { etag: 'x', body: 'dddddddd' });
  assert.equal(cache.size, 1, '8 + 3 characters are past 10: only d is left');
  assert.equal(cache.get('d', 'x'), 'dddddddd');
  cache.set('e', { etag: 'x', body: 'e'.repeat(11) });
  assert.equal(cache.get('e', 'x'), null);
  assert.equal(cache.get('d', 'x'), 'dddddddd');
});
