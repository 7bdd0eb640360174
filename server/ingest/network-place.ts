import type { Db } from '../db/database';
import type { Fix } from '../protocols/types';
import { parseMac } from '../../common/mac';
import { isValidLatLng } from '../../common/geo';

/**
 * Fixes that came without coordinates (OsmAnd's network-only messages: cell towers and Wi-Fi
 * access points): how the ingest pipeline places them and what they are stored with.
 */

/** A message of a batch as placing reads it: its device's tenant and its fixes. */
interface BatchMessage {
  device: { tenantId: string | null };
  fixes: readonly { fix: Fix }[];
}

/**
 * The attributes a fix is stored with: its own, its network, its mark when outside the evaluation
 * window, and for a fix without coordinates stored at the device's last known place, that mark.
 */
export function storedAttributes(fix: Fix, lastKnown = false): string | null {
  if (!fix.network && !fix.window && !lastKnown && Object.keys(fix.attributes).length === 0) return null;
  return JSON.stringify({
    ...fix.attributes,
    ...(fix.network ? { network: fix.network } : {}),
    ...(fix.window ? { window: fix.window } : {}),
    ...(lastKnown ? { approximate: true, locatedBy: 'lastKnown' } : {}),
  });
}

/**
 * Places fixes without coordinates that name Wi-Fi access points at the tenant's Wi-Fi network
 * with that MAC (the wifis resource: MAC -> place), strongest signal first: one query for the
 * whole batch, and none when no fix of it needs one. A placed fix is marked approximate and then
 * stored and evaluated as any fix (a registered network is a known place, the citizen's home).
 */
export async function placeByWifi(db: Db, batch: readonly BatchMessage[]): Promise<void> {
  const wanted: { fix: Fix; tenantId: string; macs: string[] }[] = [];
  for (const p of batch) {
    if (p.device.tenantId === null) continue;
    for (const { fix } of p.fixes) {
      const points = fix.network?.wifiAccessPoints;
      if (fix.latitude !== null || !points?.length) continue;
      const macs = points
        .slice()
        .sort((a, b) => b.signalStrength - a.signalStrength)
        .map((w) => parseMac(w.macAddress))
        .filter((m): m is string => m !== null);
      if (macs.length) wanted.push({ fix, tenantId: p.device.tenantId, macs });
    }
  }
  if (!wanted.length) return;
  const rows = await db
    .selectFrom('wifis')
    .select(['tenant_id', 'mac_address', 'latitude', 'longitude'])
    .where('mac_address', 'in', [...new Set(wanted.flatMap((w) => w.macs))])
    .where('tenant_id', 'in', [...new Set(wanted.map((w) => w.tenantId))])
    .where('is_deleted', '=', false)
    .execute();
  const places = new Map(rows.filter((r) => r.latitude !== null && r.longitude !== null).map((r) => [`${r.tenant_id}|${r.mac_address}`, r]));
  for (const { fix, tenantId, macs } of wanted) {
    for (const mac of macs) {
      const place = places.get(`${tenantId}|${mac}`);
      if (!place || !isValidLatLng(Number(place.latitude), Number(place.longitude))) continue;
      fix.latitude = Number(place.latitude);
      fix.longitude = Number(place.longitude);
      fix.accuracy = null;
      // A watch's own fix marked invalid (no GPS) is placed as surely as OsmAnd's network-only one.
      fix.valid = true;
      fix.attributes.approximate = true;
      fix.attributes.locatedBy = 'wifi';
      fix.attributes.wifi = mac;
      break;
    }
  }
}
