import cluster from 'node:cluster';
import { loadConfig, paymentsProblem } from './config';
import { buildWebIfNeeded } from './web/build-web';
import { runSupervisor } from './cluster/supervisor';
import { createLogger, supervisorLevel } from './logging/logger';

/**
 * `npm start`. The primary process builds the web app when needed and supervises the API workers
 * (server/cluster/supervisor.ts); node:cluster runs this same file in each worker, which opens and
 * migrates the database and serves everything. Workers load the server; the primary does not.
 */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  if (cluster.isPrimary) {
    const log = createLogger({ ...config, logLevel: supervisorLevel(config.logLevel) });
    const refused = paymentsProblem(config);
    if (refused) {
      log.fatal(refused);
      process.exit(1);
    }
    // scripts/start.mjs compiled the server before this ran: it says how long that took.
    const compiledMs = Number(process.env[COMPILED_MS_ENV]);
    if (compiledMs > 0) log.info(`Server compiled in ${(compiledMs / 1000).toFixed(1)} s.`);
    if (process.env[START_WARNING_ENV]) log.warn(process.env[START_WARNING_ENV]);
    if (config.buildWeb) buildWebIfNeeded(config.distDir, (msg) => log.info(msg));
    runSupervisor(config, started, log);
    return;
  }
  const { runWorker } = await import('./cluster/worker');
  await runWorker(config);
}

/** Set by scripts/start.mjs when it compiled the server at this start (milliseconds). */
const COMPILED_MS_ENV = 'VIGIL_COMPILED_MS';
/** Set by scripts/start.mjs when it starts a bundle older than the sources (a read-only install). */
const START_WARNING_ENV = 'VIGIL_START_WARNING';

main().catch((err: unknown) => {
  // The configuration itself may be what failed: the log as LOG_FORMAT and the terminal say, at info.
  const log = createLogger({ logLevel: 'info', logFormat: process.env.LOG_FORMAT === 'json' || process.env.LOG_FORMAT === 'pretty' ? process.env.LOG_FORMAT : 'auto' });
  log.fatal({ err }, `Vigil could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
