import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * How many attempts of the list's current load have failed while it is still trying (0 when it is
 * not retrying). react-admin's list context has no failure count, so this reads the list's query
 * ([resource, 'getList', ...]) in react-query's cache.
 */
export function useListRetry(resource: string): number {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const subscribe = useCallback((changed: () => void) => cache.subscribe(changed), [cache]);
  const failures = useCallback(() => {
    const retrying = cache
      .findAll({ queryKey: [resource, 'getList'], type: 'active' })
      .find((query) => query.state.fetchStatus === 'fetching' && query.state.fetchFailureCount > 0);
    return retrying?.state.fetchFailureCount ?? 0;
  }, [cache, resource]);
  return useSyncExternalStore(subscribe, failures, failures);
}
