import { ApiError } from 'shared-api';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

test('retries wait 1 s, then double, up to 30 s (spec 000 §9)', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});

test('a failure is retried 3 times; a client error is not retried', () => {
  const serverDown = new ApiError('Request failed with status 503', 503, {});
  expect([0, 1, 2, 3].map((n) => shouldRetry(n, serverDown))).toEqual([true, true, true, false]);
  expect(shouldRetry(0, new ApiError('offline', 0, null))).toBe(true);
  expect(shouldRetry(0, new ApiError('Forbidden', 403, {}))).toBe(false);
});

test('unused data is kept 5 minutes', () => {
  const defaults = createQueryClient().getDefaultOptions().queries;
  expect(defaults?.gcTime).toBe(5 * 60 * 1000);
  expect(defaults?.retry).toBe(shouldRetry);
  expect(defaults?.retryDelay).toBe(retryDelay);
});
