import { ABP_ERROR_RESPONSE } from '../http/errors';
import { listResult, querySchema } from '../http/route-schemas';
import { SEARCH_QUERY_MAX } from './search';

const PLACE = {
  type: 'object',
  required: ['name', 'lat', 'lng'],
  properties: { name: { type: 'string', description: 'The place as the geocoder names it' }, lat: { type: 'number' }, lng: { type: 'number' } },
  additionalProperties: false,
} as const;

/** GET /api/app/places (place-routes.ts). */
export const PLACE_SEARCH = {
  querystring: querySchema({ query: { type: 'string', minLength: 1, maxLength: SEARCH_QUERY_MAX, pattern: '\\S', description: 'An address or a place name' } }, ['query']),
  response: { 200: listResult(PLACE), 429: ABP_ERROR_RESPONSE, 502: ABP_ERROR_RESPONSE },
} as const;
