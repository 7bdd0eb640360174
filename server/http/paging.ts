/** ABP paging: SkipCount (0 to MAX_SKIP_COUNT) and MaxResultCount (default 10, at most 1000), as PAGING_PROPERTIES (route-schemas.ts) checks them. */
export const MAX_RESULT_COUNT = 1000;
/** The largest SkipCount (PostgreSQL's integer): a larger one is a 400, not a statement the database refuses. */
export const MAX_SKIP_COUNT = 2_147_483_647;
export const DEFAULT_RESULT_COUNT = 10;

export interface Paging {
  skip: number;
  take: number;
}

/** The paging of a query its route's schema checked (PAGING_PROPERTIES in route-schemas.ts). */
export function pagingOf(query: { SkipCount?: number; MaxResultCount?: number }): Paging {
  return { skip: query.SkipCount ?? 0, take: query.MaxResultCount ?? DEFAULT_RESULT_COUNT };
}

/**
 * The column and direction of a query's `Sorting` its route's schema checked (sortingProperties in
 * route-schemas.ts: one of the sortable fields, in either initial case); the fallback without one.
 */
export function sortingOf<F extends string>(query: { Sorting?: string }, sortable: Record<string, F>, fallback: { field: F; desc: boolean }) {
  const [name = '', direction = 'asc'] = (query.Sorting ?? '').trim().split(/\s+/);
  const own = (key: string) => (Object.hasOwn(sortable, key) ? sortable[key] : undefined);
  const field = own(name) ?? own(name.charAt(0).toLowerCase() + name.slice(1)) ?? own(name.charAt(0).toUpperCase() + name.slice(1));
  return field ? { field, desc: direction.toLowerCase() === 'desc' } : fallback;
}

/** The free-text filter of a checked query (FILTER_PROPERTIES), trimmed; none when blank. */
export const filterOf = (query: { Filter?: string }): string | undefined => query.Filter?.trim() || undefined;
