import type { Db } from '../db/database';
import { enqueueJobs, type JobSpec } from '../jobs';
import type { Fix } from '../protocols/types';
import { storedAttributes } from './network-place';

/**
 * Fixes that came with cell towers or Wi-Fi access points but no coordinates, and that no
 * registered Wi-Fi network placed, are geolocated by a job once their batch is committed (with a
 * geolocation service configured): never inside the ingest's transaction, whose row locks a
 * network call would hold. The job is enqueued in that transaction, so it exists exactly when the
 * fix was stored. Its payload names the position; only a fix stored nowhere yet (its device had
 * no place) carries what to insert, and a done job is removed soon (server/ingest/geolocate-job.ts).
 */
export const GEOLOCATE = 'position.geolocate';

export interface GeolocateJob {
  deviceId: string;
  positionId: string;
  /** The fix time (ISO): with the device, where the position is found. */
  fixTime: string;
  /** A fix its device had no place for, so not stored: the position to insert once placed. */
  unplaced?: { tenantId: string | null; altitude: number | null; speed: number | null; course: number | null; battery: number | null; attributes: string };
}

declare module '../jobs/catalogue' {
  interface JobPayloads {
    [GEOLOCATE]: GeolocateJob;
  }
}

/** A message of a batch as the queue reads it: its device and its fixes, with whether each was stored. */
interface BatchMessage {
  device: { id: string; tenantId: string | null };
  fixes: readonly { id: string; fix: Fix; stored: boolean }[];
}

const hasNetwork = (fix: Fix) => Boolean(fix.network?.cellTowers?.length || fix.network?.wifiAccessPoints?.length);

/** The jobs of a committed batch: its fixes stored at the last known place, and those stored nowhere for want of one. */
export function geolocateJobs(batch: readonly BatchMessage[], atLastKnown: ReadonlySet<string>): JobSpec<typeof GEOLOCATE>[] {
  const jobs: JobSpec<typeof GEOLOCATE>[] = [];
  for (const p of batch) {
    for (const { id, fix, stored } of p.fixes) {
      if (fix.latitude !== null || fix.statusOnly || !hasNetwork(fix)) continue;
      const onLastKnown = atLastKnown.has(id);
      // A replay of a fix stored before is not asked again.
      if (onLastKnown && !stored) continue;
      const fixTime = fix.fixTime.toISOString();
      const payload: GeolocateJob = { deviceId: p.device.id, positionId: id, fixTime };
      if (!onLastKnown) {
        const { altitude, speed, course, battery } = fix;
        payload.unplaced = { tenantId: p.device.tenantId, altitude, speed, course, battery, attributes: storedAttributes(fix) ?? '{}' };
      }
      jobs.push({ kind: GEOLOCATE, payload, uniqueKey: `${GEOLOCATE}:${p.device.id}:${fixTime}` });
    }
  }
  // In key order: two batches enqueueing the same keys wait for each other rather than deadlock.
  return jobs.sort((a, b) => (a.uniqueKey! < b.uniqueKey! ? -1 : a.uniqueKey! > b.uniqueKey! ? 1 : 0));
}

/** Enqueues a batch's geolocation jobs in its transaction (no statement when there are none). */
export async function enqueueGeolocation(trx: Db, batch: readonly BatchMessage[], atLastKnown: ReadonlySet<string>): Promise<void> {
  await enqueueJobs(trx, geolocateJobs(batch, atLastKnown));
}
