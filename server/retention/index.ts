import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { enqueueNextSlot, type JobKind } from '../jobs';
import { runLogRetention } from './log-retention';

export { runLogRetention, LOG_RETENTION_DEFAULTS, type LogRetention } from './log-retention';

export const LOG_RETENTION_JOB = 'retention.logs';
const DAY_MS = 86_400_000;

/**
 * Retention of logs and sent mail: once a day (one job per day across nodes), logged and audited.
 * A failed run is retried with backoff; the next day's is enqueued either way.
 */
export async function retentionModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { db, config, jobs } = ctx;
  const kind: JobKind = {
    kind: LOG_RETENTION_JOB,
    maxAttempts: 5,
    concurrency: 1,
    leaseMs: 60 * 60_000,
    backoff: (attempts) => Math.min(60 * 60_000, 60_000 * 2 ** attempts),
    async run() {
      const started = performance.now();
      const run = await runLogRetention(db, config.retention);
      app.log.info({ ...run, ms: Math.round(performance.now() - started) }, 'retention run: old logs and sent mail removed');
      await enqueueNextSlot(db, LOG_RETENTION_JOB, DAY_MS);
    },
    onFailed: async () => enqueueNextSlot(db, LOG_RETENTION_JOB, DAY_MS),
  };
  jobs.registerJobKind(kind);
  if (config.workers) app.addHook('onReady', async () => enqueueNextSlot(db, LOG_RETENTION_JOB, DAY_MS));
}
