import type { Db } from '../db/database';
import { enqueueJobs } from './queue';

/** The next multiple of `everyMs` since 1970 after `now` (UTC midnight for a day). */
export function nextSlot(everyMs: number, now = Date.now()): Date {
  return new Date((Math.floor(now / everyMs) + 1) * everyMs);
}

/**
 * Enqueues a periodic job's next run. The slot's time is its unique key, so every node enqueueing
 * it (at start, or after a run) makes one job per slot between them.
 */
export async function enqueueNextSlot(db: Db, kind: string, everyMs: number, now = Date.now()): Promise<void> {
  const at = nextSlot(everyMs, now);
  await enqueueJobs(db, [{ kind, uniqueKey: `${kind}:${at.toISOString()}`, runAt: at }]);
}
