/**
 * Query options of the management lists. The app's queries never refetch on mount (SPEC section
 * 9), so a list left for the create page would still show the old page after the save: react-admin
 * only marks the list stale. With these options a list refetches on mount only when it was marked
 * stale, i.e. after a change; otherwise the cached page stays, as the SPEC wants.
 */
export const LIST_QUERY_OPTIONS = { refetchOnMount: true, staleTime: Infinity } as const;
