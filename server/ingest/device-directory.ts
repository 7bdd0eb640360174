import type { Db } from '../db/database';
import type { Zone } from '../../common/geo';
import type { ZoneDef } from '../alarms/evaluate';

export interface DeviceInfo {
  id: string;
  tenantId: string | null;
  name: string;
  citizenId: string | null;
}

/** How long a node trusts a device's identity (protocol ID, IMEI, tenant, citizen) and its zones. */
export const DEVICE_TTL_MS = 30_000;
export const ZONES_TTL_MS = 30_000;
const MAX_ENTRIES = 200_000;

/**
 * Devices by the ID a watch sends, and their zones, read from the database and kept for a few
 * seconds, so the ingest does not ask for them on every fix; lookups arriving together are one
 * query. Not shared state: every node reads the same rows and drops them when a change is notified
 * (migrations 014, 030); the TTL is a safety net for a notification lost while a listener reconnects.
 *
 * An ID names the live device whose protocol ID it is (what a 3G watch calls itself), else the one
 * whose IMEI it is (devices.imei holds an IMEI or a serial number: there is no other serial-number
 * column). Both are unique among live devices, so an ID names at most one device each way; when
 * they differ, the protocol ID wins: it was set for the watch that sends this ID, while an IMEI
 * equal to it belongs to a watch that names itself otherwise. Matching is exact, as the watch
 * sends it.
 */
export class DeviceDirectory {
  private devices = new Map<string, { at: number; device: DeviceInfo | null }>();
  private zones = new Map<string, { at: number; zones: ZoneDef[] }>();
  private waiting = new Map<string, { resolve: (d: DeviceInfo | null) => void; reject: (e: unknown) => void }[]>();
  private scheduled = false;

  constructor(private readonly db: Db) {}

  /** Forgets every device and zone (a device's identity, a geofence or a link changed on some node). */
  clear(): void {
    this.devices.clear();
    this.zones.clear();
  }

  /** The device when this node knows it (null: known to be unknown), undefined when it must be read. */
  known(id: string): DeviceInfo | null | undefined {
    const hit = this.devices.get(id);
    return hit && Date.now() - hit.at < DEVICE_TTL_MS ? hit.device : undefined;
  }

  /** The device a watch that calls itself `id` is (null: none). */
  resolve(id: string): Promise<DeviceInfo | null> {
    const hit = this.known(id);
    if (hit !== undefined) return Promise.resolve(hit);
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(id) ?? [];
      list.push({ resolve, reject });
      this.waiting.set(id, list);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.loadWaiting());
      }
    });
  }

  private async loadWaiting(): Promise<void> {
    this.scheduled = false;
    const waiting = this.waiting;
    this.waiting = new Map();
    const ids = [...waiting.keys()];
    try {
      // One query in two halves, each answered by its column's unique index (an OR of the two
      // may be planned as one pass over every live device).
      const by = (column: 'protocol_id' | 'imei') =>
        this.db.selectFrom('devices').select(['id', 'tenant_id', 'name', 'citizen_id', 'imei', 'protocol_id']).where(column, 'in', ids).where('is_deleted', '=', false);
      const rows = await by('protocol_id').unionAll(by('imei')).execute();
      if (this.devices.size > MAX_ENTRIES) this.devices.clear();
      const now = Date.now();
      const byProtocolId = new Map(rows.flatMap((r) => (r.protocol_id === null ? [] : [[r.protocol_id, r] as const])));
      const byImei = new Map(rows.map((r) => [r.imei, r]));
      for (const id of ids) {
        const row = byProtocolId.get(id) ?? byImei.get(id);
        const device = row ? { id: row.id, tenantId: row.tenant_id, name: row.name, citizenId: row.citizen_id } : null;
        this.devices.set(id, { at: now, device });
        for (const w of waiting.get(id)!) w.resolve(device);
      }
    } catch (err) {
      for (const list of waiting.values()) for (const w of list) w.reject(err);
    }
  }

  /** Zones of these devices: linked to the device, or to its citizen; in the device's tenant. */
  async zonesOf(devices: readonly DeviceInfo[]): Promise<Map<string, ZoneDef[]>> {
    const now = Date.now();
    const out = new Map<string, ZoneDef[]>();
    const missing: DeviceInfo[] = [];
    for (const d of devices) {
      const hit = this.zones.get(d.id);
      if (hit && now - hit.at < ZONES_TTL_MS) out.set(d.id, hit.zones);
      else missing.push(d);
    }
    if (missing.length === 0) return out;
    const deviceIds = missing.map((d) => d.id);
    const citizenIds = [...new Set(missing.map((d) => d.citizenId).filter((c): c is string => !!c))];
    const rows = await this.db
      .selectFrom('geofence_links as l')
      .innerJoin('geofences as g', 'g.id', 'l.geofence_id')
      .select(['l.device_id', 'l.citizen_id', 'g.id', 'g.tenant_id', 'g.name', 'g.shape', 'g.center_lat', 'g.center_lon', 'g.radius_m', 'g.points', 'g.schedule'])
      .where('g.is_deleted', '=', false)
      .where((eb) => eb.or([eb('l.device_id', 'in', deviceIds), ...(citizenIds.length ? [eb('l.citizen_id', 'in', citizenIds)] : [])]))
      .execute();
    if (this.zones.size > MAX_ENTRIES) this.zones.clear();
    // Links by device and by citizen, so a batch of hundreds of devices is not rows x devices.
    const byOwner = new Map<string, typeof rows>();
    for (const r of rows) {
      for (const owner of [r.device_id, r.citizen_id]) {
        if (owner === null) continue;
        const list = byOwner.get(owner);
        if (list) list.push(r);
        else byOwner.set(owner, [r]);
      }
    }
    for (const d of missing) {
      const zones: ZoneDef[] = [];
      const seen = new Set<string>();
      for (const r of [...(byOwner.get(d.id) ?? []), ...(d.citizenId ? (byOwner.get(d.citizenId) ?? []) : [])]) {
        if (r.tenant_id !== d.tenantId || seen.has(r.id)) continue;
        seen.add(r.id);
        const zone = zoneOf(r);
        if (zone) zones.push({ id: r.id, name: r.name, zone, schedule: r.schedule });
      }
      this.zones.set(d.id, { at: now, zones });
      out.set(d.id, zones);
    }
    return out;
  }
}

function zoneOf(r: { shape: string; center_lat: number | null; center_lon: number | null; radius_m: number | null; points: [number, number][] | null }): Zone | undefined {
  if (r.shape === 'circle' && r.center_lat !== null && r.center_lon !== null && r.radius_m !== null && r.radius_m > 0) {
    return { kind: 'circle', center: { lat: r.center_lat, lng: r.center_lon }, radius: r.radius_m };
  }
  if (r.shape === 'polygon' && Array.isArray(r.points) && r.points.length >= 3) {
    return { kind: 'polygon', points: r.points.map(([lat, lng]) => ({ lat, lng })) };
  }
  return undefined;
}
