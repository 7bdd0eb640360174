// `npm run bench:watches`: 15,000 3G watches (BENCH_WATCHES) on live TCP connections to one API node
// on PostgreSQL, a fix every minute and a heartbeat every 5 each, spread evenly. Reports the server's
// memory per connection, its CPU per watch frame against its CPU per OsmAnd message at the same rate
// (an earlier phase on the same server, before the watches connect), and "locate now" from the API
// to the watch's socket while the fleet reports: made on the node holding the connections, then on a
// second node that holds none (through the database's NOTIFY). Not a timed test: it prints figures.
// Processes: the node (and later the second) each its own (nodes.ts), GENERATORS load generators
// holding the watches' sockets (watches.ts), the OsmAnd generator (osmand.ts); this one only drives.
// Needs PostgreSQL: TEST_DATABASE_URL or DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test
// (bench/support/database.ts; a scratch database is made there and dropped).
import { fork } from 'node:child_process';
import { openDatabase } from '../../server/db/database';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { BENCH_DATABASE_URL, untilUnused } from '../support/database';
import { createScratchDatabase, tokensFor } from '../support/from-tests';
import { childMessages } from '../ingest/child-messages';
import { now } from '../ingest/fleet';
import { startGenerators, type Generators } from './generators';
import { locateNow } from './locate';
import type { OsmandOrder, OsmandReport } from './messages';
import { startNode, type BenchNode } from './nodes';
import { GENERATORS, LOCATES, PER_ADDRESS, SECONDS, WATCHES, framesPerSecond } from './plan';
import { printReport, type Results } from './report';
import { seedWatches } from './seed';

/** Seconds of load before a CPU window opens (the JIT and the caches warm up). */
const WARM_SECONDS = 10;
const IDLE_SECONDS = 10;
/** Hellos in flight per load generator while the fleet connects. */
const CONNECT_CONCURRENCY = 50;
const OSMAND_CONNECTIONS = 32;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The OsmAnd floor: the same rate of messages on the ingest port, CPU counted after WARM_SECONDS. */
async function osmandPhase(node: BenchNode): Promise<Results['osmand']> {
  const child = fork(new URL('./osmand.ts', import.meta.url).pathname, [], { execArgv: process.execArgv });
  const { next, ask } = childMessages<OsmandOrder, OsmandReport>(child);
  child.send({ type: 'start', port: node.ingestPort, rate: framesPerSecond(WATCHES), seconds: WARM_SECONDS + SECONDS + 1, devices: WATCHES, connections: OSMAND_CONNECTIONS } satisfies OsmandOrder);
  await sleep(WARM_SECONDS * 1000);
  const [c0, u0] = await Promise.all([ask({ type: 'counts' }), node.usage()]);
  const began = performance.now();
  await sleep(SECONDS * 1000);
  const [c1, u1] = await Promise.all([ask({ type: 'counts' }), node.usage()]);
  const seconds = (performance.now() - began) / 1000;
  const done = await next();
  const statuses = Object.fromEntries(Object.entries(c1.statuses).map(([k, v]) => [k, v - (c0.statuses[k] ?? 0)]));
  return { seconds: Math.round(seconds), messages: c1.answered - c0.answered, statuses, late: done.late, lost: done.lost, cpuSeconds: u1.cpuSeconds - u0.cpuSeconds, generatorCpuSeconds: done.cpuSeconds };
}

const scratch = await createScratchDatabase(BENCH_DATABASE_URL);
const nodes: BenchNode[] = [];
let generators: Generators | undefined;
try {
  const first = await startNode(scratch.url, 'first');
  nodes.push(first);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  const db = database.db;
  try {
    console.log(`Seeding ${WATCHES} watches…`);
    const deviceIds = await seedWatches(db, WATCHES);
    const token = (await tokensFor(first.url, 'staff', DEMO_PASSWORD)).access_token;

    console.log(`OsmAnd: ${framesPerSecond(WATCHES).toFixed(0)} messages/s for ${WARM_SECONDS} + ${SECONDS} s…`);
    const osmand = await osmandPhase(first);

    const before = await first.usage(true);
    console.log(`Connecting ${WATCHES} watches from ${GENERATORS} processes…`);
    generators = startGenerators(WATCHES, GENERATORS);
    const connected = await generators.connect(first.watchPort, CONNECT_CONCURRENCY);
    const sessions = Number((await db.selectFrom('device_connections').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const afterConnect = await first.usage(true);
    console.log(`Connected ${connected.ok} in ${connected.seconds.toFixed(1)} s; ${IDLE_SECONDS} s idle…`);

    const i0 = await first.usage();
    await sleep(IDLE_SECONDS * 1000);
    const i1 = await first.usage();

    console.log(`Steady load for ${WARM_SECONDS} + ${SECONDS} s…`);
    generators.go(now() + 500);
    await sleep(500 + WARM_SECONDS * 1000);
    const [w0, u0] = await Promise.all([generators.counts(), first.usage()]);
    const began = performance.now();
    await sleep(SECONDS * 1000);
    const [w1, u1] = await Promise.all([generators.counts(), first.usage()]);
    const loadSeconds = (performance.now() - began) / 1000;
    const loaded = await first.usage(true);

    console.log(`Locate now: ${LOCATES} requests on the node holding the watches…`);
    const local = await locateNow(first.url, token, deviceIds, generators, 0);
    console.log(`Locate now: ${LOCATES} requests on a second node…`);
    const second = await startNode(scratch.url, 'second', first.url);
    nodes.push(second);
    const remote = await locateNow(second.url, token, deviceIds, generators, Math.max(1, Math.floor(WATCHES / (2 * LOCATES))));
    const located = await first.usage(true);
    const last = await generators.stop();
    generators = undefined;

    printReport({
      watches: WATCHES,
      generators: GENERATORS,
      addresses: Math.ceil(WATCHES / PER_ADDRESS),
      connected,
      sessions,
      memory: { before, connected: afterConnect, loaded, located },
      idle: { seconds: IDLE_SECONDS, cpuSeconds: i1.cpuSeconds - i0.cpuSeconds },
      watchLoad: { seconds: Math.round(loadSeconds), fixes: w1.fixes - w0.fixes, heartbeats: w1.heartbeats - w0.heartbeats, echoes: w1.echoes - w0.echoes, cpuSeconds: u1.cpuSeconds - u0.cpuSeconds, closed: last.closed, generatorCpuSeconds: last.cpuSeconds },
      osmand,
      locate: { local, remote },
    });
  } finally {
    await database.close();
  }
} finally {
  await generators?.stop();
  for (const node of nodes.reverse()) await node.stop();
  await untilUnused(scratch.url);
  await scratch.drop();
}
