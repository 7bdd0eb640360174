import type { LatLng } from '../../common/geo';
import {
  GEOFENCE_NAME_MAX,
  GEOFENCE_POLYGON_POINTS,
  GEOFENCE_RADIUS_M,
  isValidLatLng,
  isValidTimeZone,
  polygonSelfIntersects,
  TIME_OF_DAY,
  type GeofenceScheduleRule,
} from '../../common/geofence-rules';
import { invalid } from '../http/body-validation';
import type { ValidationError } from '../http/errors';
import { UUID_STRING } from '../http/route-schemas';
import { translate } from '../localization/texts';

/**
 * Request bodies of the geofence endpoints: the shape is checked by the route's schema (ABP 400
 * naming the members), then the area itself (nothing drawn, radius bounds, corners, crossing edges) and the
 * schedule by the shared rules in common/geofence-rules.ts.
 */
const latLng = {
  type: 'object',
  properties: { lat: { type: 'number', minimum: -90, maximum: 90 }, lng: { type: 'number', minimum: -180, maximum: 180 } },
  required: ['lat', 'lng'],
  additionalProperties: false,
} as const;

const ids = { type: 'array', maxItems: 1000, uniqueItems: true, items: UUID_STRING } as const;

const schedule = {
  type: ['object', 'null'],
  properties: { from: { type: 'string' }, to: { type: 'string' }, timeZone: { type: 'string', maxLength: 64 } },
  required: ['from', 'to', 'timeZone'],
  additionalProperties: false,
} as const;

const common = {
  name: { type: 'string', minLength: 1, maxLength: GEOFENCE_NAME_MAX },
  schedule,
  deviceIds: ids,
  citizenIds: ids,
  concurrencyStamp: { type: 'string', maxLength: 64 },
} as const;

export interface LinkTargets {
  deviceIds?: string[];
  citizenIds?: string[];
}

export interface GeofenceInput extends LinkTargets {
  name: string;
  shape?: 'circle' | 'polygon';
  center?: LatLng | null;
  radius?: number | null;
  points?: LatLng[] | null;
  schedule?: GeofenceScheduleRule | null;
  concurrencyStamp?: string;
}

/** The area as stored: a circle (centre and radius) or a polygon (corners). */
export type Area = { shape: 'circle'; center: LatLng; radius: number } | { shape: 'polygon'; points: LatLng[] };

const shapeSchema = <S extends object>(shape: S) =>
  ({
    type: 'object',
    properties: { ...common, ...shape },
    required: ['name'],
    additionalProperties: false,
  }) as const;

/** The bodies, also the routes' declared ones (route-schemas.ts). */
const CENTER = { anyOf: [latLng, { type: 'null' }] } as const;
const RADIUS = { type: ['number', 'null'] } as const;
const POINTS = { type: ['array', 'null'], maxItems: GEOFENCE_POLYGON_POINTS.max, items: latLng } as const;
export const GEOFENCE_BODY = shapeSchema({ shape: { type: 'string', enum: ['circle', 'polygon'] }, center: CENTER, radius: RADIUS, points: POINTS } as const);
export const CIRCLE_BODY = shapeSchema({ center: CENTER, radius: RADIUS });
export const POLYGON_BODY = shapeSchema({ points: POINTS });
export const LINKS_BODY = {
  type: 'object',
  properties: { geofenceId: UUID_STRING, deviceIds: ids, citizenIds: ids },
  required: ['geofenceId'],
  additionalProperties: false,
} as const;

/** The drawn area, or a 400: nothing drawn is 'Create a geofence by selecting an area on the map'. */
export function areaOf(input: GeofenceInput, shape: 'circle' | 'polygon' | undefined, lang: string): Area {
  const nothingDrawn = (member: string) => invalid(lang, [{ members: [member], message: translate('validation:geofenceArea', lang) }]);
  if (shape === 'circle') {
    if (!input.center) throw nothingDrawn('center');
    if (!isValidLatLng(input.center)) throw invalid(lang, [{ members: ['center'], message: translate('geofences:errors.coordinates', lang) }]);
    const radius = input.radius;
    if (radius === undefined || radius === null) throw nothingDrawn('radius');
    if (!(radius >= GEOFENCE_RADIUS_M.min && radius <= GEOFENCE_RADIUS_M.max)) {
      throw invalid(lang, [{ members: ['radius'], message: translate('geofences:errors.radius', lang, { min: GEOFENCE_RADIUS_M.min, max: GEOFENCE_RADIUS_M.max }) }]);
    }
    return { shape, center: input.center, radius };
  }
  if (shape === 'polygon') {
    const points = input.points ?? [];
    if (points.length === 0) throw nothingDrawn('points');
    if (points.length < GEOFENCE_POLYGON_POINTS.min) {
      throw invalid(lang, [{ members: ['points'], message: translate('geofences:errors.corners', lang, { count: GEOFENCE_POLYGON_POINTS.min }) }]);
    }
    if (polygonSelfIntersects(points)) throw invalid(lang, [{ members: ['points'], message: translate('geofences:errors.crossingEdges', lang) }]);
    return { shape, points };
  }
  throw nothingDrawn('shape');
}

/** The schedule checked ('HH:mm', a known IANA zone, a window that is not empty), or null. */
export function scheduleOf(input: GeofenceInput, lang: string): GeofenceScheduleRule | null {
  const s = input.schedule;
  if (!s) return null;
  const problems: ValidationError[] = [];
  for (const member of ['from', 'to'] as const) {
    if (!TIME_OF_DAY.test(s[member])) problems.push({ members: [`schedule.${member}`], message: translate('geofences:errors.timeOfDay', lang) });
  }
  if (!isValidTimeZone(s.timeZone)) problems.push({ members: ['schedule.timeZone'], message: translate('geofences:errors.timeZone', lang) });
  if (!problems.length && s.from === s.to) problems.push({ members: ['schedule.to'], message: translate('geofences:errors.emptyWindow', lang) });
  if (problems.length) throw invalid(lang, problems);
  return { from: s.from, to: s.to, timeZone: s.timeZone };
}
