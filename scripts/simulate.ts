// `npm run simulate`: the demo watches walk from the caregiver's home out of its safe zone and back,
// reporting over the real OsmAnd ingest port as the Traccar Client app does (POST with the fix in
// the query). Options: --url http://localhost:5055  --interval 2000 (ms)  --steps 16  --imei <id>...
import { fileURLToPath } from 'node:url';
import { DEMO_HOME, DEMO_WATCHES } from '../server/seed/demo';

export interface SimulationOptions {
  /** The ingest's base URL (INGEST_PORT, or the main port's /ingest/osmand). */
  url: string;
  imeis: readonly string[];
  intervalMs: number;
  /** Fixes per watch: half the walk goes out, half comes back. */
  steps: number;
  home: { lat: number; lon: number; radius: number };
  log?: (line: string) => void;
  signal?: AbortSignal;
}

const METRES_PER_DEGREE = 111_195;

/** The route of one watch: out along its own bearing to twice the zone's radius, then home again. */
export function route(home: SimulationOptions['home'], bearingDeg: number, steps: number) {
  const out = Math.ceil(steps / 2);
  const far = home.radius * 2.2;
  const rad = (bearingDeg * Math.PI) / 180;
  return Array.from({ length: steps }, (_, i) => {
    const d = i < out ? (far * i) / (out - 1) : far * (1 - (i - out + 1) / (steps - out));
    return {
      lat: home.lat + (d * Math.cos(rad)) / METRES_PER_DEGREE,
      lon: home.lon + (d * Math.sin(rad)) / (METRES_PER_DEGREE * Math.cos((home.lat * Math.PI) / 180)),
    };
  });
}

export async function simulate(opts: SimulationOptions): Promise<{ sent: number; failed: number }> {
  const log = opts.log ?? console.log;
  const routes = opts.imeis.map((_, i) => route(opts.home, 45 + i * 120, opts.steps));
  let sent = 0;
  let failed = 0;
  for (let step = 0; step < opts.steps && !opts.signal?.aborted; step++) {
    await Promise.all(
      opts.imeis.map(async (imei, i) => {
        const p = routes[i]![step]!;
        const query = new URLSearchParams({
          id: imei,
          timestamp: String(Math.floor(Date.now() / 1000)),
          lat: p.lat.toFixed(6),
          lon: p.lon.toFixed(6),
          speed: '2.7',
          bearing: String(45 + i * 120),
          altitude: '14',
          accuracy: '6',
          batt: String(Math.max(5, 80 - step * 2)),
        });
        try {
          const res = await fetch(`${opts.url.replace(/\/$/, '')}/?${query}`, { method: 'POST', signal: opts.signal });
          await res.arrayBuffer();
          if (res.ok) sent++;
          else failed++;
          log(`${imei} step ${step + 1}/${opts.steps} ${p.lat.toFixed(5)},${p.lon.toFixed(5)} -> ${res.status}`);
        } catch (err) {
          failed++;
          if (!opts.signal?.aborted) log(`${imei} step ${step + 1}: ${(err as Error).message}`);
        }
      }),
    );
    if (step < opts.steps - 1) await new Promise((r) => setTimeout(r, opts.intervalMs));
  }
  return { sent, failed };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const imeis = process.argv.flatMap((a, i) => (process.argv[i - 1] === '--imei' ? [a] : []));
  const url = arg('url') ?? `http://localhost:${process.env.INGEST_PORT ?? 5055}`;
  const options: SimulationOptions = {
    url,
    imeis: imeis.length ? imeis : DEMO_WATCHES.map((w) => w.imei),
    intervalMs: Number(arg('interval') ?? 2000),
    steps: Number(arg('steps') ?? 16),
    home: DEMO_HOME,
  };
  console.log(`Walking ${options.imeis.length} watch(es) out of the zone around ${DEMO_HOME.lat},${DEMO_HOME.lon} (${DEMO_HOME.radius} m) via ${url}`);
  const { sent, failed } = await simulate(options);
  console.log(`${sent} fixes stored, ${failed} refused or failed.`);
  process.exit(failed ? 1 : 0);
}
