/** bench:watches' table: the figures, and the ratios against the OsmAnd floor and the 1 s aim. */
import os from 'node:os';
import { percentile } from '../support/measure';
import type { LocateResult } from './locate';
import type { ServerUsage } from './messages';
import { LOCATE_AIM_MS } from './plan';

export interface Results {
  watches: number;
  generators: number;
  addresses: number;
  connected: { ok: number; failed: Record<string, number>; seconds: number };
  /** device_connections rows once connected: the watches the node holds as sessions. */
  sessions: number;
  memory: { before: ServerUsage; connected: ServerUsage; loaded: ServerUsage; located: ServerUsage };
  idle: { seconds: number; cpuSeconds: number };
  watchLoad: { seconds: number; fixes: number; heartbeats: number; echoes: number; cpuSeconds: number; closed: number; generatorCpuSeconds: number };
  osmand: { seconds: number; messages: number; statuses: Record<string, number>; late: number; lost: number; cpuSeconds: number; generatorCpuSeconds: number };
  locate: { local: LocateResult; remote: LocateResult };
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const us = (seconds: number) => `${(seconds * 1e6).toFixed(0)} µs`;
const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v.toFixed(0)} ms`);
const counted = (r: Record<string, number>) => Object.entries(r).map(([k, n]) => `${n}×${k}`).join(' ') || 'none';

function locateRows(label: string, r: LocateResult): [string, string, string][] {
  const p = (q: number) => percentile(r.latencies, q);
  const p99 = p(99);
  return [
    [`locate now, ${label}: reached`, `${r.latencies.length} of ${r.asked} (API ${counted(r.statuses)})`, ''],
    ['  request to CR on the socket p50 / p95 / p99 / max', `${ms(p(50))} / ${ms(p(95))} / ${ms(p99)} / ${ms(p(100))}`, `p99 ${(p99 / LOCATE_AIM_MS).toFixed(2)} of the 1 s aim: ${p99 < LOCATE_AIM_MS && r.latencies.length === r.asked ? 'ok' : 'MISSED'}`],
    ['  API answer p50 / p99', `${ms(percentile(r.apiMs, 50))} / ${ms(percentile(r.apiMs, 99))}`, ''],
  ];
}

export function printReport(r: Results): void {
  const { before, connected, loaded, located } = r.memory;
  const n = r.sessions || 1;
  const frames = r.watchLoad.fixes + r.watchLoad.heartbeats + r.watchLoad.echoes;
  const perFrame = r.watchLoad.cpuSeconds / frames;
  const perMessage = r.osmand.cpuSeconds / r.osmand.messages;
  const rows: [string, string, string][] = [
    ['watches connected (sessions on the node)', `${r.connected.ok} of ${r.watches} in ${r.connected.seconds.toFixed(1)} s (${r.sessions} sessions)`, `failed: ${counted(r.connected.failed)}`],
    ['  load generators / loopback source addresses', `${r.generators} / ${r.addresses}`, ''],
    ['server open files before / connected (limit soft/hard)', `${before.fds} / ${connected.fds} (${connected.fdLimit.soft}/${connected.fdLimit.hard})`, ''],
    ['server RSS before / connected / after load / after locates', `${mb(before.rss)} / ${mb(connected.rss)} / ${mb(loaded.rss)} / ${mb(located.rss)}`, ''],
    ['server heap used (after full GC), same points', `${mb(before.heapUsed)} / ${mb(connected.heapUsed)} / ${mb(loaded.heapUsed)} / ${mb(located.heapUsed)}`, ''],
    ['memory per connection: RSS / heap / external', `${kb((connected.rss - before.rss) / n)} / ${kb((connected.heapUsed - before.heapUsed) / n)} / ${kb((connected.external - before.external) / n)}`, `RSS after load: ${kb((loaded.rss - before.rss) / n)}`],
    [`idle CPU with ${r.sessions} connected, silent`, `${((r.idle.cpuSeconds / r.idle.seconds) * 1000).toFixed(1)} ms/s`, ''],
    [`watch frames in ${r.watchLoad.seconds} s (fixes + heartbeats + echoes)`, `${frames} (${r.watchLoad.fixes} + ${r.watchLoad.heartbeats} + ${r.watchLoad.echoes}) = ${(frames / r.watchLoad.seconds).toFixed(0)}/s`, `connections lost: ${r.watchLoad.closed}`],
    ['server CPU per watch frame', us(perFrame), `${(r.watchLoad.cpuSeconds / r.watchLoad.seconds * 100).toFixed(1)}% of a core`],
    [`OsmAnd messages in ${r.osmand.seconds} s (separate phase, before the watches connect)`, `${r.osmand.messages} = ${(r.osmand.messages / r.osmand.seconds).toFixed(0)}/s`, `answers ${counted(r.osmand.statuses)}, lost ${r.osmand.lost}, most waiting ${r.osmand.late}`],
    ['server CPU per OsmAnd message', us(perMessage), `${(r.osmand.cpuSeconds / r.osmand.seconds * 100).toFixed(1)}% of a core`],
    ['CPU per watch frame / per OsmAnd message', `${(perFrame / perMessage).toFixed(2)}`, ''],
    ...locateRows('command made on the node holding the connections', r.locate.local),
    ...locateRows('command made on a second node (no connections)', r.locate.remote),
    ['load generators CPU: watches / OsmAnd', `${r.watchLoad.generatorCpuSeconds.toFixed(1)} s / ${r.osmand.generatorCpuSeconds.toFixed(1)} s`, ''],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const valueWidth = Math.max(...rows.map(([, value]) => value.length)) + 2;
  console.log(`\n${r.watches} 3G watches on one API node on PostgreSQL, a fix a minute and a heartbeat every 5 minutes each; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}\n`);
  for (const [label, value, note] of rows) console.log(`${label.padEnd(width)}${value.padEnd(valueWidth)}${note}`);
  console.log('');
}
