import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, Gauge, collectDefaultMetrics, register, type GaugeConfiguration, type Registry } from 'prom-client';

/**
 * Vigil's Prometheus metrics: prom-client's default registry, one per process. Each module
 * declares its own metrics (server/<module>/metrics.ts) on it. Under `npm start` the supervisor
 * sums the workers' registries (prom-client's AggregatorRegistry), so a scrape sees the node
 * whichever worker takes it. Labels are bounded sets only (route patterns, outcomes, channels,
 * job kinds), never an id, a path or an address.
 */
export const metricsRegistry: Registry = register;

let started = false;
/** The process metrics (CPU, memory, event loop lag, open files), once per process; and cluster answers in a worker. */
export function startProcessMetrics(): void {
  if (started) return;
  started = true;
  collectDefaultMetrics({ register });
  // Constructing one adds prom-client's listener for the primary's requests in a worker.
  if (cluster.isWorker) new AggregatorRegistry();
}

/** A worker asks the primary for the node's metrics (every worker's, summed): the message types. */
export const METRICS_REQUEST = 'vigil:metrics-request';
export const METRICS_ANSWER = 'vigil:metrics-answer';
export interface MetricsAnswer {
  type: typeof METRICS_ANSWER;
  id: string;
  text?: string;
  error?: string;
}

const ASK_TIMEOUT_MS = 10_000;

/**
 * The scrape's text: this process's registry, or under the supervisor every worker's summed (asked
 * of the primary, which asks each worker), so a scrape on the shared port is the node's.
 */
export async function gatherMetrics(): Promise<string> {
  if (!cluster.isWorker || !process.send) return register.metrics();
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error('the supervisor did not answer with the metrics')), ASK_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      const answer = message as Partial<MetricsAnswer> | null;
      if (answer?.type !== METRICS_ANSWER || answer.id !== id) return;
      finish(answer.error ? new Error(answer.error) : undefined, answer.text ?? '');
    };
    const finish = (err?: Error, text = '') => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (err) reject(err);
      else resolve(text);
    };
    process.on('message', onMessage);
    process.send!({ type: METRICS_REQUEST, id });
  });
}

/**
 * A gauge read when scraped from each of this process's servers (a test process may run two):
 * `read` sets its values from one source (a database, a port). Failures leave the series out: a
 * database that is away must not fail the scrape that says so.
 */
export function gaugeFromSources<S, L extends string>(config: Omit<GaugeConfiguration<L>, 'collect' | 'registers'>, read: (gauge: Gauge<L>, source: S) => void | Promise<void>): { add(source: S): () => void } {
  const sources = new Set<S>();
  new Gauge<L>({
    ...config,
    registers: [register],
    async collect() {
      this.reset();
      for (const source of sources) {
        try {
          await read(this, source);
        } catch {
          // Left out of this scrape.
        }
      }
    },
  });
  return {
    add(source) {
      sources.add(source);
      return () => void sources.delete(source);
    },
  };
}
