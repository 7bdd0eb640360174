import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * Device settings kept twice: what staff want and what the device last reported. A device is in
 * sync when every wanted setting is what it reported. The ingest calls recordReportedSettings when
 * a device reports its settings.
 */
export interface SettingsSync {
  deviceId: string;
  model: string | null;
  wanted: Record<string, unknown>;
  reported: Record<string, unknown> | null;
  inSync: boolean;
  lastSyncTime: string | null;
  wantedTime: string | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const obj = (v: unknown): Record<string, unknown> | null => (v === null || v === undefined ? null : typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : (v as Record<string, unknown>));

export function isInSync(wanted: Record<string, unknown>, reported: Record<string, unknown> | null): boolean {
  if (!reported) return Object.keys(wanted).length === 0;
  return Object.entries(wanted).every(([k, v]) => same(v, reported[k]));
}

export async function settingsSync(db: Db, deviceId: string, model: string | null): Promise<SettingsSync> {
  const row = await db.selectFrom('device_settings').selectAll().where('device_id', '=', deviceId).executeTakeFirst();
  const wanted = obj(row?.wanted) ?? {};
  const reported = obj(row?.reported);
  const inSync = isInSync(wanted, reported);
  return {
    deviceId,
    model: row?.model ?? model,
    wanted,
    reported,
    inSync,
    lastSyncTime: row?.reported_time ? new Date(row.reported_time).toISOString() : null,
    wantedTime: row?.wanted_time ? new Date(row.wanted_time).toISOString() : null,
  };
}

/** Merges the given settings into the wanted ones (in the caller's transaction). */
export async function setWanted(trx: Db, device: { id: string; tenantId: string | null; model: string }, settings: Record<string, unknown>): Promise<Record<string, unknown>> {
  const row = await trx.selectFrom('device_settings').select('wanted').where('device_id', '=', device.id).forUpdate().executeTakeFirst();
  const wanted = { ...(obj(row?.wanted) ?? {}), ...settings };
  const now = new Date();
  await trx
    .insertInto('device_settings')
    .values({ device_id: device.id, tenant_id: device.tenantId, model: device.model, wanted: JSON.stringify(wanted), wanted_time: now, concurrency_stamp: randomUUID() })
    .onConflict((oc) => oc.column('device_id').doUpdateSet({ model: device.model, wanted: JSON.stringify(wanted), wanted_time: now, concurrency_stamp: randomUUID() }))
    .execute();
  return wanted;
}

/**
 * What a device reported about its settings (merged over what it reported before). Once every
 * wanted setting is there, the settings commands waiting for it count as delivered.
 */
export async function recordReportedSettings(db: Db, deviceId: string, reported: Record<string, unknown>, at: Date = new Date()): Promise<{ inSync: boolean }> {
  return db.transaction().execute(async (trx) => {
    const device = await trx.selectFrom('devices').select(['id', 'tenant_id', 'model']).where('id', '=', deviceId).executeTakeFirst();
    if (!device) throw new Error(`recordReportedSettings: no device ${deviceId}`);
    const row = await trx.selectFrom('device_settings').select(['wanted', 'reported']).where('device_id', '=', deviceId).forUpdate().executeTakeFirst();
    const merged = { ...(obj(row?.reported) ?? {}), ...reported };
    await trx
      .insertInto('device_settings')
      .values({ device_id: deviceId, tenant_id: device.tenant_id, model: device.model ?? 'unknown', reported: JSON.stringify(merged), reported_time: at, concurrency_stamp: randomUUID() })
      .onConflict((oc) => oc.column('device_id').doUpdateSet({ reported: JSON.stringify(merged), reported_time: at, concurrency_stamp: randomUUID() }))
      .execute();
    const inSync = isInSync(obj(row?.wanted) ?? {}, merged);
    if (inSync) {
      await trx
        .updateTable('device_commands')
        .set({ status: 'delivered', delivered_time: at })
        .where('device_id', '=', deviceId)
        .where('type', '=', 'settings')
        .where('status', 'in', ['queued', 'sent'])
        .execute();
    }
    return { inSync };
  });
}
