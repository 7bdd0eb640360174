// The paced sender, a process of its own (as bench/ingest/client.ts, so it does not share the
// server's event loop): `watches` watches from index `first` each send one fix a second, spread
// evenly over the second, on `connections` keep-alive connections, for `seconds` seconds. Open
// loop: a fix's latency counts from when it was due, so a stall also counts for the fixes that
// queued behind it (no coordinated omission). Reports, per fix, when it was due and answered.
import net from 'node:net';
import { onAnswers } from '../ingest/answers';
import { fixOf, queryOf } from '../ingest/plan';

const port = Number(process.argv[2]);
const first = Number(process.argv[3]);
const watches = Number(process.argv[4]);
const seconds = Number(process.argv[5]);
const connections = Math.min(watches, Number(process.argv[6] ?? 100));

export interface PaceResult {
  /** Wall clock ms when each fix was due, and when its answer arrived (NaN: never). */
  due: number[];
  answered: number[];
  statuses: Record<string, number>;
}

const wall = () => performance.timeOrigin + performance.now();
// Whole seconds, so each watch's fix times (in seconds, as OsmAnd sends them) are one apart.
const t0 = Math.ceil(wall() / 1000) * 1000 + 500;
const due: number[] = [];
const answered: number[] = [];
const statuses: Record<string, number> = {};

/** One connection's fixes in due order: watches c, c + connections, …, each once a second. */
function schedule(c: number): { at: number; request: string; slot: number }[] {
  const jobs: { at: number; request: string; slot: number }[] = [];
  for (let s = 0; s < seconds; s++) {
    for (let w = c; w < watches; w += connections) {
      const at = t0 + s * 1000 + Math.floor((w * 1000) / watches);
      const request = `POST ${queryOf({ ...fixOf(first + w, 0, 0), time: at })} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`;
      jobs.push({ at, request, slot: due.push(at) - 1 });
      answered.push(Number.NaN);
    }
  }
  return jobs;
}

function connection(jobs: { at: number; request: string; slot: number }[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    let next = 0;
    const sendNext = () => {
      if (next >= jobs.length) {
        socket.end();
        return resolve();
      }
      const wait = jobs[next]!.at - wall();
      if (wait > 0) return void setTimeout(sendNext, wait);
      socket.write(jobs[next]!.request);
    };
    socket.on('connect', sendNext);
    socket.on('error', reject);
    onAnswers(socket, (status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      answered[jobs[next]!.slot] = wall();
      next++;
      sendNext();
    });
  });
}

const plans = Array.from({ length: connections }, (_, c) => schedule(c));
process.send!({ ready: true });
await Promise.all(plans.map(connection));
process.send!({ due, answered, statuses } satisfies PaceResult);
