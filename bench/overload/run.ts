/**
 * Overload bench: the embedded database (PGlite, in memory, demo data), BENCH_CLIENTS (150)
 * back-office clients paging the device list for BENCH_SECONDS (60), while a carer signs in as a
 * browser does and refreshes the token, discovery is fetched every second and watches post
 * BENCH_INGEST_RATE (20) OsmAnd messages a second to the ingest port. Run twice, with admission
 * control and with ADMISSION=off, and printed side by side with each run's idle floor (the same
 * calls on the idle server). Not a timed test. Run: npm run bench:overload
 */
import { fork, type ChildProcess } from 'node:child_process';
import { tokensFor } from '../support/from-tests';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { discovery, ingest, listPage, loop, signInAndRefresh, stream } from './probes';
import { printReport, type RunResult } from './report';
import { emptySamples, type LoadOrder, type Samples, type ServerReady } from './shared';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 150);
const INGEST_RATE = Number(process.env.BENCH_INGEST_RATE ?? 20);
/** Twice the rate in watches: each sends one message every 2 s, within the ingest's per-watch limit. */
const WATCHES = INGEST_RATE * 2;

const child = (file: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  fork(new URL(file, import.meta.url).pathname, args, { execArgv: process.execArgv, env });
const nextMessage = <T>(proc: ChildProcess) => new Promise<T>((resolve) => proc.once('message', (m) => resolve(m as T)));
const exited = (proc: ChildProcess) => new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : proc.once('exit', () => resolve())));

async function sequentially(times: number, step: () => Promise<void>): Promise<void> {
  for (let i = 0; i < times; i++) await step();
}

async function runOnce(admission: boolean): Promise<RunResult> {
  const server = child('./server.ts', [String(WATCHES)], { ...process.env, ADMISSION: admission ? 'on' : 'off' });
  try {
    const ready = await nextMessage<ServerReady>(server);
    const { url, ingestPort } = ready;
    const token = (await tokensFor(url, 'admin', DEMO_PASSWORD)).access_token;

    // The floor: the same calls one at a time on the idle server.
    const floor = { list: emptySamples(), signIn: emptySamples(), discovery: emptySamples(), ingest: emptySamples() };
    await sequentially(30, () => listPage(url, token, floor.list));
    await sequentially(10, () => discovery(url, floor.discovery));
    await sequentially(WATCHES, async () => ingest(ingestPort, floor.ingest.ok.length, floor.ingest));
    await sequentially(3, () => signInAndRefresh(url, floor.signIn, emptySamples()));

    const crowd = child('./load.ts', []);
    const order: LoadOrder = { url, token, clients: CLIENTS, seconds: SECONDS };
    const crowdDone = nextMessage<Samples>(crowd);
    crowd.send(order);
    const until = Date.now() + SECONDS * 1000;
    const under = { signIn: emptySamples(), refresh: emptySamples(), discovery: emptySamples(), ingest: emptySamples() };
    // A second for the crowd to arrive, then the probes.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await Promise.all([
      loop(1000, until, () => signInAndRefresh(url, under.signIn, under.refresh)),
      stream(1000, until, () => discovery(url, under.discovery)),
      stream(1000 / INGEST_RATE, until, (i) => ingest(ingestPort, i % WATCHES, under.ingest)),
    ]);
    const list = await crowdDone;
    await exited(crowd);
    return { admission, seconds: SECONDS, clients: CLIENTS, floor, list, ...under };
  } finally {
    server.send('stop');
    await exited(server);
  }
}

console.log(`Overload bench on PGlite: ${CLIENTS} clients paging the device list for ${SECONDS} s, with and without admission control…`);
const results: RunResult[] = [];
for (const admission of [true, false]) {
  console.log(`  run ${admission ? 'with' : 'without'} protection…`);
  results.push(await runOnce(admission));
}
printReport(results, INGEST_RATE);
