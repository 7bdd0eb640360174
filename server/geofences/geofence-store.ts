import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { LatLng } from '../../common/geo';
import type { Db } from '../db/database';
import type { GeofenceSchedule, GeofencesTable } from '../care/tables';
import { tenantIs } from '../multitenancy/scope';
import type { Selectable } from 'kysely';
import type { Actor } from './access';
import type { Area } from './geofence-body';

/** Reads and writes of zones and their links, always inside the actor's scope. */
export interface GeofenceDto {
  id: string;
  tenantId: string | null;
  ownerUserId: string | null;
  name: string;
  shape: 'circle' | 'polygon';
  center: LatLng | null;
  radius: number | null;
  points: LatLng[] | null;
  schedule: GeofenceSchedule | null;
  deviceIds: string[];
  citizenIds: string[];
  concurrencyStamp: string;
  creationTime: string;
  lastModificationTime: string | null;
}

type Row = Selectable<GeofencesTable>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const parse = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export function toDto(row: Row, links: { device_id: string | null; citizen_id: string | null }[]): GeofenceDto {
  const points = parse<[number, number][]>(row.points);
  return {
    id: row.id,
    tenantId: row.tenant_id,
    ownerUserId: row.owner_user_id,
    name: row.name,
    shape: row.shape,
    center: row.center_lat !== null && row.center_lon !== null ? { lat: row.center_lat, lng: row.center_lon } : null,
    radius: row.radius_m,
    points: points ? points.map(([lat, lng]) => ({ lat, lng })) : null,
    schedule: parse<GeofenceSchedule>(row.schedule),
    deviceIds: links.flatMap((l) => (l.device_id ? [l.device_id] : [])),
    citizenIds: links.flatMap((l) => (l.citizen_id ? [l.citizen_id] : [])),
    concurrencyStamp: row.concurrency_stamp,
    creationTime: iso(row.creation_time)!,
    lastModificationTime: iso(row.last_modification_time),
  };
}

/** The zones the actor may see (live, in the tenant, the caregiver's own). */
export function visibleGeofences(db: Db, actor: Actor) {
  let q = db.selectFrom('geofences as g').where('g.is_deleted', '=', false).where(tenantIs('g.tenant_id', actor.tenantId));
  if (actor.ownerId) q = q.where('g.owner_user_id', '=', actor.ownerId);
  return q;
}

/** Rows with their links, as answered. */
export async function withLinks(db: Db, rows: Row[]): Promise<GeofenceDto[]> {
  if (!rows.length) return [];
  const links = await db.selectFrom('geofence_links').select(['geofence_id', 'device_id', 'citizen_id']).where('geofence_id', 'in', rows.map((r) => r.id)).execute();
  return rows.map((r) => toDto(r, links.filter((l) => l.geofence_id === r.id)));
}

export async function findVisible(db: Db, actor: Actor, id: string): Promise<Row | undefined> {
  return visibleGeofences(db, actor).selectAll('g').where('g.id', '=', id).executeTakeFirst();
}

const areaColumns = (area: Area) =>
  area.shape === 'circle'
    ? { shape: area.shape, center_lat: area.center.lat, center_lon: area.center.lng, radius_m: area.radius, points: null }
    : { shape: area.shape, center_lat: null, center_lon: null, radius_m: null, points: JSON.stringify(area.points.map((p) => [p.lat, p.lng])) };

export async function insertGeofence(trx: Db, actor: Actor, values: { name: string; area: Area; schedule: GeofenceSchedule | null }): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('geofences')
    .values({
      id,
      tenant_id: actor.tenantId,
      owner_user_id: actor.userId,
      name: values.name,
      ...areaColumns(values.area),
      schedule: values.schedule ? JSON.stringify(values.schedule) : null,
      concurrency_stamp: randomUUID(),
      creator_id: actor.userId,
    })
    .execute();
  return id;
}

/** Updates when the stamp is still the one read; false when someone else changed it first. */
export async function updateGeofence(trx: Db, id: string, stamp: string, values: { name: string; area: Area; schedule: GeofenceSchedule | null }): Promise<boolean> {
  const result = await trx
    .updateTable('geofences')
    .set({
      name: values.name,
      ...areaColumns(values.area),
      schedule: values.schedule ? JSON.stringify(values.schedule) : null,
      concurrency_stamp: randomUUID(),
      last_modification_time: new Date(),
    })
    .where('id', '=', id)
    .where('concurrency_stamp', '=', stamp)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The zone's links become exactly these devices and citizens. */
export async function replaceLinks(trx: Db, geofenceId: string, tenantId: string | null, targets: { deviceIds: string[]; citizenIds: string[] }): Promise<void> {
  await trx.deleteFrom('geofence_links').where('geofence_id', '=', geofenceId).execute();
  const rows = [
    ...targets.deviceIds.map((device_id) => ({ id: randomUUID(), tenant_id: tenantId, geofence_id: geofenceId, device_id, citizen_id: null })),
    ...targets.citizenIds.map((citizen_id) => ({ id: randomUUID(), tenant_id: tenantId, geofence_id: geofenceId, device_id: null, citizen_id })),
  ];
  if (rows.length) await trx.insertInto('geofence_links').values(rows).execute();
}

/** Soft delete; the links go, so evaluation stops at once. */
export async function deleteGeofence(trx: Db, id: string): Promise<void> {
  await trx.updateTable('geofences').set({ is_deleted: true, concurrency_stamp: randomUUID(), last_modification_time: sql<Date>`now()` }).where('id', '=', id).execute();
  await trx.deleteFrom('geofence_links').where('geofence_id', '=', id).execute();
}
