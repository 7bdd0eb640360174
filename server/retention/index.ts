import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import { periodicJob, type NoPayload } from '../jobs';
import { reclassify } from '../history/reclassify';
import { runHistoryRetention, syncHostDefault } from './history-run';
import { runLogRetention } from './log-retention';
import { outboxFolder } from '../mail/transport';
import { pruneOutboxFiles } from '../mail/outbox-files';
import { HISTORY_MOVE_JOB, historyRetentionRoutes } from './history-routes';

export { runLogRetention } from './log-retention';

export const LOG_RETENTION_JOB = 'retention.logs';

declare module '../jobs/catalogue' {
  interface JobPayloads {
    [LOG_RETENTION_JOB]: NoPayload;
  }
}
const DAY_MS = 86_400_000;

/**
 * Retention, once a day (one job per day across nodes), logged and audited: logs and sent mail by
 * age, and the history (positions and events) by dropping whole time ranges of each retention
 * class. A failed run is retried with backoff; the next day's is enqueued either way. A tenant's
 * new choice moves its history at once, in a job of its own.
 */
export async function retentionModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { db, config, jobs } = ctx;
  await syncHostDefault(db, config.history.defaultDays);
  const periodic = periodicJob(db, LOG_RETENTION_JOB, DAY_MS, async () => {
    const started = performance.now();
    const run = await runLogRetention(db, config.retention);
    // Mail written to the outbox folder (no SMTP_URL) is kept as long as sent mail is.
    const folder = outboxFolder(config);
    const outboxFiles = folder ? await pruneOutboxFiles(folder, new Date(Date.now() - config.retention.sentMailDays * DAY_MS)) : 0;
    app.log.info({ ...run, outboxFiles, ms: Math.round(performance.now() - started) }, 'retention run: old logs and sent mail removed');
    const history = await runHistoryRetention(db);
    app.log.info(history, 'retention run: old history dropped');
  });
  jobs.registerJobKind(periodic.kind);
  jobs.registerJobKind({
    kind: HISTORY_MOVE_JOB,
    maxAttempts: 5,
    concurrency: 1,
    leaseMs: 60 * 60_000,
    backoff: (attempts) => Math.min(60 * 60_000, 60_000 * 2 ** attempts),
    async run() {
      const moved = await reclassify(db);
      app.log.info(moved, 'retention: history moved to its new period');
    },
  });
  await app.register(historyRetentionRoutes, { db, config });
  if (config.workers) app.addHook('onReady', periodic.enqueueFirst);
}
