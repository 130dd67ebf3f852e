import { resetTestClock } from '../../../shared-ui/src/testing/clock';
import { ApiError } from '../client/http';
import { useAuthStore } from '../auth/store';
import { createQueryClient } from '../query/client';

afterEach(() => resetTestClock());

test('a failing query is asked 4 times in all, 1, 2 and 4 s apart (spec 000 §9)', async () => {
  jest.useFakeTimers();
  const client = createQueryClient();
  const attempts: number[] = [];
  const queryFn = jest.fn(async () => {
    attempts.push(Date.now());
    throw new ApiError('Request failed with status 503', 503, {});
  });
  const result = client.fetchQuery({ queryKey: ['down'], queryFn }).catch((e: unknown) => e);
  await jest.advanceTimersByTimeAsync(60_000);
  expect(await result).toBeInstanceOf(ApiError);
  expect(queryFn).toHaveBeenCalledTimes(4);
  expect(attempts.slice(1).map((t, i) => t - (attempts[i] ?? Number.NaN))).toEqual([1000, 2000, 4000]);
});

test('a refused query (4xx) is asked once: the answer would not change', async () => {
  const client = createQueryClient();
  const queryFn = jest.fn(async () => {
    throw new ApiError('Forbidden', 403, { code: 'FORBIDDEN' });
  });
  await expect(client.fetchQuery({ queryKey: ['forbidden'], queryFn })).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  expect(queryFn).toHaveBeenCalledTimes(1);
});

test('a 401 ends the session the store holds', async () => {
  useAuthStore.getState().setUser({
    _id: '00000000-0000-4000-8000-000000000001',
    name: 'Mario',
    surname: 'Rossi',
    email: 'mario@example.it',
    has_accepted_terms: true,
    permissions: ['book_session'],
  });
  const client = createQueryClient();
  await client
    .fetchQuery({ queryKey: ['me'], queryFn: async () => Promise.reject(new ApiError('Unauthorized', 401, { code: 'UNAUTHENTICATED' })) })
    .catch(() => undefined);
  expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', user: null });
});
