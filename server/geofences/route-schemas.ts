import { CONFLICT, ID_PARAMS, NO_CONTENT, NOT_FOUND, NULLABLE_NUMBER, NULLABLE_STRING, NULLABLE_TIME, listQuery, pagedResult, TIME, UUID_STRING } from '../http/route-schemas';

/**
 * Route schemas of the geofence endpoints (geofence-routes.ts): each is the route's check and its
 * handler's types; a zone is geofence-store.ts's GeofenceDto. Bodies are geofence-body.ts's: what
 * JSON Schema cannot state (the area drawn, the schedule's times and zone) is checked there.
 */
const LAT_LNG = { type: 'object', required: ['lat', 'lng'], properties: { lat: { type: 'number' }, lng: { type: 'number' } }, additionalProperties: false } as const;
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
      additionalProperties: false,
    },
    deviceIds: IDS,
    citizenIds: IDS,
    concurrencyStamp: { type: 'string' },
    creationTime: TIME,
    lastModificationTime: NULLABLE_TIME,
  },
  additionalProperties: false,
} as const;

/** The zones' sortable fields and their columns. */
export const GEOFENCE_SORTABLE = { name: 'g.name', creationTime: 'g.creation_time', shape: 'g.shape' } as const;

export const GEOFENCE_LIST = {
  querystring: listQuery(GEOFENCE_SORTABLE, {
    shape: { type: 'string', enum: ['circle', 'polygon'] },
    deviceId: { ...UUID_STRING, description: 'Only zones linked to this device' },
    citizenId: { ...UUID_STRING, description: 'Only zones linked to this citizen' },
  } as const),
  response: { 200: pagedResult(GEOFENCE) },
} as const;

export const LINK_TARGETS = {
  response: {
    200: {
      type: 'object',
      required: ['devices', 'citizens'],
      properties: {
        devices: { type: 'array', items: { type: 'object', required: ['id', 'name', 'imei', 'model'], properties: { id: { type: 'string' }, name: { type: 'string' }, imei: { type: ['string', 'null'] }, model: { type: ['string', 'null'] } }, additionalProperties: false } },
        citizens: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } }, additionalProperties: false } },
      },
      additionalProperties: false,
    },
  },
} as const;

export const ONE_GEOFENCE = { params: ID_PARAMS, response: { 200: GEOFENCE } } as const;
/** A write answers the zone as stored; 409 when someone else changed it first. */
export const createSchema = <B extends object>(body: B) => ({ body, response: { 200: GEOFENCE, ...CONFLICT } }) as const;
export const updateSchema = <B extends object>(body: B) => ({ params: ID_PARAMS, body, response: { 200: GEOFENCE, ...CONFLICT } }) as const;
/** Linking answers the zone; 404 when the body's zone is not one the caller may see. */
export const LINKS_SCHEMA = <B extends object>(body: B) => ({ body, response: { 200: GEOFENCE, ...NOT_FOUND } }) as const;
export const DELETED = { params: ID_PARAMS, response: NO_CONTENT } as const;
