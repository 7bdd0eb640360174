import type { FastifyRequest } from 'fastify';
import { parseMac } from '../../common/mac';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import { translate } from '../localization/texts';
import type { SchemaEngine } from '../schema-engine';
import { toRecord, type DynamicDb } from '../schema-engine/resource-model';
import { scopedRows } from '../schema-engine/scoping';
import { modelOf } from '../schema-engine/records';

/**
 * Wi-Fi networks as indoor positions: a watch indoors often has no GPS fix but sees the home's
 * access point; staff register the access point's MAC address with the coordinates of the home
 * (the wifis resource), and a report naming that MAC is placed there.
 */
export interface IndoorPosition {
  wifiId: string;
  macAddress: string;
  latitude: number;
  longitude: number;
  citizenId: string | null;
}

/** GET /api/app/wifi/by-mac/{mac}: the caller's Wi-Fi network with this MAC, in any usual spelling. */
export async function wifiByMac(db: Db, engine: SchemaEngine, request: FastifyRequest, mac: string) {
  const lang = request.language;
  const normal = parseMac(mac);
  if (!normal) {
    const message = translate('stock:errors.macInvalid', lang);
    throw badRequest(message, [{ message, members: ['mac'] }]);
  }
  const model = modelOf(engine, 'wifis');
  const row = await scopedRows(db as unknown as DynamicDb, model, request, 'w').selectAll('w').where('w.mac_address', '=', normal).executeTakeFirst();
  if (!row) throw notFound(translate('stock:errors.wifiNotFound', lang, { mac: normal }));
  return toRecord(model, row);
}

/**
 * For the ingest: the indoor position of a device's report from the Wi-Fi MACs it saw, strongest
 * first, looked up in the device's tenant. The first known network wins; null when none is known.
 */
export async function resolveIndoorPosition(db: Db, engine: SchemaEngine, tenantId: string | null, macs: string[]): Promise<IndoorPosition | null> {
  const wanted = [...new Set(macs.map(parseMac).filter((m): m is string => m !== null))];
  if (!wanted.length) return null;
  const model = modelOf(engine, 'wifis');
  let q = (db as unknown as DynamicDb)
    .selectFrom(model.table)
    .select(['id', 'mac_address', 'latitude', 'longitude', 'citizen_id'])
    .where('mac_address', 'in', wanted)
    .where('is_deleted', '=', false);
  q = tenantId === null ? q.where('tenant_id', 'is', null) : q.where('tenant_id', '=', tenantId);
  const rows = await q.execute();
  for (const mac of wanted) {
    const row = rows.find((r) => r.mac_address === mac);
    if (row && row.latitude !== null && row.longitude !== null) {
      return { wifiId: String(row.id), macAddress: mac, latitude: Number(row.latitude), longitude: Number(row.longitude), citizenId: (row.citizen_id as string | null) ?? null };
    }
  }
  return null;
}
