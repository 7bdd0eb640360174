import type { Db } from '../db/database';
import type { PayloadlessJobName } from './catalogue';
import { enqueueJobs } from './queue';
import type { JobKind } from './worker';

/** The next multiple of `everyMs` since 1970 after `now` (UTC midnight for a day). */
export function nextSlot(everyMs: number, now = Date.now()): Date {
  return new Date((Math.floor(now / everyMs) + 1) * everyMs);
}

/**
 * Enqueues a periodic job's next run. The slot's time is its unique key, so every node enqueueing
 * it (at start, or after a run) makes one job per slot between them.
 */
export async function enqueueNextSlot(db: Db, kind: PayloadlessJobName, everyMs: number, now = Date.now()): Promise<void> {
  const at = nextSlot(everyMs, now);
  await enqueueJobs(db, [{ kind, uniqueKey: `${kind}:${at.toISOString()}`, runAt: at }]);
}

/**
 * A job kind that runs once per slot of `everyMs` across all nodes (scheduled backups, retention):
 * one at a time, retried with backoff up to an hour apart, and each run, done or failed for good,
 * enqueues the next slot. `enqueueFirst` starts the chain (idempotent, so every node may call it).
 */
export function periodicJob<K extends PayloadlessJobName>(db: Db, kind: K, everyMs: number, run: () => Promise<void>): { kind: JobKind<K>; enqueueFirst(): Promise<void> } {
  const enqueueNext = () => enqueueNextSlot(db, kind, everyMs);
  return {
    kind: {
      kind,
      maxAttempts: 5,
      concurrency: 1,
      leaseMs: 60 * 60_000,
      backoff: (attempts) => Math.min(60 * 60_000, 60_000 * 2 ** attempts),
      async run() {
        await run();
        await enqueueNext();
      },
      onFailed: enqueueNext,
    },
    enqueueFirst: enqueueNext,
  };
}
