// A bench:watches load generator, a process of its own holding its share of the watches' sockets
// (a process may hold 20,000 open files here). Each watch binds its socket to its loopback source
// address (plan.ts: at most 450 a address, under the server's per-address limit), says hello with a
// heartbeat and waits for its answer; on `go`, it sends a fix every minute and a heartbeat every 5,
// spread evenly over the fleet. A "locate now" (CR) is answered with the echo, as a watch does, and
// reported to the orchestrator with the time it was read.
import net from 'node:net';
import { WatchFramer } from '../../server/protocols/watch/framer';
import { now } from '../ingest/fleet';
import { report, watchFrame } from '../support/from-tests';
import { FIX_EVERY_MS, HEARTBEAT_EVERY_MS, phasesOf, placeOf, protocolIdOf, sourceAddressOf } from './plan';
import type { WatchCounts, WatchOrder, WatchReport } from './messages';

/** A hello not answered within this long counts as a failed connection. */
const HELLO_MS = 30_000;

interface Watch {
  index: number;
  id: string;
  socket: net.Socket;
  up: boolean;
}

const watches: Watch[] = [];
const counts: Omit<WatchCounts, 'cpuSeconds'> = { fixes: 0, heartbeats: 0, echoes: 0, closed: 0 };
const timers: NodeJS.Timeout[] = [];
const send = (m: WatchReport) => process.send!(m);

function heartbeat(w: Watch): void {
  counts.heartbeats++;
  w.socket.write(watchFrame(w.id, 'LK,10,0,90'), 'latin1');
}

let sentFixes = 0;
function fix(w: Watch): void {
  counts.fixes++;
  w.socket.write(watchFrame(w.id, report('UD', { ...placeOf(w.index, sentFixes++), battery: 80 })), 'latin1');
}

/** Opens watch i's connection and says hello; resolves once the server answered it, with why not otherwise. */
function connect(port: number, index: number): Promise<string | null> {
  return new Promise((resolve) => {
    const id = protocolIdOf(index);
    const framer = new WatchFramer(64 * 1024);
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: sourceAddressOf(index), noDelay: true });
    const w: Watch = { index, id, socket, up: false };
    const timer = setTimeout(() => settle('no answer to the hello'), HELLO_MS);
    function settle(problem: string | null): void {
      clearTimeout(timer);
      if (problem === null) {
        w.up = true;
        watches.push(w);
      } else socket.destroy();
      resolve(problem);
    }
    socket.on('connect', () => heartbeat(w));
    socket.on('data', (chunk: Buffer) => {
      for (const bytes of framer.push(chunk)) {
        const frame = Buffer.from(bytes).toString('latin1');
        if (!w.up && frame.endsWith('*LK]')) settle(null);
        else if (frame.endsWith('*CR]')) {
          send({ type: 'cr', watch: index, at: now() });
          counts.echoes++;
          w.socket.write(watchFrame(id, 'CR'), 'latin1');
        }
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!w.up) settle(err.code ?? err.message);
    });
    socket.on('close', () => {
      if (w.up) counts.closed++;
      else settle('closed by the server');
    });
  });
}

async function connectAll(port: number, first: number, count: number, concurrency: number): Promise<void> {
  const began = performance.now();
  const failed: Record<string, number> = {};
  let next = first;
  const worker = async () => {
    while (next < first + count) {
      const problem = await connect(port, next++);
      if (problem) failed[problem] = (failed[problem] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  send({ type: 'connected', ok: watches.length, failed, seconds: (performance.now() - began) / 1000 });
}

/** Every watch's fixes and heartbeats from `start` on, each at its own phase of the period (wall clock). */
function go(start: number, total: number): void {
  const at = (when: number, period: number, action: () => void) => {
    timers.push(
      setTimeout(() => {
        action();
        timers.push(setInterval(action, period));
      }, Math.max(0, when - now())),
    );
  };
  for (const w of watches) {
    const phases = phasesOf(w.index, total, start);
    at(phases.fix, FIX_EVERY_MS, () => fix(w));
    at(phases.heartbeat, HEARTBEAT_EVERY_MS, () => heartbeat(w));
  }
}

process.on('message', (order: WatchOrder) => {
  if (order.type === 'connect') void connectAll(order.port, order.first, order.count, order.concurrency);
  else if (order.type === 'go') go(order.start, order.watches);
  else {
    if (order.type === 'stop') {
      for (const t of timers) clearTimeout(t);
      for (const w of watches) w.socket.destroy();
    }
    const cpu = process.cpuUsage();
    process.send!({ type: 'counts', ...counts, cpuSeconds: (cpu.user + cpu.system) / 1e6 } satisfies WatchReport, () => order.type === 'stop' && process.disconnect());
  }
});
