import { QueryClient } from '@tanstack/react-query';
import { ApiError } from 'shared-api';

const MAX_RETRIES = 3;

/** 1 s, 2 s, 4 s … up to 30 s (spec 000 §9). */
export const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

/** A client error (4xx) gives the same answer however often it is asked: only other failures are retried. */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < MAX_RETRIES;
}

/** The one QueryClient of the portal: the domain apps use it through the shared react-query singleton. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: 5 * 60 * 1000 },
    },
  });
}
