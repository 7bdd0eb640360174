import { Counter, Histogram } from 'prom-client';
import { gaugeFromSources, metricsRegistry } from '../metrics/registry';

/** What the gauge reads of an admission gate. */
interface GateLoad {
  readonly load: { inFlight: number; waiting: number };
}

/** Back-office calls admitted now and waiting in line, per process (summed over the node's workers). */
export const admissionLoad = gaugeFromSources<GateLoad, 'state'>(
  { name: 'vigil_admission_calls', help: 'Back-office API calls admitted (in_flight) and waiting in line (waiting)', labelNames: ['state'] },
  (gauge, gate) => {
    gauge.inc({ state: 'in_flight' }, gate.load.inFlight);
    gauge.inc({ state: 'waiting' }, gate.load.waiting);
  },
);

/** How long admitted back-office calls waited for their place. */
export const admissionWaits = new Histogram({
  name: 'vigil_admission_wait_seconds',
  help: 'How long back-office API calls waited in line before they were admitted',
  buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
  registers: [metricsRegistry],
});

/** Back-office calls refused for load (503 with Retry-After). */
export const admissionRefusals = new Counter({
  name: 'vigil_admission_refused_total',
  help: 'Back-office API calls refused for load (503 with Retry-After)',
  registers: [metricsRegistry],
});
