/**
 * Batched calls (core/db/batch.ts): calls made together go out as one, calls made while every statement is busy
 * gather for the next one, a batch never exceeds its size, calls kept apart go in separate statements, and when a batch throws each call is tried alone so the
 * error reaches only its own.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type BatchOptions, batchedCalls } from '../db/batch';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A statement doubling numbers that records each batch it is sent and answers when `release` is called. */
function doubling(options: BatchOptions<number>, failWhen: (items: readonly number[]) => boolean = () => false) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const call = batchedCalls<number, number>(async (items) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => pending.push(resolve));
    if (failWhen(items)) throw new Error(`rifiutato: ${items.join(',')}`);
    return items.map((n) => (n < 0 ? new Error(`negativo: ${n}`) : n * 2));
  }, options);
  /** Lets every statement sent by now answer, then waits for what they set off. */
  const release = async () => {
    await turn();
    while (pending.length) pending.shift()!();
    await turn();
    await turn();
  };
  return { call, batches, release };
}

test('calls made in the same turn go out as one statement, each answered with its own result', async () => {
  const { call, batches, release } = doubling({ maxBatch: 10, maxInFlight: 2 });
  const answers = Promise.all([1, 2, 3].map(call));
  await turn();
  assert.deepEqual(batches, [[1, 2, 3]]);
  await release();
  assert.deepEqual(await answers, [2, 4, 6]);
});

test('calls made while every statement is busy wait and go out together when one returns', async () => {
  const { call, batches, release } = doubling({ maxBatch: 10, maxInFlight: 1 });
  const first = call(1);
  await turn();
  const later = [call(2), call(3)];
  await turn();
  const more = call(4);
  await turn();
  assert.deepEqual(batches, [[1]], 'nothing else is sent while the one statement runs');
  await release();
  assert.deepEqual(batches, [[1], [2, 3, 4]]);
  await release();
  assert.deepEqual(await Promise.all([first, ...later, more]), [2, 4, 6, 8]);
});

test('a batch carries at most maxBatch calls', async () => {
  const { call, batches, release } = doubling({ maxBatch: 2, maxInFlight: 4 });
  const answers = Promise.all([1, 2, 3, 4, 5].map(call));
  await turn();
  assert.deepEqual(batches, [[1, 2], [3, 4], [5]]);
  await release();
  assert.deepEqual(await answers, [2, 4, 6, 8, 10]);
});

test('an error answered for one call rejects only that call; a batch that throws is tried again call by call', async () => {
  const own = doubling({ maxBatch: 10, maxInFlight: 1 });
  const mixed = [1, -2, 3].map((n) => own.call(n).catch((err: Error) => err.message));
  await own.release();
  assert.deepEqual(await Promise.all(mixed), [2, 'negativo: -2', 6]);

  // The statement fails whenever 7 is in it: alone, 5 and 6 are answered, and only 7's caller sees the error.
  const failing = doubling({ maxBatch: 10, maxInFlight: 4 }, (items) => items.includes(7));
  const answers = [5, 6, 7].map((n) => failing.call(n).catch((err: Error) => err.message));
  await failing.release();
  await failing.release();
  assert.deepEqual(await Promise.all(answers), [10, 12, 'rifiutato: 7']);
  assert.deepEqual(failing.batches, [[5, 6, 7], [5], [6], [7]]);
});

test('calls kept apart go in later statements of the batch, each sent when the one before has returned', async () => {
  // Numbers of the same parity are kept apart: 1 and 3 cannot share a statement, nor 2 and 4.
  const { call, batches, release } = doubling({ maxBatch: 10, maxInFlight: 1, apart: (a, b) => a % 2 === b % 2 });
  const answers = Promise.all([1, 2, 3, 4, 5].map(call));
  await turn();
  assert.deepEqual(batches, [[1, 2]]);
  await release();
  assert.deepEqual(batches, [
    [1, 2],
    [3, 4],
  ]);
  await release();
  await release();
  assert.deepEqual(batches, [[1, 2], [3, 4], [5]]);
  assert.deepEqual(await answers, [2, 4, 6, 8, 10]);
});
