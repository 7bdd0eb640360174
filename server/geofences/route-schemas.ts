import { CONFLICT, NO_CONTENT, NOT_FOUND, NULLABLE_NUMBER, NULLABLE_STRING, NULLABLE_TIME, PAGING_PROPERTIES, pagedResult, TIME, UUID_STRING } from '../http/route-schemas';

/**
 * Route schemas of the geofence endpoints (geofence-routes.ts): a zone is geofence-store.ts's
 * GeofenceDto. Bodies are read by geofence-body.ts with messages in the caller's language, so the
 * routes attach Fastify's own validation rather than answer with it.
 */
const LAT_LNG = { type: 'object', required: ['lat', 'lng'], properties: { lat: { type: 'number' }, lng: { type: 'number' } } } as const;
const IDS = { type: 'array', items: { type: 'string', format: 'uuid' } } as const;
export const GEOFENCE = {
  type: 'object',
  required: ['id', 'tenantId', 'ownerUserId', 'name', 'shape', 'center', 'radius', 'points', 'schedule', 'deviceIds', 'citizenIds', 'concurrencyStamp', 'creationTime', 'lastModificationTime'],
  properties: {
    id: UUID_STRING,
    tenantId: NULLABLE_STRING,
    ownerUserId: NULLABLE_STRING,
    name: { type: 'string' },
    shape: { type: 'string', enum: ['circle', 'polygon'] },
    center: { anyOf: [LAT_LNG, { type: 'null' }] },
    radius: NULLABLE_NUMBER,
    points: { type: ['array', 'null'], items: LAT_LNG },
    schedule: {
      type: ['object', 'null'],
      required: ['from', 'to', 'timeZone'],
      properties: { from: { type: 'string', description: 'HH:mm' }, to: { type: 'string', description: 'HH:mm' }, timeZone: { type: 'string' } },
    },
    deviceIds: IDS,
    citizenIds: IDS,
    concurrencyStamp: { type: 'string' },
    creationTime: TIME,
    lastModificationTime: NULLABLE_TIME,
  },
} as const;

export const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', description: 'The zone id' } } } as const;

export const GEOFENCE_LIST = {
  querystring: {
    type: 'object',
    properties: {
      ...PAGING_PROPERTIES,
      Sorting: { type: 'string', description: 'name, creationTime or shape, then "asc" or "desc"' },
      Filter: { type: 'string', description: 'Text in the name' },
      shape: { type: 'string', enum: ['circle', 'polygon'] },
      deviceId: { type: 'string', format: 'uuid' },
      citizenId: { type: 'string', format: 'uuid' },
    },
  },
  response: { 200: pagedResult(GEOFENCE) },
} as const;

export const LINK_TARGETS = {
  response: {
    200: {
      type: 'object',
      required: ['devices', 'citizens'],
      properties: {
        devices: { type: 'array', items: { type: 'object', required: ['id', 'name', 'imei', 'model'], properties: { id: { type: 'string' }, name: { type: 'string' }, imei: { type: ['string', 'null'] }, model: { type: ['string', 'null'] } } } },
        citizens: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } },
      },
    },
  },
} as const;

export const ONE_GEOFENCE = { params: ID_PARAMS, response: { 200: GEOFENCE } } as const;
/** A write answers the zone as stored; 409 when someone else changed it first. */
export const writeSchema = (body: object, withId: boolean) => ({ ...(withId ? { params: ID_PARAMS } : {}), body, response: { 200: GEOFENCE, ...CONFLICT } });
/** Linking answers the zone; 404 when the body's zone is not one the caller may see. */
export const LINKS_SCHEMA = (body: object) => ({ body, response: { 200: GEOFENCE, ...NOT_FOUND } });
export const DELETED = { params: ID_PARAMS, response: NO_CONTENT } as const;
