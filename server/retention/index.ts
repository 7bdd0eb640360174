import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { periodicJob } from '../jobs';
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
  const periodic = periodicJob(db, LOG_RETENTION_JOB, DAY_MS, async () => {
    const started = performance.now();
    const run = await runLogRetention(db, config.retention);
    app.log.info({ ...run, ms: Math.round(performance.now() - started) }, 'retention run: old logs and sent mail removed');
  });
  jobs.registerJobKind(periodic.kind);
  if (config.workers) app.addHook('onReady', periodic.enqueueFirst);
}
