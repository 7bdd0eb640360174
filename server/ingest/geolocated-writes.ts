import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { GeolocatedPlace } from '../geolocation/google-format';
import { insertPositions } from './batch-writes';
import { KEPT_COPIES_STALE } from './device-states';

/**
 * What a geolocation job writes, in its own transaction: the position placed, and the device's
 * state moved to it when it is the device's newest fix. Nothing here evaluates zones: an
 * approximate place never confirms a zone exit (nor an entry).
 */

/** How a geolocated position is marked (as a registered Wi-Fi network's is, with its own `locatedBy`). */
export const GEOLOCATED = { approximate: true, locatedBy: 'geolocation' } as const;

/** The position to place: a device's fix at a time, with the id the ingest gave it. */
export interface PositionKey {
  deviceId: string;
  positionId: string;
  fixTime: Date;
}

/**
 * Locks the device's state row before the position is touched, in the order the ingest takes them
 * (state, then positions): a batch storing a replay of this fix meanwhile waits rather than deadlocks.
 */
export async function lockState(trx: Db, deviceId: string): Promise<void> {
  await trx.selectFrom('device_state').select('device_id').where('device_id', '=', deviceId).forUpdate().execute();
}

/** A position stored at the last known place: its attributes (null when it is gone or no longer there). */
export async function positionAtLastKnown(db: Db, key: PositionKey): Promise<Record<string, unknown> | null> {
  const row = await db.selectFrom('positions').select('attributes').where('device_id', '=', key.deviceId).where('fix_time', '=', key.fixTime).where('id', '=', key.positionId).executeTakeFirst();
  return row?.attributes?.locatedBy === 'lastKnown' ? row.attributes : null;
}

/** Whether the device has a position at that time (a fix stored since, or placed by an earlier run). */
export async function positionExists(db: Db, deviceId: string, fixTime: Date): Promise<boolean> {
  return (await db.selectFrom('positions').select('id').where('device_id', '=', deviceId).where('fix_time', '=', fixTime).executeTakeFirst()) !== undefined;
}

/** Moves a position stored at the last known place to the geolocated place; false when it is no longer there. */
export async function placePosition(trx: Db, key: PositionKey, place: GeolocatedPlace): Promise<boolean> {
  const r = await trx
    .updateTable('positions')
    .set({ latitude: place.lat, longitude: place.lng, accuracy: place.accuracy, valid: true, attributes: sql<string>`attributes || ${JSON.stringify(GEOLOCATED)}::jsonb` })
    .where('device_id', '=', key.deviceId)
    .where('fix_time', '=', key.fixTime)
    .where('id', '=', key.positionId)
    .where(sql<boolean>`attributes ->> 'locatedBy' = 'lastKnown'`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Stores a fix its device had no place for at the geolocated place; false when one is stored at that time already. */
export async function insertPlacedPosition(
  trx: Db,
  key: PositionKey,
  fix: { tenantId: string | null; altitude: number | null; speed: number | null; course: number | null; battery: number | null; attributes: Record<string, unknown> },
  place: GeolocatedPlace,
): Promise<boolean> {
  const stored = await insertPositions(trx, [
    {
      id: key.positionId,
      tenant_id: fix.tenantId,
      device_id: key.deviceId,
      fix_time: key.fixTime,
      latitude: place.lat,
      longitude: place.lng,
      altitude: fix.altitude,
      speed: fix.speed,
      course: fix.course,
      accuracy: place.accuracy,
      battery: fix.battery,
      valid: true,
      attributes: JSON.stringify({ ...fix.attributes, ...GEOLOCATED }),
    },
  ]);
  return stored.has(key.positionId);
}

/**
 * The device's place for display (the dashboard, the map), when this fix is newer than the state's:
 * place, accuracy and fix time only, never its zones; the ingest's kept copies are made stale
 * (KEPT_COPIES_STALE) so none writes its older place back.
 */
export async function moveStateTo(trx: Db, key: PositionKey, place: GeolocatedPlace): Promise<boolean> {
  const r = await trx
    .updateTable('device_state')
    .set({ fix_time: key.fixTime, latitude: place.lat, longitude: place.lng, accuracy: place.accuracy, message_seq: KEPT_COPIES_STALE })
    .where('device_id', '=', key.deviceId)
    .where((eb) => eb.or([eb('fix_time', 'is', null), eb('fix_time', '<', key.fixTime)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
