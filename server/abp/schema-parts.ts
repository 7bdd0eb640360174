/** Pieces of ABP-style route schemas shared by the modules' route-schemas files. */

/** An object whose every listed property is always sent. */
export const object = <P extends Record<string, unknown>>(properties: P) => ({ type: 'object', properties, required: Object.keys(properties) }) as const;

/** ABP's ListResultDto (`{ items }`) and PagedResultDto (`{ totalCount, items }`). */
export { listResult as itemsOf, pagedResult as pageOf } from '../http/route-schemas';
