/**
 * History bench (issue 18): does a history of 50 million positions slow ingest, reads or the
 * retention run? On a scratch database of the PostgreSQL server, with the real server (HTTP, a
 * signed-in tenant user, the OsmAnd ingest port), measures in one run:
 *
 * - EMPTY: ingest positions/s of bench/ingest's load generator on an empty history; for the
 *   reads, a twin database on a server of its own with the last week of history (a read of
 *   nothing is no baseline, and a week is what the event history reads and counts by default, so
 *   both sides answer the same rows and only the older history differs);
 * - FULL: the same after loading WATCHES x (DAYS + 4) days of history at a fix every 5 minutes
 *   (2,000 x 94 x 288 = 54 M positions by default) and an event per watch per day; each read (a
 *   day's trail, the event history) is timed on the twin and the full database in turn;
 * - the retention run at the real clock (the 4 oldest days are past the 90-day class, so their
 *   ranges go), while a paced sender keeps 1,000 watches sending a fix a second: its wall time
 *   and the longest stretch without an ingest answer.
 *
 * Prints full against empty with the aims (within 1.2x; a run under 1 s with no ingest pause
 * over 100 ms) and PASS/MISS, and the plans of the reads. Not a timed test.
 * Run: npm run bench:history (TEST_DATABENCH_DATABASE_URL_URL or DATABENCH_DATABASE_URL_URL, default
 * postgres://postgres@127.0.0.1:5432/test; a scratch database is created there and dropped).
 * A quick run: HISTORY_BENCH_WATCHES=200 HISTORY_BENCH_DAYS=10 npm run bench:history
 * (also HISTORY_BENCH_ROUNDS, _PACED, _READS; HISTORY_BENCH_KEEP=1 leaves the database behind).
 */
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { DAY_MS, HISTORY_DEFAULT_DAYS, expiresAt } from '../../server/history/classes';
import { existingRanges } from '../../server/history/partitions';
import { runHistoryRetention } from '../../server/retention/history-run';
import { startBenchServer, type BenchServer } from './server';
import { tokensFor, type Statement } from '../support/from-tests';
import { BENCH_DATABASE_URL, closePool } from '../support/database';
import { percentile } from '../support/measure';
import { runLoad } from '../ingest/fleet';
import { EVENT_HISTORY_DEFAULT_DAYS } from '../../server/tracking/routes';
import { coldReads, ms, pacedLoad, paceFigures, printPlans, timeReadsInTurn, type ColdReads, type PaceFigures, type ReadSamples, type ReadSide } from './measure';
import { FIX_MINUTES, historyDays, loadHistory, makeRanges, seedFleet, vacuumHistory, type Fleet } from './seed';

const int = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0`);
  return value;
};
/** Watches with a history (and sending the ingest load). */
const WATCHES = int('HISTORY_BENCH_WATCHES', 2000);
/** Days of history inside the class; the EXPIRED days past it are loaded as well. */
const DAYS = Math.min(HISTORY_DEFAULT_DAYS, int('HISTORY_BENCH_DAYS', HISTORY_DEFAULT_DAYS));
const EXPIRED = 4;
/**
 * The ingest load: every watch sends this many fixes, as fast as the server takes them. Within a
 * watch's flood budget (server/ingest/guards.ts: a burst of 30, then one a second), else the
 * server answers 429 and the figure is of refusals; the budget refills between REPEATS.
 */
const ROUNDS = Math.min(25, int('HISTORY_BENCH_ROUNDS', 25));
const REPEATS = 3;
const REFILL_MS = 30_000;
const CONCURRENCY = Math.min(WATCHES, int('BENCH_CONCURRENCY', 1000));
/** The paced sender during the retention run: these many further watches, a fix a second each. */
const PACED = int('HISTORY_BENCH_PACED', 1000);
const PACE_SECONDS = 15;
/** The retention run starts this long into the paced load. */
const RUN_AFTER_MS = 5000;
const READS = int('HISTORY_BENCH_READS', 300);
/** HISTORY_BENCH_KEEP=1: the scratch database is left for a look at its plans (drop it by hand). */
const KEEP = process.env.HISTORY_BENCH_KEEP === '1';
const WARM_UP = 20;
/** Trails of watches no read touched, read once each to see what PostgreSQL reads from outside its buffers. */
const COLD_READS = 100;
/** The twin's history: the days the event history reads by default (the trail reads the last of them). */
const TWIN_DAYS = Array.from({ length: EVENT_HISTORY_DEFAULT_DAYS }, (_, k) => k);

/** The aims of issue 18. */
const AIM_RATIO = 1.2;
const AIM_RUN_MS = 1000;
const AIM_PAUSE_MS = 100;

const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const n = (value: number) => Math.round(value).toLocaleString('en');
const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** A small seeded generator (mulberry32), so both phases read the same watches and days. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A read timed on the empty twin and the full database in turn: [empty, full]. */
type Pair = [ReadSamples, ReadSamples];
interface Reads {
  trailToday: Pair;
  /** Any day of the full history against any day of the twin's week but its last (fresh pages on both). */
  trailAnyDay: Pair;
  eventsTenant: Pair;
  eventsCarer: Pair;
  /** A day's trail of watches no read touched, as PostgreSQL reads its pages: [empty, full]. */
  coldTrail: [ColdReads, ColdReads];
}

/** Positions stored with fix times in [from, to). */
async function positionsIn(db: Db, from: Date, to: Date): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from positions where fix_time >= ${from} and fix_time < ${to}`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * bench/ingest's load generator (each watch on its own connection, as watches keep theirs), every
 * watch ROUNDS fixes 30 s apart ending two minutes ago. `second` (0 to 29) is the second of the
 * half-minute all its fix times fall on, so two loads, and the history (on whole 5 minutes), never
 * send the same (watch, fix time), which the server would take for a replay.
 */
async function ingestOnce(server: BenchServer, second: number, rounds: number, label: string): Promise<{ rate: number; statuses: Record<string, number> }> {
  await new Promise((resolve) => setTimeout(resolve, REFILL_MS));
  const start = Math.floor((Date.now() - ROUNDS * 30_000 - 120_000) / 30_000) * 30_000 + second * 1000;
  const window = [new Date(start), new Date(start + rounds * 30_000)] as const;
  const before = await positionsIn(server.db, ...window);
  // The load generator reads its fleet from these (bench/ingest/plan.ts, in its own process).
  process.env.BENCH_DEVICES = String(WATCHES);
  process.env.BENCH_ROUNDS = String(rounds);
  const result = await runLoad([server.ingestPort], start, CONCURRENCY, true);
  const stored = (await positionsIn(server.db, ...window)) - before;
  if (stored !== WATCHES * rounds) console.log(`  (stored ${stored} of ${WATCHES * rounds} fixes; HTTP statuses ${JSON.stringify(result.statuses)})`);
  console.log(`  ${label}: ${n(stored)} positions in ${result.seconds.toFixed(1)} s = ${n(stored / result.seconds)} positions/s`);
  return { rate: stored / result.seconds, statuses: result.statuses };
}

/** The median of REPEATS loads, each on a full flood budget; `seconds` (distinct per phase) as ingestOnce's. */
async function ingestRate(server: BenchServer, seconds: number[]): Promise<{ rate: number; statuses: Record<string, number> }> {
  const runs = [];
  for (const [i, second] of seconds.entries()) runs.push(await ingestOnce(server, second, ROUNDS, `ingest ${i + 1}/${seconds.length}`));
  const median = runs.map((r) => r.rate).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  console.log(`  ingest: median ${n(median)} positions/s`);
  return { rate: median, statuses: Object.assign({}, ...runs.map((r) => r.statuses)) as Record<string, number> };
}

/** A server with its fleet, signed-in readers and a pool on its database: the empty twin or the full one. */
interface Side {
  server: BenchServer;
  fleet: Fleet;
  pool: pg.Pool;
  staffToken: string;
  carerToken: string;
}

async function sideOf(server: BenchServer, fleet: Fleet, pool: pg.Pool): Promise<Side> {
  const staff = await tokensFor(server.url, fleet.staff.userName, fleet.staff.password);
  const carer = await tokensFor(server.url, fleet.carer.userName, fleet.carer.password);
  return { server, fleet, pool, staffToken: staff.access_token, carerToken: carer.access_token };
}

/** A day's trail of watch `w`: day `k` back from the history's end (its last millisecond excluded, so one day's fixes). */
const trailUrl = (server: BenchServer, fleet: Fleet, end: Date, w: number, k: number) => {
  const to = new Date(end.getTime() - k * DAY_MS - 1);
  const from = new Date(end.getTime() - (k + 1) * DAY_MS);
  return `${server.url}/api/app/tracking/positions/trail?${new URLSearchParams({ deviceId: fleet.deviceIds[w]!, from: from.toISOString(), to: to.toISOString() })}`;
};
const EVENTS_PAGE = '/api/app/eventEntry/history?skipCount=0&maxResultCount=10';

/**
 * The reads, each timed on both sides in turn (measure.ts): the last day's trail of the same watch,
 * the trail of a day the first read did not touch (any of the 90 on the full history; on the twin
 * one of its week's other six, which the same read leaves as cold: a re-read of the last day would
 * be warm on one side only), and the staff's and the carer's event history.
 */
async function measureReads(empty: Side, full: Side, end: Date): Promise<Reads> {
  // The same watches (and days) on both sides: picked once from seeded generators.
  const today = random(18);
  const todayWatch = Array.from({ length: WARM_UP + READS }, () => Math.floor(today() * WATCHES));
  const days = historyDays(DAYS, 0);
  const any = random(2026);
  const anyPick = Array.from({ length: WARM_UP + READS }, () => ({ w: Math.floor(any() * WATCHES), k: days[Math.floor(any() * days.length)]! }));
  const trail = (side: Side, pick: (i: number) => { w: number; k: number }): ReadSide => ({
    pool: side.pool,
    capture: side.server.capture,
    token: side.staffToken,
    urlOf: (i) => trailUrl(side.server, side.fleet, end, pick(i).w, pick(i).k),
  });
  const lastDay = (i: number) => ({ w: todayWatch[i]!, k: 0 });
  /** A day of the twin's week other than its last, for the watch and day picked on the full history. */
  const inWeek = (p: { w: number; k: number }) => ({ w: p.w, k: 1 + (p.k % (TWIN_DAYS.length - 1)) });
  const events = (side: Side, token: string): ReadSide => ({ pool: side.pool, capture: side.server.capture, token, urlOf: () => `${side.server.url}${EVENTS_PAGE}` });
  const pair = async (sides: ReadSide[], table: string) => (await timeReadsInTurn(sides, table, WARM_UP, READS)) as Pair;
  const trailToday = await pair([trail(empty, lastDay), trail(full, lastDay)], 'positions');
  const trailAnyDay = await pair([trail(empty, (i) => inWeek(anyPick[i]!)), trail(full, (i) => anyPick[i]!)], 'positions');
  const eventsTenant = await pair([events(empty, empty.staffToken), events(full, full.staffToken)], 'device_events');
  const eventsCarer = await pair([events(empty, empty.carerToken), events(full, full.carerToken)], 'device_events');
  // Watches no read above touched, their day read straight from the database (any of the 90 on
  // the full history, of the week on the twin, as above), as the trail's last statements with the
  // watch and the day swapped (each was issued for the last pick of its side).
  const read = new Set([...todayWatch, ...anyPick.map((p) => p.w)]);
  const unread = random(7);
  // (A small run may have read every watch: then some of these were read before, on other days.)
  const coldPick = Array.from({ length: COLD_READS }, () => {
    let w = Math.floor(unread() * WATCHES);
    for (let tries = 0; read.has(w) && tries < WATCHES; tries++) w = (w + 1) % WATCHES;
    read.add(w);
    return { w, k: days[Math.floor(unread() * days.length)]! };
  });
  const swapped = (side: Side, template: Statement[], was: { w: number; k: number }, pick: { w: number; k: number }) =>
    template.map((st) => ({
      text: st.text,
      values: st.values.map((v) => (v === side.fleet.deviceIds[was.w] ? side.fleet.deviceIds[pick.w] : v instanceof Date ? new Date(v.getTime() - (pick.k - was.k) * DAY_MS) : v)),
    }));
  const last = WARM_UP + READS - 1;
  const coldTrail: [ColdReads, ColdReads] = [
    await coldReads(empty.pool, coldPick.flatMap((p) => swapped(empty, trailAnyDay[0].statements, inWeek(anyPick[last]!), inWeek(p)))),
    await coldReads(full.pool, coldPick.flatMap((p) => swapped(full, trailAnyDay[1].statements, anyPick[last]!, p))),
  ];
  const reads: Reads = { trailToday, trailAnyDay, eventsTenant, eventsCarer, coldTrail };
  const names: [string, Pair][] = [['trail, the last day', reads.trailToday], ['trail, any day (of the 90 / of the week)', reads.trailAnyDay], ['event history, staff (the tenant)', reads.eventsTenant], ["event history, a carer's watch", reads.eventsCarer]];
  for (const [name, samples] of names) {
    for (const [label, r] of [['empty', samples[0]], ['full', samples[1]]] as const) {
      console.log(`  ${name.padEnd(42)} ${label.padEnd(5)} API p50 ${ms(percentile(r.api, 50)).padStart(9)} p95 ${ms(percentile(r.api, 95)).padStart(9)}; same SQL p50 ${ms(percentile(r.sql, 50)).padStart(9)} p95 ${ms(percentile(r.sql, 95)).padStart(9)}; ${r.items} items`);
    }
  }
  return reads;
}

/** Paced load for PACE_SECONDS; with `retention`, a retention run RUN_AFTER_MS into it. */
async function pacedWithRun(server: BenchServer, retention: boolean) {
  const load = pacedLoad(server.ingestPort, WATCHES, PACED, PACE_SECONDS);
  await load.ready;
  let run: { from: number; to: number; result: Awaited<ReturnType<typeof runHistoryRetention>> } | undefined;
  if (retention) {
    await new Promise((resolve) => setTimeout(resolve, RUN_AFTER_MS));
    const from = performance.timeOrigin + performance.now();
    // As the daily job calls it, with the real clock, on the bench's handle on the database (the
    // DROPs' locks are the database's, whichever connection takes them).
    const result = await runHistoryRetention(server.db);
    run = { from, to: performance.timeOrigin + performance.now(), result };
  }
  const paced = await load.done;
  const bad = Object.entries(paced.statuses).filter(([status]) => status !== '200');
  if (bad.length) console.log(`  paced sender: HTTP statuses ${JSON.stringify(paced.statuses)}`);
  return { paced, run };
}

const paceLine = (label: string, f: PaceFigures) =>
  `  ${label.padEnd(40)} ${n(f.answered)}/${n(f.fixes)} answered; latency p50 ${ms(f.p50)}, p99 ${ms(f.p99)}, max ${ms(f.maxLatency)}; longest gap between answers ${ms(f.longestGap)}`;

async function main(): Promise<void> {
  const host = new URL(BENCH_DATABASE_URL).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) throw new Error(`the bench writes tens of millions of rows: give it a PostgreSQL on this machine, not ${host}`);
  const began = performance.now();
  const days = historyDays(DAYS, EXPIRED);
  console.log(`History bench: ${n(WATCHES)} watches x ${days.length} days (${DAYS} in the ${HISTORY_DEFAULT_DAYS}-day class, ${EXPIRED} past it) at a fix every ${FIX_MINUTES} minutes = ${n(WATCHES * days.length * (1440 / FIX_MINUTES))} positions.`);
  console.log(`Starting the server on a scratch database of ${BENCH_DATABASE_URL}…`);
  const server = await startBenchServer(BENCH_DATABASE_URL);
  const url = server.databaseUrl;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let twin: BenchServer | undefined;
  let twinPool: pg.Pool | undefined;
  try {
    const { db } = server;
    const fleet = await seedFleet(db, WATCHES + PACED);
    // The history ends before any fix the loads send (those are at most ROUNDS half-minutes old).
    const end = new Date(Math.floor((Date.now() - ROUNDS * 30_000 - 600_000) / (FIX_MINUTES * 60_000)) * FIX_MINUTES * 60_000);
    // EMPTY has the ranges the server made at its start and the last day's; any other range the
    // history needs comes with it, so FULL also pays for their number.
    const ahead = new Date(Date.now() + 7 * DAY_MS);
    await makeRanges(db, new Date(end.getTime() - DAY_MS), ahead);
    console.log(`Seeded ${n(WATCHES)} watches with a history and ${n(PACED)} paced ones; ${(await existingRanges(db)).size} time ranges; history ends ${end.toISOString()}.`);

    console.log('\n=== EMPTY ===');
    // A short load first, not counted: a cold server (JIT, the device directory, the states) is no baseline.
    await ingestOnce(server, 29, 10, 'warm-up (not counted)');
    const emptyIngest = await ingestRate(server, [1, 3, 5].slice(0, REPEATS));
    // Reads need something to read: the last day of the history (and its events) first.
    let started = performance.now();
    await loadHistory(url, fleet.tenantId, WATCHES, end, [0], 1, () => {});
    await vacuumHistory(url);
    console.log(`  loaded the last day (${n(WATCHES * (1440 / FIX_MINUTES))} positions) in ${elapsed(started)}`);
    // The reads' EMPTY is a twin of this database on a server of its own: the same fleet, a load
    // and the last week (TWIN_DAYS), kept while this one fills, so that each read is timed on both
    // in turn at the end (measure.ts) rather than ten minutes apart on a shared machine.
    started = performance.now();
    twin = await startBenchServer(BENCH_DATABASE_URL);
    const twinUrl = twin.databaseUrl;
    twinPool = new pg.Pool({ connectionString: twinUrl, max: 4 });
    const twinFleet = await seedFleet(twin.db, WATCHES + PACED);
    await makeRanges(twin.db, new Date(end.getTime() - TWIN_DAYS.length * DAY_MS), ahead);
    await ingestOnce(twin, 29, 10, 'the twin: a load, as this database had');
    await loadHistory(twinUrl, twinFleet.tenantId, WATCHES, end, TWIN_DAYS, 2, () => {});
    await vacuumHistory(twinUrl);
    const emptySide = await sideOf(twin, twinFleet, twinPool);
    console.log(`  the twin for the reads (EMPTY): ready in ${elapsed(started)}`);

    console.log(`\n=== Loading the history: ${days.length - 1} more days ===`);
    const made = await makeRanges(db, new Date(end.getTime() - (days.at(-1)! + 1) * DAY_MS), ahead);
    console.log(`  made ${made} time ranges for it: ${(await existingRanges(db)).size} in all`);
    started = performance.now();
    let lastReport = 0;
    const rows = await loadHistory(url, fleet.tenantId, WATCHES, end, days.slice(1), 2, (done, total) => {
      if (performance.now() - lastReport < 30_000 && done < days.length - 1) return;
      lastReport = performance.now();
      console.log(`  ${done}/${days.length - 1} days, ${n(total)} positions, ${elapsed(started)}`);
    });
    const loadSeconds = (performance.now() - started) / 1000;
    console.log(`  ${n(rows)} positions in ${loadSeconds.toFixed(0)} s = ${n(rows / loadSeconds)} rows/s; VACUUM ANALYZE…`);
    started = performance.now();
    await vacuumHistory(url);
    console.log(`  vacuum analyze in ${elapsed(started)}`);
    const { rows: sizes } = await sql<{ positions: string; events: string; bytes: string }>`
      select (select count(*) from positions) as positions, (select count(*) from device_events) as events,
             pg_size_pretty(pg_database_size(current_database())) as bytes`.execute(db);
    console.log(`  the database now holds ${n(Number(sizes[0]!.positions))} positions and ${n(Number(sizes[0]!.events))} events, ${sizes[0]!.bytes}`);

    console.log('\n=== FULL ===');
    const fullIngest = await ingestRate(server, [7, 9, 11].slice(0, REPEATS));
    console.log('  reads, each on the twin (EMPTY) and this database (FULL) in turn:');
    const reads = await measureReads(emptySide, await sideOf(server, fleet, pool), end);

    console.log('\n=== Retention run ===');
    const now = new Date();
    const expiring = [...(await existingRanges(db)).values()].filter((r) => expiresAt(r) <= now).map((r) => r.name);
    const { rows: tuples } = expiring.length
      ? await sql<{ n: string }>`select coalesce(sum(reltuples), 0)::bigint as n from pg_class where relname in (${sql.join(expiring)})`.execute(db)
      : { rows: [{ n: '0' }] };
    console.log(`  past their class at ${now.toISOString()}: ${expiring.join(', ') || 'none'} (about ${n(Number(tuples[0]!.n))} rows)`);
    const quiet = await pacedWithRun(server, false);
    const baseline = paceFigures(quiet.paced);
    const withRun = await pacedWithRun(server, true);
    const run = withRun.run!;
    const during = paceFigures(withRun.paced, run.from, run.to);
    const whole = paceFigures(withRun.paced);
    const runMs = run.to - run.from;
    console.log(`  run: ${ms(runMs)} wall (its own count ${run.result.ms} ms); dropped ${run.result.dropped.length} (${run.result.dropped.join(', ') || 'none'}); deferred ${run.result.deferred.length} (${run.result.deferred.join(', ') || 'none'}); made ${run.result.made.length}; removed from default partitions ${run.result.removedFromDefault}`);
    console.log(`  paced sender: ${n(PACED)} watches, a fix a second each, ${PACE_SECONDS} s; the run started ${RUN_AFTER_MS / 1000} s in`);
    console.log(paceLine('without a retention run', baseline));
    console.log(paceLine('with the run, the whole load', whole));
    console.log(paceLine('with the run, fixes waiting during it', during));

    console.log('\n=== Plans on the full history ===');
    const full = { trailAnyDay: reads.trailAnyDay[1], eventsTenant: reads.eventsTenant[1], eventsCarer: reads.eventsCarer[1] };
    await printPlans(pool, 'trail, any day (positions), as the last call read it (warm)', full.trailAnyDay.statements);
    // The same day of a watch no call read: its pages as a trail call first finds them.
    const warmId = fleet.deviceIds.indexOf(String(full.trailAnyDay.statements[0]!.values.find((v) => fleet.deviceIds.includes(String(v)))));
    const coldId = fleet.deviceIds[(warmId + Math.floor(WATCHES / 2)) % WATCHES]!;
    const cold = full.trailAnyDay.statements.map((st) => ({ text: st.text, values: st.values.map((v) => (v === fleet.deviceIds[warmId] ? coldId : v)) }));
    await printPlans(pool, 'trail, the same day of a watch not read before (cold)', cold);
    await printPlans(pool, 'event history, staff (count and page)', full.eventsTenant.statements);
    await printPlans(pool, "event history, a carer's watch (count and page)", full.eventsCarer.statements);

    const p95 = (r: ReadSamples, side: 'api' | 'sql') => percentile(r[side], 95);
    const row = (label: string, [e, f]: Pair, side: 'api' | 'sql') => ({ label, empty: ms(p95(e, side)), full: ms(p95(f, side)), slowdown: p95(f, side) / p95(e, side), aimed: side === 'api' });
    console.log(`\n=== Results: ${n(WATCHES)} watches, ${n(Number(sizes[0]!.positions))} positions in FULL (EMPTY: none for ingest, the last ${TWIN_DAYS.length} days for the reads); ${READS} reads each ===`);
    console.log(`  ${''.padEnd(46)}${'empty'.padStart(12)}${'full'.padStart(12)}${'slowdown'.padStart(10)}   aim`);
    const rowsOut: { label: string; empty: string; full: string; slowdown: number; aimed: boolean }[] = [
      { label: 'ingest positions/s', empty: n(emptyIngest.rate), full: n(fullIngest.rate), slowdown: emptyIngest.rate / fullIngest.rate, aimed: true },
      row('trail p95, the last day (API)', reads.trailToday, 'api'),
      row('trail p95, any day of the 90 (API)', reads.trailAnyDay, 'api'),
      row('event history p95, staff, tenant (API)', reads.eventsTenant, 'api'),
      row("event history p95, a carer's watch (API)", reads.eventsCarer, 'api'),
      row('  floor: trail SQL p95, the last day', reads.trailToday, 'sql'),
      row('  floor: trail SQL p95, any day', reads.trailAnyDay, 'sql'),
      row('  floor: event SQL p95, staff, tenant', reads.eventsTenant, 'sql'),
      row("  floor: event SQL p95, a carer's watch", reads.eventsCarer, 'sql'),
    ];
    for (const r of rowsOut) {
      const aim = r.aimed ? `<= ${AIM_RATIO}x  ${verdict(r.slowdown <= AIM_RATIO)}` : '(no aim)';
      console.log(`  ${r.label.padEnd(46)}${r.empty.padStart(12)}${r.full.padStart(12)}${`${r.slowdown.toFixed(2)}x`.padStart(10)}   ${aim}`);
    }
    // Where a trail of an older day spends its extra time: pages PostgreSQL holds in no buffer.
    const [coldEmpty, coldFull] = reads.coldTrail;
    const coldLine = (label: string, pick: (c: ColdReads) => number[], unit: (v: number) => string) => {
      const [e, f] = [pick(coldEmpty), pick(coldFull)];
      if (!e.length || !f.length) return;
      console.log(`    ${label.padEnd(44)}${unit(percentile(e, 50)).padStart(12)}${unit(percentile(f, 50)).padStart(12)}   p50; p95 ${unit(percentile(e, 95))} / ${unit(percentile(f, 95))} (no aim)`);
    };
    console.log(`  a day's trail of ${COLD_READS} watches no read touched (any day of the week / of the 90), as PostgreSQL ran it:`);
    coldLine('blocks read from outside its buffers', (c) => c.blocks, (v) => v.toFixed(0));
    coldLine('time reading them', (c) => c.ioMs, ms);
    coldLine('execution', (c) => c.execMs, ms);
    console.log(`  retention run wall time (dropped ${run.result.dropped.length} ranges)`.padEnd(70) + `${ms(runMs).padStart(12)}   < ${AIM_RUN_MS} ms  ${verdict(runMs < AIM_RUN_MS)}`);
    console.log('  longest ingest pause during it (gap between answers)'.padEnd(70) + `${ms(during.longestGap).padStart(12)}   <= ${AIM_PAUSE_MS} ms  ${verdict(during.longestGap <= AIM_PAUSE_MS)}`);
    console.log(`    (a fix's longest wait during the run ${ms(during.maxLatency)}; without a run: longest gap ${ms(baseline.longestGap)}, longest wait ${ms(baseline.maxLatency)})`);
    console.log(`  slowdown: full / empty for times, empty / full for ingest. Whole bench ${elapsed(began)}.`);
  } finally {
    await closePool(pool);
    if (twinPool) await closePool(twinPool);
    // As bench/list: stop the server, wait for its pool's connections to go, then drop the database.
    if (twin) await twin.stop();
    await server.stop(KEEP);
    if (KEEP) console.log(`Kept the database: ${url}`);
  }
}

await main();
