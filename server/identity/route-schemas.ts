/**
 * Route schema pieces shared by the identity, audit and settings routes. Their handlers validate
 * requests themselves, with translated messages (HAND_CHECKED); the request schemas describe
 * (OpenAPI) and the response schemas serialise.
 */
import { PAGING_PROPERTIES, UUID_STRING } from '../http/route-schemas';

export {
  CONFLICT,
  HAND_CHECKED,
  listResult,
  NO_CONTENT,
  NULLABLE_STRING,
  NULLABLE_TIME as NULLABLE_DATE_TIME,
  NULLABLE_UUID,
  PAGING_PROPERTIES,
  pagedResult,
  TIME as DATE_TIME,
  UUID_STRING,
} from '../http/route-schemas';

/** ABP's extensible DTOs' extra properties: keys are data. */
export const EXTRA_PROPERTIES = { type: 'object', additionalProperties: true } as const;

/** Path parameters, each a string (a malformed id is a 404, as one that names nothing). */
export function pathParams<K extends string>(properties: Record<K, object>) {
  return { type: 'object', properties, required: Object.keys(properties) as K[] } as const;
}

export const ID_PARAMS = pathParams({ id: UUID_STRING });

/** A list's query: paging, `Sorting` ("field" or "field desc") over the sortable fields, `Filter` text, and further filters. */
export function listQuery(sortable: Record<string, unknown> | null, filters: Record<string, object> = {}, filterText = true) {
  return {
    type: 'object',
    properties: {
      ...PAGING_PROPERTIES,
      ...(sortable ? { Sorting: { type: 'string', description: `One of ${Object.keys(sortable).join(', ')}, then "asc" or "desc"` } } : {}),
      ...(filterText ? { Filter: { type: 'string', description: 'Text searched for' } } : {}),
      ...filters,
    },
  } as const;
}

/** A boolean filter as the lists read it: "true" or "false" (any case). */
export const BOOLEAN_FILTER = { type: 'string', enum: ['true', 'false', 'True', 'False'] } as const;


