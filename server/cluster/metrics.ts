import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from '../config';
import { listenForMetrics } from '../web/metrics-listener';
import { METRICS_ANSWER, METRICS_REQUEST, type MetricsAnswer } from '../metrics/registry';

/**
 * The supervisor's side of the metrics (server/cluster): every worker's registry summed (counters,
 * histograms and most gauges; gauges read from the shared database take the largest), served on
 * METRICS_PORT and handed to a worker whose /metrics (with METRICS_TOKEN on PORT) asks for it.
 */
export function serveClusterMetrics(config: Pick<Config, 'metrics'>, log: Logger): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown } | null) => {
    if (message?.type !== METRICS_REQUEST || typeof message.id !== 'string') return;
    const id = message.id;
    const reply = (answer: Omit<MetricsAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: METRICS_ANSWER, id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
  if (config.metrics.port < 0) return;
  listenForMetrics(config, () => aggregator.clusterMetrics()).then(
    ({ port }) => log.info({ port, host: config.metrics.host }, `supervisor: metrics at http://${config.metrics.host}:${port}/metrics`),
    (err: unknown) => log.error({ err }, `supervisor: metrics could not listen on ${config.metrics.host}:${config.metrics.port}`),
  );
}
