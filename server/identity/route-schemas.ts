/**
 * Route schema pieces of the identity, audit and settings routes: the shared ones of
 * http/route-schemas.ts (which also says how a route's schema checks and types its request),
 * under the names these modules use, and identity's own.
 */
export {
  BOOLEAN_FILTER,
  CONFLICT,
  FILTER_PROPERTIES,
  ID_PARAMS,
  listQuery,
  listResult,
  NO_CONTENT,
  NULLABLE_STRING,
  NULLABLE_TIME as NULLABLE_DATE_TIME,
  NULLABLE_UUID,
  PAGING_PROPERTIES,
  pagedResult,
  pathParams,
  querySchema,
  RECORD_ID,
  sortingProperties,
  TEXT_FILTER,
  TIME as DATE_TIME,
  TIME_FILTER,
  UUID_STRING,
} from '../http/route-schemas';

/** ABP's extensible DTOs' extra properties: keys are data. */
export const EXTRA_PROPERTIES = { type: 'object', additionalProperties: true } as const;
