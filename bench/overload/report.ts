/** The bench's table: both runs side by side, aims and ratios to each run's idle floor. */
import { percentile } from '../support/measure';
import type { Samples } from './shared';

export interface RunResult {
  admission: boolean;
  seconds: number;
  clients: number;
  floor: { list: Samples; signIn: Samples; discovery: Samples; ingest: Samples };
  list: Samples;
  signIn: Samples;
  refresh: Samples;
  discovery: Samples;
  ingest: Samples;
}

const AIM_SIGN_IN_MS = 5000;
const AIM_INGEST_P99_MS = 500;
const AIM_MAX_WAIT_MS = 10_000;

const ms = (v: number) => (Number.isNaN(v) ? '-' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(0)} ms`);
const p = (s: Samples, q: number) => percentile(s.ok, q);
const failed = (s: Samples) => Object.values(s.refused).reduce((a, b) => a + b, 0);
const ratio = (v: number, floor: number) => (Number.isNaN(v) || Number.isNaN(floor) ? '-' : `${(v / floor).toFixed(1)}x`);
const refusals = (s: Samples) => Object.entries(s.refused).map(([status, n]) => `${n}×${status}`).join(' ') || 'none';
const worst = (r: RunResult) => Math.max(r.list.maxMs, r.signIn.maxMs, r.refresh.maxMs, r.discovery.maxMs, r.ingest.maxMs);

type Row = [label: string, cell: (r: RunResult) => string];

const rows: Row[] = [
  ['browser sign-ins completed', (r) => `${r.signIn.ok.length} of ${r.signIn.ok.length + failed(r.signIn)}`],
  ['sign-in p50 / max', (r) => `${ms(p(r.signIn, 50))} / ${ms(r.signIn.maxMs)}`],
  ['  p50 over idle sign-in', (r) => ratio(p(r.signIn, 50), p(r.floor.signIn, 50))],
  ['token refresh p50 / max', (r) => `${ms(p(r.refresh, 50))} / ${ms(r.refresh.maxMs)}`],
  ['discovery p50 / max', (r) => `${ms(p(r.discovery, 50))} / ${ms(r.discovery.maxMs)}`],
  ['  p50 over idle discovery', (r) => ratio(p(r.discovery, 50), p(r.floor.discovery, 50))],
  ['ingest p50 / p99', (r) => `${ms(p(r.ingest, 50))} / ${ms(p(r.ingest, 99))}`],
  ['  p99 over idle ingest p50', (r) => ratio(p(r.ingest, 99), p(r.floor.ingest, 50))],
  ['ingest not stored', (r) => refusals(r.ingest)],
  ['list answered (200) per second', (r) => (r.list.ok.length / r.seconds).toFixed(0)],
  ['list p50 / p99 (200s)', (r) => `${ms(p(r.list, 50))} / ${ms(p(r.list, 99))}`],
  ['  p50 over idle list', (r) => ratio(p(r.list, 50), p(r.floor.list, 50))],
  ['list refused', (r) => refusals(r.list)],
  ['longest wait (a sign-in counted whole)', (r) => ms(worst(r))],
  ['idle floor: list / sign-in', (r) => `${ms(p(r.floor.list, 50))} / ${ms(p(r.floor.signIn, 50))}`],
  ['idle floor: discovery / ingest', (r) => `${ms(p(r.floor.discovery, 50))} / ${ms(p(r.floor.ingest, 50))}`],
];

const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export function printReport(results: RunResult[], ingestRate: number): void {
  const [first] = results;
  if (!first) return;
  console.log(`\n${first.clients} clients paging GET /api/app/productInstance for ${first.seconds} s on PGlite; meanwhile a carer's browser sign-in`);
  console.log(`and token refresh one after another, discovery every second, ${ingestRate} OsmAnd messages a second on the ingest port.\n`);
  const header = results.map((r) => (r.admission ? 'protected' : 'ADMISSION=off').padStart(20)).join('');
  console.log(`${''.padEnd(40)}${header}`);
  for (const [label, cell] of rows) console.log(`${label.padEnd(40)}${results.map((r) => cell(r).padStart(20)).join('')}`);
  console.log('\nAims (the protected run must meet them):');
  for (const r of results) {
    const signInOk = failed(r.signIn) === 0 && r.signIn.maxMs < AIM_SIGN_IN_MS;
    const ingestOk = p(r.ingest, 99) < AIM_INGEST_P99_MS && failed(r.ingest) === 0;
    const waitOk = worst(r) < AIM_MAX_WAIT_MS;
    console.log(
      `  ${(r.admission ? 'protected' : 'ADMISSION=off').padEnd(14)} every sign-in < ${ms(AIM_SIGN_IN_MS)}: ${verdict(signInOk)};` +
        ` ingest p99 < ${ms(AIM_INGEST_P99_MS)}: ${verdict(ingestOk)}; no wait > ${ms(AIM_MAX_WAIT_MS)}: ${verdict(waitOk)}`,
    );
  }
}
