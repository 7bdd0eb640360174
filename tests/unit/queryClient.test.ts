import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createQueryClient, refetchOnMount, RETRY_DELAY_MS, shouldRetry } from '../../src/providers/queryClient';

describe('query retry (SPEC sections 8 and 9)', () => {
  it.each([401, 403, 404, 500, 503])('never retries a %i', (status) => {
    expect(shouldRetry(0, new HttpError('no', status))).toBe(false);
  });

  it('retries other failures up to 3 attempts in all', () => {
    const error = new HttpError('bad gateway', 502);
    // react-query passes the failures before this one: 0 after the first attempt.
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(1, error)).toBe(true);
    expect(shouldRetry(2, error)).toBe(false);
  });

  it('retries network errors (no status) the same way', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('refetches on mount only what a change invalidated', async () => {
    const client = createQueryClient();
    let reads = 0;
    const options = { queryKey: ['customers', 'getList'], queryFn: async () => ++reads };
    const { QueryObserver } = await import('@tanstack/react-query');
    const mount = async () => {
      const observer = new QueryObserver(client, options);
      const unsubscribe = observer.subscribe(() => undefined);
      await new Promise((r) => setTimeout(r, 10));
      unsubscribe();
    };
    await mount();
    await mount();
    expect(reads).toBe(1); // mounted again: the cached rows, no read
    await client.invalidateQueries({ queryKey: ['customers'] });
    await mount();
    expect(reads).toBe(2); // after a change: read again
  });

  it('configures no refetch on mount or focus and a 10 s delay', () => {
    const queries = createQueryClient().getDefaultOptions().queries!;
    expect(queries.refetchOnMount).toBe(refetchOnMount);
    expect(queries.refetchOnWindowFocus).toBe(false);
    expect(queries.retryDelay).toBe(RETRY_DELAY_MS);
    expect(RETRY_DELAY_MS).toBe(10_000);
    expect(queries.retry).toBe(shouldRetry);
  });
});
