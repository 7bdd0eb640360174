import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { protocolOfModel, type DeviceProtocol } from './models';
import { settableSettings } from './settings-commands';

/**
 * Device settings kept twice: what staff want and what the device last reported. A device is in
 * sync when every wanted setting is what it reported: what it acknowledged (each settings command
 * carries the settings it sets) or reported itself (command-states.ts recordReportedSettings).
 */
export interface SettingsSync {
  deviceId: string;
  model: string | null;
  wanted: Record<string, unknown>;
  reported: Record<string, unknown> | null;
  inSync: boolean;
  lastSyncTime: string | null;
  wantedTime: string | null;
  /** The protocol of the device's model (what a screen names when it can set nothing); null without a model. */
  protocol: DeviceProtocol | null;
  /** The settings of the device's model its protocol can carry (settings-commands.ts): what can be set. */
  settableSettings: string[];
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
    protocol: protocolOfModel(model),
    settableSettings: settableSettings(model),
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

/** `sosNumbers[2]`: one slot (1-based) of a list setting, as a command that sets one slot acknowledges it. */
const SLOT = /^([A-Za-z]+)\[([1-9])\]$/;

/**
 * Settings merged over what the device reported before. A slot key (`sosNumbers[2]`) sets that
 * item of the list; an empty value clears it, and a list ends at its last filled slot (so three
 * cleared slots are the empty list staff asked for).
 */
export function applySettings(reported: Record<string, unknown>, settings: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...reported };
  for (const [key, value] of Object.entries(settings)) {
    const slot = SLOT.exec(key);
    if (!slot) {
      merged[key] = value;
      continue;
    }
    const name = slot[1]!;
    const list = Array.isArray(merged[name]) ? [...(merged[name] as unknown[])] : [];
    const index = Number(slot[2]) - 1;
    while (list.length < index) list.push('');
    list[index] = value ?? '';
    while (list.length && list[list.length - 1] === '') list.pop();
    merged[name] = list;
  }
  return merged;
}

/**
 * Merges settings the device took into its reported ones (in the caller's transaction): the
 * settings of an acknowledged command, or what the device reported itself. Whether the device is
 * now in sync (every wanted setting reported equal).
 */
export async function mergeReported(trx: Db, deviceId: string, settings: Record<string, unknown>, at: Date): Promise<{ inSync: boolean }> {
  const device = await trx.selectFrom('devices').select(['id', 'tenant_id', 'model']).where('id', '=', deviceId).executeTakeFirst();
  if (!device) throw new Error('mergeReported: no such device');
  const row = await trx.selectFrom('device_settings').select(['wanted', 'reported']).where('device_id', '=', deviceId).forUpdate().executeTakeFirst();
  const merged = applySettings(obj(row?.reported) ?? {}, settings);
  await trx
    .insertInto('device_settings')
    .values({ device_id: deviceId, tenant_id: device.tenant_id, model: device.model ?? 'unknown', reported: JSON.stringify(merged), reported_time: at, concurrency_stamp: randomUUID() })
    .onConflict((oc) => oc.column('device_id').doUpdateSet({ reported: JSON.stringify(merged), reported_time: at, concurrency_stamp: randomUUID() }))
    .execute();
  return { inSync: isInSync(obj(row?.wanted) ?? {}, merged) };
}
