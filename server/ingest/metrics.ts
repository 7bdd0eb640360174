import { Counter, Gauge } from 'prom-client';
import { gaugeFromSources, metricsRegistry } from '../metrics/registry';

/** Every message the ingest handled, whatever the protocol, by outcome (the Troubleshooting counters' own). */
const messages = new Counter({
  name: 'vigil_ingest_messages_total',
  help: 'Watch messages handled, by outcome: stored, duplicate, rejected, unknownDevice, rateLimited',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/** When this node last stored a message: "no fix for N minutes" is `time() - max(...)`. */
const lastStored = new Gauge({
  name: 'vigil_ingest_last_stored_timestamp_seconds',
  help: 'When this node last stored a watch message (Unix time)',
  aggregator: 'max',
  registers: [metricsRegistry],
});

/** One of guards.ts's outcomes (a bounded set). */
export function countIngested(outcome: string, n: number): void {
  messages.inc({ outcome }, n);
  if (outcome === 'stored') lastStored.set(Date.now() / 1000);
}

/** A watch port as the gauge reads it. */
interface OpenPort {
  readonly codec: { readonly name: string };
  readonly size: number;
}

/** Open connections on the watches' ports (server/ingest/tcp), by protocol. */
export const watchConnections = gaugeFromSources<OpenPort, 'protocol'>(
  { name: 'vigil_watch_connections', help: "Watches' open connections, by protocol", labelNames: ['protocol'] },
  (gauge, port) => gauge.inc({ protocol: port.codec.name }, port.size),
);
