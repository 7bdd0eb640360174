/**
 * bench:watches' fleet and schedule: pure data, shared by the orchestrator (seeding, the table) and
 * the load generators (what each watch sends, and when). The IMEIs and homes are bench:ingest's.
 */
import { homeOf, imeiOf } from '../ingest/plan';

export { homeOf, imeiOf };

/** Watches connected to the node: 15,000 for the full run, fewer for a quick one. */
export const WATCHES = Number(process.env.BENCH_WATCHES ?? 15_000);
/** Seconds of steady load CPU is measured over (and of OsmAnd load, in its own phase). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Load generator processes the watches are spread over (each holds its share of the sockets). */
export const GENERATORS = Math.max(1, Number(process.env.BENCH_GENERATORS ?? 4));
/** "Locate now" requests per node, one every LOCATE_SPACING_MS. */
export const LOCATES = Number(process.env.BENCH_LOCATES ?? 200);
export const LOCATE_SPACING_MS = Number(process.env.BENCH_LOCATE_SPACING_MS ?? 250);
/** The aim: a watch connected to some node gets "locate now" within a second of the request. */
export const LOCATE_AIM_MS = 1000;

/** A fix every minute and a heartbeat every 5 minutes, per watch. */
export const FIX_EVERY_MS = 60_000;
export const HEARTBEAT_EVERY_MS = 300_000;
/** Frames a second the whole fleet sends (and the OsmAnd phase posts, for the same load). */
export const framesPerSecond = (watches: number) => watches * (1000 / FIX_EVERY_MS + 1000 / HEARTBEAT_EVERY_MS);

/** Connections one source address carries: under WATCH_CONNECTIONS_PER_ADDRESS's default of 500. */
export const PER_ADDRESS = 450;

/** What a 3G watch calls itself: its IMEI's last 10 digits (devices.protocol_id). */
export const protocolIdOf = (i: number) => imeiOf(i).slice(-10);

/** The loopback source addresses of watches first..first+count-1: 127.0.0.2 onwards, PER_ADDRESS each. */
export function sourceAddressOf(i: number): string {
  const n = 2 + Math.floor(i / PER_ADDRESS);
  if (n > 254) throw new Error(`watch ${i} needs a source address past 127.0.0.254`);
  return `127.0.0.${n}`;
}

/** When watch i (of `watches`) sends its first fix and heartbeat after `start`: spread evenly over each period. */
export function phasesOf(i: number, watches: number, start: number): { fix: number; heartbeat: number } {
  return { fix: start + (i / watches) * FIX_EVERY_MS, heartbeat: start + (((i + watches / 2) % watches) / watches) * HEARTBEAT_EVERY_MS };
}

/** Watch i's place: a few metres around its home (bench:ingest's), well inside its home zone. */
export function placeOf(i: number, k: number): { lat: number; lon: number } {
  const home = homeOf(i);
  return { lat: home.lat + (((i + k * 13) % 60) - 30) / 111_195, lon: home.lon + (((i * 3 + k) % 40) - 20) / 63_381 };
}
