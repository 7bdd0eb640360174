import { sql } from 'kysely';
import type { Db } from '../db/database';
import { pagingOf } from '../http/paging';
import { DEFAULT_LOW_BATTERY_THRESHOLD } from '../alarms/evaluate';
import { DEFAULT_OFFLINE_AFTER_S } from '../ingest/offline';
import { ABP_ERROR_RESPONSE, notFound } from '../http/errors';
import { pathParams, UUID_STRING, type Api } from '../http/route-schemas';
import { translate } from '../localization/texts';
import { placeFromAttributes, zoneOfRow } from '../alarms/place';
import { liveColumns } from '../ingest/live-state';
import { idList, timeParam, TRACKING_READ, TRACKING_UPDATE, visibleDevice, visibleDevices } from './scope';
import { BATTERY_HISTORY, BATTERY_LEVELS, DASHBOARD_INFO, DEVICE_SETTINGS, DEVICE_SETTINGS_UPDATE, EVENT_HISTORY, LATEST_POSITIONS, TRAIL } from './route-schemas';

const DAY_MS = 24 * 3600_000;
/** The trail an alarm's map shows: this long before the alarm. */
export const ALARM_TRAIL_MS = 30 * 60_000;

const LATLNG_SCHEMA = { type: 'object', required: ['lat', 'lng'], properties: { lat: { type: 'number' }, lng: { type: 'number' } } } as const;
const NUMBER_OR_NULL = { type: ['number', 'null'] } as const;
/** An alarm link's event id: a malformed one is a 400 (the link was mangled), an unknown one a 404. */
const ALARM_EVENT_PARAMS = pathParams({ id: UUID_STRING });
const ALARM_EVENT_RESPONSE = {
  type: 'object',
  required: ['id', 'deviceId', 'deviceName', 'type', 'eventTime', 'latitude', 'longitude', 'accuracy', 'distance', 'bearing', 'battery', 'zone', 'trail'],
  properties: {
    id: { type: 'string' },
    deviceId: { type: 'string' },
    deviceName: { type: 'string' },
    type: { type: 'string' },
    eventTime: { type: 'string', format: 'date-time' },
    latitude: NUMBER_OR_NULL,
    longitude: NUMBER_OR_NULL,
    accuracy: NUMBER_OR_NULL,
    distance: NUMBER_OR_NULL,
    bearing: NUMBER_OR_NULL,
    battery: NUMBER_OR_NULL,
    zone: {
      type: ['object', 'null'],
      required: ['name', 'kind'],
      properties: {
        id: { type: ['string', 'null'] },
        name: { type: 'string' },
        kind: { type: 'string', enum: ['circle', 'polygon'] },
        center: LATLNG_SCHEMA,
        radius: { type: 'number' },
        points: { type: 'array', items: LATLNG_SCHEMA },
      },
    },
    trail: {
      type: 'array',
      items: { type: 'object', required: ['latitude', 'longitude', 'fixTime'], properties: { latitude: { type: 'number' }, longitude: { type: 'number' }, accuracy: NUMBER_OR_NULL, fixTime: { type: 'string', format: 'date-time' } } },
    },
  },
} as const;

/** Days of events the event history answers when no `from` is given. */
export const EVENT_HISTORY_DEFAULT_DAYS = 7;

/** Most points a trail or battery history answers with (evenly thinned beyond that). */
export const MAX_POINTS = 2000;

function thin<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  const out: T[] = [];
  for (let i = 0; i < max - 1; i++) out.push(items[Math.floor(i * step)]!);
  out.push(items.at(-1)!);
  return out;
}

/**
 * Tracking reads of SPEC section 7 (battery-levels, BatteryTimeHistoric, eventEntry/history,
 * CurrentDeviceInformation/dashboardinfoforuser) and the maps' reads under /api/app/tracking.
 * Every query starts from the devices the caller may see (scope.ts).
 */
export async function trackingRoutes(app: Api, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const read = { config: { policy: TRACKING_READ } };
  const tags = ['tracking'];
  /** A read with its schema. */
  const reading = <S extends object>(summary: string, schema: S) => ({ ...read, schema: { tags, summary, ...schema } });

  app.get('/api/app/productInstance/battery-levels', reading('Battery level of each visible device', BATTERY_LEVELS), async (request) => {
    const ids = idList(request.query.deviceIds);
    let q = visibleDevices(db, request)
      .leftJoin('device_state as s', 's.device_id', 'devices.id')
      .select(['devices.id', 'devices.name', 'devices.status', 's.charging', 's.low_battery_threshold', ...liveColumns])
      .orderBy('devices.name');
    if (ids) q = ids.length ? q.where('devices.id', 'in', ids) : q.where(sql<boolean>`false`);
    const rows = await q.execute();
    return {
      items: rows.map((r) => ({
        deviceId: r.id,
        name: r.name,
        batteryLevel: r.battery_level,
        charging: r.charging ?? false,
        lowBatteryThreshold: r.low_battery_threshold ?? DEFAULT_LOW_BATTERY_THRESHOLD,
        lastContact: r.last_contact,
        status: r.status,
      })),
    };
  });

  app.get('/api/app/BatteryTimeHistoric', reading("A device's battery history", BATTERY_HISTORY), async (request) => {
    const { query } = request;
    const device = await visibleDevice(db, request, query.deviceId);
    const to = timeParam(query.to, new Date());
    const from = timeParam(query.from, new Date(to.getTime() - 7 * DAY_MS));
    const rows = await db
      .selectFrom('positions')
      .select(['fix_time', 'battery'])
      .where('device_id', '=', device.id)
      .where('fix_time', '>=', from)
      .where('fix_time', '<=', to)
      .where('battery', 'is not', null)
      .orderBy('fix_time')
      .limit(100_000)
      .execute();
    return { deviceId: device.id, from, to, items: thin(rows, MAX_POINTS).map((r) => ({ time: r.fix_time, batteryLevel: Math.round(r.battery!) })) };
  });

  app.get('/api/app/eventEntry/history', reading('Events of the visible devices, newest first', EVENT_HISTORY), async (request) => {
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const { deviceId, type } = query;
    const to = timeParam(query.to, new Date(Date.now() + DAY_MS));
    // A week unless asked for more, as the battery history: its exact totalCount then costs what a
    // week holds, not what the whole retention period does (bench:history: 182,000 events of 90
    // days counted for every page took 42 ms against 7 ms).
    const from = timeParam(query.from, new Date(Math.min(to.getTime(), Date.now()) - EVENT_HISTORY_DEFAULT_DAYS * DAY_MS));
    let q = db
      .selectFrom('device_events as e')
      .innerJoin(visibleDevices(db, request).select(['devices.id', 'devices.name']).as('d'), 'd.id', 'e.device_id')
      .leftJoin('geofences as g', 'g.id', 'e.geofence_id')
      .where('e.event_time', '>=', from)
      .where('e.event_time', '<=', to);
    // Inside a tenant its events are its own (written with the device's tenant): the (tenant_id,
    // event_time) index then serves the newest page of every partition instead of a sort of all
    // (bench:history, 54 M positions: 61 ms to 2.5 ms).
    if (request.tenantId !== null) q = q.where('e.tenant_id', '=', request.tenantId);
    if (deviceId !== undefined) {
      const device = await visibleDevice(db, request, deviceId);
      q = q.where('e.device_id', '=', device.id);
    }
    if (type) q = q.where('e.type', '=', type);
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
      q
        .select(['e.id', 'e.device_id', 'd.name as device_name', 'e.type', 'e.event_time', 'e.geofence_id', 'g.name as geofence_name', 'e.attributes'])
        .orderBy('e.event_time', 'desc')
        .orderBy('e.id')
        .offset(skip)
        .limit(take)
        .execute(),
    ]);
    return {
      totalCount: Number(count?.n ?? 0),
      items: rows.map((r) => ({ id: r.id, deviceId: r.device_id, deviceName: r.device_name, type: r.type, eventTime: r.event_time, geofenceId: r.geofence_id, geofenceName: r.geofence_name, attributes: r.attributes })),
    };
  });

  app.get('/api/app/CurrentDeviceInformation/dashboardinfoforuser', reading("The dashboard's devices with their live state", DASHBOARD_INFO), async (request) => {
    const rows = await visibleDevices(db, request)
      .leftJoin('device_state as s', 's.device_id', 'devices.id')
      .select([
        'devices.id', 'devices.name', 'devices.imei', 'devices.status', 'devices.subscription_status', ...liveColumns,
        's.latitude', 's.longitude', 's.accuracy', 's.fix_time', 's.charging',
      ])
      .select((eb) => [
        eb.selectFrom('alarm_messages as m').select((e) => e.fn.countAll<string>().as('n')).whereRef('m.device_id', '=', 'devices.id').where('m.user_id', '=', request.principal!.userId).where('m.acknowledged_time', 'is', null).as('unacknowledged'),
        eb.selectFrom('device_events as e').select('e.type').whereRef('e.device_id', '=', 'devices.id').orderBy('e.event_time', 'desc').limit(1).as('last_event_type'),
        eb.selectFrom('device_events as e').select('e.event_time').whereRef('e.device_id', '=', 'devices.id').orderBy('e.event_time', 'desc').limit(1).as('last_event_time'),
      ])
      .orderBy('devices.name')
      .execute();
    return {
      items: rows.map((r) => ({
        deviceId: r.id,
        name: r.name,
        imei: r.imei,
        status: r.status,
        subscriptionStatus: r.subscription_status,
        batteryLevel: r.battery_level,
        charging: r.charging ?? false,
        lastContact: r.last_contact,
        lastPosition: r.latitude !== null && r.longitude !== null ? { latitude: r.latitude, longitude: r.longitude, accuracy: r.accuracy, fixTime: r.fix_time } : null,
        lastEvent: r.last_event_type ? { type: r.last_event_type, eventTime: r.last_event_time } : null,
        unacknowledgedAlarms: Number(r.unacknowledged ?? 0),
      })),
    };
  });

  app.get('/api/app/tracking/positions/latest', reading('The last position of each visible device', LATEST_POSITIONS), async (request) => {
    const ids = idList(request.query.deviceIds);
    let q = visibleDevices(db, request)
      .innerJoin('device_state as s', 's.device_id', 'devices.id')
      .select(['devices.id', 'devices.name', 'devices.imei', 'devices.status', 's.latitude', 's.longitude', 's.accuracy', 's.fix_time', ...liveColumns])
      .where('s.latitude', 'is not', null)
      .orderBy('devices.name');
    if (ids) q = ids.length ? q.where('devices.id', 'in', ids) : q.where(sql<boolean>`false`);
    const rows = await q.execute();
    return {
      items: rows.map((r) => ({ deviceId: r.id, name: r.name, imei: r.imei, status: r.status, batteryLevel: r.battery_level, lastContact: r.last_contact, latitude: r.latitude, longitude: r.longitude, accuracy: r.accuracy, fixTime: r.fix_time })),
    };
  });

  app.get('/api/app/tracking/positions/trail', reading("A device's trail", TRAIL), async (request) => {
    const { query } = request;
    const device = await visibleDevice(db, request, query.deviceId);
    const to = timeParam(query.to, new Date());
    const from = timeParam(query.from, new Date(to.getTime() - DAY_MS));
    const rows = await db
      .selectFrom('positions')
      .select(['latitude', 'longitude', 'accuracy', 'fix_time', 'speed'])
      .where('device_id', '=', device.id)
      .where('fix_time', '>=', from)
      .where('fix_time', '<=', to)
      .where('valid', '=', true)
      .orderBy('fix_time')
      .limit(100_000)
      .execute();
    return { deviceId: device.id, from, to, items: thin(rows, MAX_POINTS).map((r) => ({ latitude: r.latitude, longitude: r.longitude, accuracy: r.accuracy, speed: r.speed, fixTime: r.fix_time })) };
  });

  // One alarm as the dashboard shows it from an alarm's link (/dashboard?alarm=<eventId>): where
  // it was, the zone it is told against, and the trail of the ALARM_TRAIL_MS before it.
  app.get(
    '/api/app/tracking/alarm-events/:id',
    { ...read, schema: { tags, summary: 'An alarm event with its place, zone and the trail before it', params: ALARM_EVENT_PARAMS, response: { 200: ALARM_EVENT_RESPONSE, 400: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE } } },
    async (request) => {
      const row = await db
        .selectFrom('device_events as e')
        .innerJoin(visibleDevices(db, request).select(['devices.id', 'devices.name']).as('d'), 'd.id', 'e.device_id')
        .leftJoin('geofences as g', (j) => j.onRef('g.id', '=', 'e.geofence_id').on('g.is_deleted', '=', false))
        .select(['e.id', 'e.device_id', 'd.name as device_name', 'e.type', 'e.event_time', 'e.geofence_id', 'e.attributes', 'g.name as geofence_name', 'g.shape', 'g.center_lat', 'g.center_lon', 'g.radius_m', 'g.points'])
        .where('e.id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound(translate('tracking:errors.alarmNotFound', request.language));
      const attributes = (row.attributes ?? {}) as Record<string, string | number | boolean | null>;
      const place = placeFromAttributes(attributes);
      // The zone the alarm is about; else the one its distance is told against (by name, among the device's).
      let zone = row.shape ? zoneOfRow({ shape: row.shape, center_lat: row.center_lat, center_lon: row.center_lon, radius_m: row.radius_m, points: row.points }) : undefined;
      let zoneName = row.geofence_name;
      if (!zone && place?.zone) {
        const named = await db
          .selectFrom('geofences as g')
          .innerJoin('geofence_links as l', 'l.geofence_id', 'g.id')
          .select(['g.name', 'g.shape', 'g.center_lat', 'g.center_lon', 'g.radius_m', 'g.points'])
          .where('g.is_deleted', '=', false)
          .where('g.name', '=', place.zone)
          // Linked to the device, or to its citizen (devices.citizen_id is a schema engine column).
          .where(sql<boolean>`(l.device_id = ${row.device_id} or l.citizen_id = (select citizen_id from devices where id = ${row.device_id}))`)
          .limit(1)
          .executeTakeFirst();
        if (named) {
          zone = zoneOfRow(named);
          zoneName = named.name;
        }
      }
      const eventTime = new Date(row.event_time);
      const trail = await db
        .selectFrom('positions')
        .select(['latitude', 'longitude', 'accuracy', 'fix_time'])
        .where('device_id', '=', row.device_id)
        .where('fix_time', '>=', new Date(eventTime.getTime() - ALARM_TRAIL_MS))
        .where('fix_time', '<=', eventTime)
        .where('valid', '=', true)
        .orderBy('fix_time')
        .limit(MAX_POINTS)
        .execute();
      return {
        id: row.id,
        deviceId: row.device_id,
        deviceName: row.device_name,
        type: row.type,
        eventTime,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        accuracy: place?.accuracy ?? null,
        distance: place?.distance ?? null,
        bearing: place?.bearing ?? null,
        battery: typeof attributes.battery === 'number' ? attributes.battery : null,
        zone: zone ? { id: row.geofence_id, name: zoneName ?? place?.zone ?? '', ...zone } : null,
        trail: trail.map((p) => ({ latitude: p.latitude, longitude: p.longitude, accuracy: p.accuracy, fixTime: p.fix_time })),
      };
    },
  );

  const settingsOf = (row: { offline_after_s: number | null; low_battery_threshold: number | null } | undefined) => ({
    offlineAfterMinutes: row?.offline_after_s ? Math.round(row.offline_after_s / 60) : null,
    lowBatteryThreshold: row?.low_battery_threshold ?? null,
    defaults: { offlineAfterMinutes: DEFAULT_OFFLINE_AFTER_S / 60, lowBatteryThreshold: DEFAULT_LOW_BATTERY_THRESHOLD },
  });

  app.get('/api/app/tracking/devices/:id/settings', reading("A device's alarm settings", DEVICE_SETTINGS), async (request) => {
    const device = await visibleDevice(db, request, request.params.id);
    return settingsOf(await db.selectFrom('device_state').select(['offline_after_s', 'low_battery_threshold']).where('device_id', '=', device.id).executeTakeFirst());
  });

  app.put('/api/app/tracking/devices/:id/settings', { config: { policy: TRACKING_UPDATE }, schema: { tags, summary: "Sets a device's alarm settings", ...DEVICE_SETTINGS_UPDATE } }, async (request) => {
    const device = await visibleDevice(db, request, request.params.id);
    const body = request.body;
    const values = {
      ...(body.offlineAfterMinutes !== undefined ? { offline_after_s: body.offlineAfterMinutes === null ? null : body.offlineAfterMinutes * 60 } : {}),
      ...(body.lowBatteryThreshold !== undefined ? { low_battery_threshold: body.lowBatteryThreshold } : {}),
    };
    const row = await db
      .insertInto('device_state')
      .values({ device_id: device.id, tenant_id: device.tenant_id, ...values })
      .onConflict((oc) => (Object.keys(values).length ? oc.column('device_id').doUpdateSet(values) : oc.column('device_id').doNothing()))
      .returning(['offline_after_s', 'low_battery_threshold'])
      .executeTakeFirst();
    return settingsOf(row ?? (await db.selectFrom('device_state').select(['offline_after_s', 'low_battery_threshold']).where('device_id', '=', device.id).executeTakeFirst()));
  });
}
