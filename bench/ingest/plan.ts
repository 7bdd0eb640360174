/**
 * The bench's fleet and what each watch sends: pure data, shared by the orchestrator (which
 * seeds the database and makes the bulk INSERT floor) and the load generator (which sends it).
 */
export const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
export const ZONES_PER_DEVICE = 10;
/** Fixes per device; the last two of the walkers are outside their home zone (the second confirms). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
/**
 * Rounds after the confirming one in which the walkers stay outside (no new alarm): the load goes
 * on while the alarms go out (bench/alarms). 0 by default: the walkers confirm in the last round.
 */
export const TAIL_ROUNDS = Number(process.env.BENCH_TAIL_ROUNDS ?? 0);
/** Every WALKER_EVERY-th device walks out. */
export const WALKER_EVERY = 10;
export const HOME_RADIUS = 200;
const METRES_PER_DEGREE = 111_195;

export const imeiOf = (i: number) => `86${String(i).padStart(13, '0')}`;

/** Each watch lives somewhere in a 50 km square around Copenhagen. */
export function homeOf(i: number) {
  const a = ((i * 7919) % 1000) / 1000;
  const b = ((i * 104_729) % 1000) / 1000;
  return { lat: 55.45 + a * 0.45, lon: 12.2 + b * 0.8 };
}

export const isWalker = (i: number) => i % WALKER_EVERY === 0;

/** Fix `round` of device `i`: around home, or for a walker 500 m north in the last two rounds (before the tail). */
export function fixOf(i: number, round: number, start: number) {
  const home = homeOf(i);
  const out = isWalker(i) && round >= ROUNDS - 2 - TAIL_ROUNDS;
  const north = out ? 500 + round * 20 : ((i + round * 13) % 60) - 30;
  return {
    imei: imeiOf(i),
    lat: home.lat + north / METRES_PER_DEGREE,
    lon: home.lon + (((i * 3 + round) % 40) - 20) / (METRES_PER_DEGREE * 0.57),
    time: start + round * 30_000 + (i % 1000),
    accuracy: 8,
    battery: 90 - round,
    confirming: out && round === ROUNDS - 1 - TAIL_ROUNDS,
  };
}

/** The OsmAnd query of a fix, as Traccar Client sends it. */
export function queryOf(f: ReturnType<typeof fixOf>): string {
  return `/?id=${f.imei}&timestamp=${Math.floor(f.time / 1000)}&lat=${f.lat.toFixed(6)}&lon=${f.lon.toFixed(6)}&speed=1.2&bearing=10&altitude=12&accuracy=${f.accuracy}&batt=${f.battery}`;
}
