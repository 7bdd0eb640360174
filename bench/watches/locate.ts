// "Locate now" as a carer's browser asks for it: POST requestPosition on a node's API with a staff
// token, timed from just before the request to the CR frame read on that watch's socket in the load
// generator (both wall clocks of this machine). LOCATES requests, one every LOCATE_SPACING_MS, each
// to another watch, while the fleet goes on reporting.
import { now } from '../ingest/fleet';
import type { Generators } from './generators';
import { LOCATE_SPACING_MS, LOCATES } from './plan';

/** A CR not read this long after its request counts as not reached. */
const GIVE_UP_MS = 10_000;

export interface LocateResult {
  asked: number;
  /** API answers by status. */
  statuses: Record<string, number>;
  /** Request to answer (ms), for the 200s. */
  apiMs: number[];
  /** Request to CR frame read on the watch's socket (ms), for the watches reached. */
  latencies: number[];
}

/**
 * Asks `url` to locate LOCATES watches (`offset` picks which, so two phases ask different ones),
 * resolving once every CR was read or given up on.
 */
export async function locateNow(url: string, token: string, deviceIds: readonly string[], generators: Generators, offset: number): Promise<LocateResult> {
  const result: LocateResult = { asked: 0, statuses: {}, apiMs: [], latencies: [] };
  const pending = new Map<number, { asked: number; reached: () => void }>();
  generators.onLocate((watch, at) => {
    const p = pending.get(watch);
    if (!p) return;
    pending.delete(watch);
    result.latencies.push(at - p.asked);
    p.reached();
  });
  const one = async (watch: number) => {
    const asked = now();
    let giveUp: NodeJS.Timeout | undefined;
    const reached = new Promise<void>((resolve) => {
      pending.set(watch, { asked, reached: resolve });
      giveUp = setTimeout(resolve, GIVE_UP_MS);
    });
    result.asked++;
    try {
      const res = await fetch(`${url}/api/app/productInstance/requestPosition`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId: deviceIds[watch] }),
      });
      await res.arrayBuffer();
      result.statuses[res.status] = (result.statuses[res.status] ?? 0) + 1;
      if (res.status === 200) result.apiMs.push(now() - asked);
    } catch {
      result.statuses.error = (result.statuses.error ?? 0) + 1;
    }
    await reached;
    clearTimeout(giveUp);
    pending.delete(watch);
  };
  const watches = deviceIds.length;
  const all: Promise<void>[] = [];
  const began = performance.now();
  for (let r = 0; r < LOCATES; r++) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, began + r * LOCATE_SPACING_MS - performance.now())));
    all.push(one((Math.floor((r * watches) / LOCATES) + offset) % watches));
  }
  await Promise.all(all);
  return result;
}
