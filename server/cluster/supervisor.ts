import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config';
import type { Logger } from 'pino';
import { serveClusterMetrics } from './metrics';
import { readyBanner } from './banner';
import { SLOT_ENV, isWorkerReady } from './messages';

/** Wait before replacing a dead worker; doubles while its replacements keep dying soon after start. */
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A worker that ran this long was healthy: its slot's next replacement waits FIRST_DELAY_MS again. */
const HEALTHY_RUN_MS = 60_000;
/** On shutdown, workers still running this long after SIGTERM are killed. */
const STOP_LIMIT_MS = 10_000;

/** A place for one API worker; a dead worker's replacement takes the same slot (and its background work). */
interface Slot {
  number: number;
  worker?: Worker;
  startedAt: number;
  delay: number;
}


/**
 * `npm start`'s primary process: forks config.apiWorkers API workers (node:cluster; they share
 * PORT and INGEST_PORT, the primary deals connections out round robin), replaces a worker that
 * dies and stops them all on SIGINT or SIGTERM. Workers start one at a time, each once the one
 * before reports ready, so migrations, table syncs and seeding never run in two processes at once.
 */
export function runSupervisor(config: Config, startedAt: number, log: Logger): void {
  const say = (line: string) => log.info(`supervisor: ${line}`);
  const warn = (line: string) => log.warn(`supervisor: ${line}`);
  serveClusterMetrics(config, log);
  if (!config.databaseUrl && Number(process.env.API_WORKERS) > 1) {
    say(`API_WORKERS=${process.env.API_WORKERS} ignored: the embedded database (PGlite) lives in one process, so one API worker serves. Set DATABASE_URL to run more.`);
  }
  const slots: Slot[] = Array.from({ length: config.apiWorkers }, (_, i) => ({ number: i + 1, startedAt: 0, delay: FIRST_DELAY_MS }));
  const queue: Slot[] = [...slots];
  const timers = new Set<NodeJS.Timeout>();
  let starting: Slot | undefined;
  let served = false;
  let stopping = false;

  const startNext = () => {
    if (stopping || starting) return;
    const slot = queue.shift();
    if (!slot) return;
    starting = slot;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ [SLOT_ENV]: String(slot.number) });
    slot.worker = worker;
    worker.on('message', (message: unknown) => {
      if (!isWorkerReady(message) || starting !== slot) return;
      starting = undefined;
      if (!served) {
        served = true;
        log.info(readyBanner(config, (Date.now() - startedAt) / 1000, message.notes));
      } else {
        say(`worker ${slot.number} (pid ${worker.process.pid}) ready`);
      }
      startNext();
    });
    worker.on('exit', (code, signal) => replace(slot, worker, code, signal));
  };

  const replace = (slot: Slot, worker: Worker, code: number | null, signal: string | null) => {
    if (slot.worker !== worker) return;
    slot.worker = undefined;
    if (starting === slot) starting = undefined;
    if (stopping) return;
    // A start that never served (a failed migration, a database that is not there) ends `npm start`,
    // as it did before there were workers; the worker has printed why.
    if (!served) {
      warn(`worker ${slot.number} (pid ${worker.process.pid}) stopped with ${signal ? `signal ${signal}` : `code ${code}`} before serving; stopping`);
      return void stopAll('start failed', 1);
    }
    if (Date.now() - slot.startedAt >= HEALTHY_RUN_MS) slot.delay = FIRST_DELAY_MS;
    const delay = slot.delay;
    slot.delay = Math.min(delay * 2, MAX_DELAY_MS);
    warn(`worker ${slot.number} (pid ${worker.process.pid}) died with ${signal ? `signal ${signal}` : `code ${code}`}; starting a new one in ${delay / 1000} s`);
    const timer = setTimeout(() => {
      timers.delete(timer);
      queue.push(slot);
      startNext();
    }, delay);
    timers.add(timer);
    startNext();
  };

  // Each worker closes its server on SIGTERM (answering what is in flight); then the primary ends.
  const stopAll = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    const running = slots.flatMap((s) => (s.worker && !s.worker.isDead() ? [s.worker] : []));
    if (running.length) say(`${reason}: stopping ${running.length} worker${running.length === 1 ? '' : 's'}`);
    const exited = running.map((w) => new Promise((resolve) => (w.isDead() ? resolve(null) : w.once('exit', resolve))));
    for (const w of running) w.process.kill('SIGTERM');
    const limit = setTimeout(() => {
      warn(`workers still running after ${STOP_LIMIT_MS / 1000} s; killing them`);
      for (const w of running) if (!w.isDead()) w.process.kill('SIGKILL');
    }, STOP_LIMIT_MS);
    await Promise.all(exited);
    clearTimeout(limit);
    process.exit(exitCode);
  };
  // `on`, not `once`: a second signal (Ctrl-C twice, or a group kill relayed by tsx) must not end
  // the primary before its workers; the 10 s limit still holds.
  process.on('SIGINT', () => void stopAll('SIGINT', 0));
  process.on('SIGTERM', () => void stopAll('SIGTERM', 0));

  startNext();
}
