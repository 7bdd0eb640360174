import { sql } from 'kysely';
import type { Db } from '../db/database';
import { inArray } from '../db/unnest';
import type { ZoneState } from '../alarms/evaluate';

/** A device's runtime state as the ingest evaluates it (a device_state row). */
export interface DeviceState {
  device_id: string;
  online: boolean;
  fix_time: Date | null;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  battery: number | null;
  charging: boolean | null;
  low_battery_alarmed: boolean;
  /** Per zone id (stored as a JSON object). */
  zones: Map<string, ZoneState>;
  /** Messages received so far (the raw message ring's next slot); every ingest write moves it on. */
  message_seq: number;
  contact_synced: Date | null;
  low_battery_threshold: number | null;
}

const MAX_CACHED = 200_000;

/** Raw messages kept per device for /troubleshoot (a ring: the newest replace the oldest; a message's slot is its sequence modulo this). */
export const MESSAGES_PER_DEVICE = 50;

/**
 * What a writer other than the ingest sets `message_seq` to when it changes a state row's place
 * (the geolocation job, an erasure): the ingest trusts a kept copy while the sequence is the one
 * it wrote, so moving it on by a whole ring (no ring slot skipped) makes every node's copy stale
 * and its next batch reads the row again instead of writing the copy's older place back.
 */
export const KEPT_COPIES_STALE = sql<string>`message_seq + ${MESSAGES_PER_DEVICE}`;

/** The columns other writers change, as a batch evaluated on a kept copy expects them; null: rows locked, no check. */
export interface StateExpectation {
  expected_seq: number | null;
  expected_online: boolean | null;
  expected_threshold: number | null;
}

/**
 * The state rows of a batch's devices, locked for the batch's transaction, in key order so that
 * concurrent batches never deadlock; a device's first message creates its row.
 *
 * Reading every row whole on every batch (zones as JSON, timestamps) was a large share of the
 * ingest's CPU, so a node keeps the states it wrote and locks only the small columns: the message
 * sequence, which every ingest write moves on, tells whether the kept copy is still the stored one
 * (another node may have written the device since); the columns other writers change (online by
 * the offline check, the threshold by the settings screen) are always read. Only devices whose copy
 * is missing or stale are read whole. The states returned are fresh copies the batch may change;
 * the kept ones are replaced only after the batch commits.
 */
export class DeviceStates {
  private cache = new Map<string, DeviceState>();

  async lock(trx: Db, deviceIds: readonly string[], tenantOf: (deviceId: string) => string | null): Promise<Map<string, DeviceState>> {
    const out = new Map<string, DeviceState>();
    if (deviceIds.length === 0) return out;
    const lockRows = () =>
      trx
        .selectFrom('device_state')
        .select(['device_id', 'message_seq', 'online', 'low_battery_threshold'])
        .where(inArray('device_id', 'uuid', deviceIds))
        .orderBy('device_id')
        .forUpdate()
        .execute();
    let rows = await lockRows();
    if (rows.length < deviceIds.length) {
      const have = new Set(rows.map((r) => r.device_id));
      await trx
        .insertInto('device_state')
        .values(deviceIds.filter((id) => !have.has(id)).map((id) => ({ device_id: id, tenant_id: tenantOf(id) })))
        .onConflict((oc) => oc.column('device_id').doNothing())
        .execute();
      rows = await lockRows();
    }
    const stale: string[] = [];
    for (const r of rows) {
      const kept = this.cache.get(r.device_id);
      if (kept && kept.message_seq === Number(r.message_seq)) out.set(r.device_id, { ...kept, online: r.online, low_battery_threshold: r.low_battery_threshold });
      else stale.push(r.device_id);
    }
    if (stale.length) {
      const whole = await trx
        .selectFrom('device_state')
        .select(['device_id', 'online', 'fix_time', 'latitude', 'longitude', 'accuracy', 'battery', 'charging', 'low_battery_alarmed', 'zones', 'message_seq', 'contact_synced', 'low_battery_threshold'])
        .where(inArray('device_id', 'uuid', stale))
        .execute();
      for (const r of whole) out.set(r.device_id, { ...r, zones: new Map(Object.entries(r.zones ?? {})), message_seq: Number(r.message_seq) });
    }
    return out;
  }

  /**
   * Copies of the kept states of these devices, to change in a batch written without locking
   * them first, with what each stored row must still hold for the batch's update to apply; or
   * undefined when one is not kept. When a row no longer holds it, the batch is undone and
   * written again with `lock`.
   */
  keptCopies(deviceIds: readonly string[]): { states: Map<string, DeviceState>; expected: Map<string, StateExpectation> } | undefined {
    const states = new Map<string, DeviceState>();
    const expected = new Map<string, StateExpectation>();
    for (const id of deviceIds) {
      const kept = this.cache.get(id);
      if (!kept) return undefined;
      states.set(id, { ...kept });
      expected.set(id, { expected_seq: kept.message_seq, expected_online: kept.online, expected_threshold: kept.low_battery_threshold });
    }
    return { states, expected };
  }

  /** Keeps the states a committed batch wrote. */
  remember(states: Iterable<DeviceState>): void {
    if (this.cache.size > MAX_CACHED) this.cache.clear();
    for (const s of states) this.cache.set(s.device_id, s);
  }
}

/** The zones' state as the JSON object stored (written by hand: JSON.stringify of an object keyed by zone ids is slow). */
export function zonesJson(zones: ReadonlyMap<string, ZoneState>): string {
  let out = '';
  for (const [id, z] of zones) {
    let value = '';
    if (z.s !== undefined) value = `"s":"${z.s}"`;
    if (z.p !== undefined) value += `${value ? ',' : ''}"p":${z.p}`;
    if (z.a !== undefined) value += `${value ? ',' : ''}"a":${z.a}`;
    out += `${out ? ',' : ''}${JSON.stringify(id)}:{${value}}`;
  }
  return `{${out}}`;
}
