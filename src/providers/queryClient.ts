import { QueryClient } from '@tanstack/react-query';

/**
 * Data fetching rules of SPEC sections 8 and 9: no refetch on mount or window focus; no retry on
 * 403, 404, 500 or 503; otherwise at most 3 attempts in all, 10 s apart. Nor on 401: the sign-in
 * has ended, and asking again only delays what the page says about it.
 */
export const NO_RETRY_STATUSES: ReadonlySet<number> = new Set([401, 403, 404, 500, 503]);
export const MAX_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 10_000;

function statusOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/**
 * react-query's retry predicate. react-query passes the number of failures before this one (0 after
 * the first attempt fails), so `failureCount + 1` attempts have been made: retry while below 3.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined && NO_RETRY_STATUSES.has(status)) return false;
  return failureCount + 1 < MAX_ATTEMPTS;
}

/**
 * No refetch when a screen mounts (SPEC section 9), except for data a change has invalidated: a
 * list opened after a create or an edit elsewhere shows the change, not the rows from before.
 */
export const refetchOnMount = (query: { state: { isInvalidated: boolean } }): boolean => query.state.isInvalidated;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnMount,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
      },
    },
  });
}
