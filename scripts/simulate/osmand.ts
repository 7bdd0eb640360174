import { alarmsAt, ALARMS, type AlarmSchedule } from './alarms';
import { batteryAt, bearingOf, route, type Home } from './route';
import { watchLabel } from './label';

/**
 * The demo watches over OsmAnd: each fix a POST with the fix in the query, as the Traccar Client
 * app sends it, to the ingest's base URL (INGEST_PORT, or the main port's /ingest/osmand).
 */
export interface SimulationOptions {
  /** The ingest's base URL (INGEST_PORT, or the main port's /ingest/osmand). */
  url: string;
  imeis: readonly string[];
  intervalMs: number;
  /** Fixes per watch: half the walk goes out, half comes back. */
  steps: number;
  home: Home;
  /** Alarms the fix of a step carries (`alarm=<code>`, as OsmAnd clients send one). */
  alarms?: AlarmSchedule;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

export async function simulate(opts: SimulationOptions): Promise<{ sent: number; failed: number }> {
  const log = opts.log ?? console.log;
  const routes = opts.imeis.map((_, i) => route(opts.home, bearingOf(i), opts.steps));
  let sent = 0;
  let failed = 0;
  for (let step = 0; step < opts.steps && !opts.signal?.aborted; step++) {
    const alarms = alarmsAt(opts.alarms ?? {}, step + 1);
    await Promise.all(
      opts.imeis.map(async (imei, i) => {
        const p = routes[i]![step]!;
        const query = new URLSearchParams({
          id: imei,
          timestamp: String(Math.floor(Date.now() / 1000)),
          lat: p.lat.toFixed(6),
          lon: p.lon.toFixed(6),
          speed: '2.7',
          bearing: String(bearingOf(i)),
          altitude: '14',
          accuracy: '6',
          batt: String(batteryAt(step)),
        });
        // OsmAnd carries one alarm code a fix: the first scheduled at this step.
        if (alarms[0]) query.set('alarm', ALARMS[alarms[0]].code);
        const label = watchLabel(imei);
        try {
          const res = await fetch(`${opts.url.replace(/\/$/, '')}/?${query}`, { method: 'POST', signal: opts.signal });
          await res.arrayBuffer();
          if (res.ok) sent++;
          else failed++;
          const alarm = alarms[0] ? ` ${ALARMS[alarms[0]].label} alarm` : '';
          log(`${label} step ${step + 1}/${opts.steps} ${p.lat.toFixed(5)},${p.lon.toFixed(5)}${alarm} -> ${res.status}`);
        } catch (err) {
          failed++;
          if (!opts.signal?.aborted) log(`${label} step ${step + 1}: ${(err as Error).message}`);
        }
      }),
    );
    if (step < opts.steps - 1) await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
  return { sent, failed };
}
