import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { databaseMetrics } from '../db/metrics';
import { listenForMetrics } from './metrics-listener';
import { installHttpMetrics } from '../metrics/http';
import { gatherMetrics, startProcessMetrics } from '../metrics/registry';

/**
 * This server's part of the metrics: its requests, its database, and (outside the supervisor,
 * which listens for all its workers) the METRICS_PORT listener. With 0 the port taken is written
 * back into the configuration, as the ingest's is.
 */
export function installMetrics(app: FastifyInstance, database: DatabaseHandle, config: Config): void {
  startProcessMetrics();
  installHttpMetrics(app);
  const unreport = databaseMetrics(database);
  let listener: Awaited<ReturnType<typeof listenForMetrics>> | undefined;
  if (config.metrics.port >= 0 && !cluster.isWorker) {
    app.addHook('onReady', async () => {
      listener = await listenForMetrics(config, gatherMetrics);
      config.metrics.port = listener.port;
      app.log.info({ port: listener.port, host: config.metrics.host }, `metrics at http://${config.metrics.host}:${listener.port}/metrics`);
    });
  }
  app.addHook('onClose', async () => {
    unreport();
    await listener?.close();
  });
}
