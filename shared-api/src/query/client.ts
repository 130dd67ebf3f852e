import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../auth/store';
import { ApiError } from '../client/http';

const MAX_RETRIES = 3;
const FIVE_MINUTES = 5 * 60 * 1000;

/** 1 s, 2 s, 4 s … up to 30 s between attempts (spec 000 §9). */
export const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

/** A client error (4xx) gives the same answer however often it is asked: only other failures are retried. */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < MAX_RETRIES;
}

/** A 401 means the session ended on the server (logout elsewhere, deactivation): the guards then send to /login. */
function endSessionOnUnauthorized(error: unknown): void {
  if (error instanceof ApiError && error.status === 401 && useAuthStore.getState().user) {
    useAuthStore.getState().setUser(null);
  }
}

/**
 * The portal's QueryClient (spec 000 §9; docs/decisions.md, "One QueryClient; a 401 ends the session in the page"):
 * the shell makes the one the domain apps share, a domain app's standalone host makes its own with the same rules.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: endSessionOnUnauthorized }),
    mutationCache: new MutationCache({ onError: endSessionOnUnauthorized }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: FIVE_MINUTES },
    },
  });
}
