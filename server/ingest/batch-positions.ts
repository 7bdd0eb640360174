import type { DeviceState } from './device-states';
import type { PositionRow } from './batch-writes';
import { storedAttributes } from './network-place';
import type { Pending } from './pending';

/**
 * A batch's position rows. Fixes without coordinates are kept at the device's last known place
 * (history only, approximate) and named in `atLastKnown`; a status-only fix, or one from a device
 * with no known place yet, has no row.
 */
export function positionRows(batch: readonly Pending[], states: ReadonlyMap<string, DeviceState>): { positions: PositionRow[]; atLastKnown: Set<string> } {
  const positions: PositionRow[] = [];
  const atLastKnown = new Set<string>();
  for (const p of batch) {
    for (const f of p.fixes) {
      const { fix } = f;
      let latitude = fix.latitude;
      let longitude = fix.longitude;
      if (latitude === null || longitude === null) {
        if (fix.statusOnly) continue;
        const last = states.get(p.device.id);
        if (last?.latitude == null || last.longitude == null) continue;
        latitude = last.latitude;
        longitude = last.longitude;
        atLastKnown.add(f.id);
      }
      positions.push({
        id: f.id,
        tenant_id: p.device.tenantId,
        device_id: p.device.id,
        fix_time: fix.fixTime,
        latitude,
        longitude,
        altitude: fix.altitude,
        speed: fix.speed,
        course: fix.course,
        accuracy: fix.accuracy,
        battery: fix.battery,
        valid: fix.valid,
        attributes: storedAttributes(fix, atLastKnown.has(f.id)),
      });
    }
  }
  return { positions, atLastKnown };
}
