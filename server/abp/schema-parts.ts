/** Pieces of ABP-style route schemas shared by the modules' route-schemas files. */

/** An object whose every listed property is always sent. */
export const object = <P extends Record<string, unknown>>(properties: P) => ({ type: 'object', properties, required: Object.keys(properties) }) as const;

/** ABP's ListResultDto (`{ items }`) and PagedResultDto (`{ totalCount, items }`). */
export { listResult as itemsOf, pagedResult as pageOf } from '../http/route-schemas';

/**
 * Query parameters ABP clients send in camel or Pascal case (`skipCount`, `SkipCount`), declared
 * as strings: the handlers read and check them by hand (server/http/paging.ts), so a schema
 * never refuses or converts what they accept (`Sorting=name asc`, empty values).
 */
export const abpQuery = (names: readonly string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.flatMap((n) => [[n, { type: 'string' }], [n[0]!.toUpperCase() + n.slice(1), { type: 'string' }]])),
});

/** ABP paging and sorting, with a route's own filters. */
export const pagedQuery = (filters: readonly string[] = []) => abpQuery(['skipCount', 'maxResultCount', 'sorting', 'filter', ...filters]);

export const NO_CONTENT = { type: 'null', description: 'Done; no body' } as const;
