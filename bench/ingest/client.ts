// The load generator, a process of its own so it does not share the server's event loop: sends
// every round of every device over keep-alive HTTP/1.1 connections, CONCURRENCY requests in
// flight (one per connection, as that many watches would), and reports when each confirming fix
// was sent (wall clock, for the alarm latency). It writes requests and reads answers on raw
// sockets, as wrk does: node's HTTP client spent more CPU per request than the server's ingest
// path, and on this 2-core machine that CPU is taken from the server it measures.
import net from 'node:net';
import { onAnswers } from './answers';
import { DEVICES, ROUNDS, fixOf, queryOf } from './plan';

/** The API nodes' ingest ports (comma separated); connection k goes to port k modulo their number. */
const ports = process.argv[2]!.split(',').map(Number);
const start = Number(process.argv[3]);
const concurrency = Number(process.argv[4] ?? 64);
/**
 * Sticky: connection k carries watches k, k + concurrency, … for every round, as a watch keeps its
 * own keep-alive connection (and so its API worker). Otherwise every connection takes the next
 * fix of one shared queue, and a watch's fixes arrive over any connection.
 */
const sticky = process.argv[5] === 'sticky';

interface Job {
  request: string;
  device: number;
  confirming: boolean;
}
const queues: { jobs: Job[]; next: number }[] = Array.from({ length: sticky ? concurrency : 1 }, () => ({ jobs: [], next: 0 }));
let requests = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < DEVICES; i++) {
    const f = fixOf(i, round, start);
    queues[sticky ? i % concurrency : 0]!.jobs.push({ request: `POST ${queryOf(f)} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`, device: i, confirming: f.confirming });
    requests++;
  }
}

const statuses: Record<string, number> = {};
const confirmingSent: Record<number, number> = {};

/** One connection: a request, its whole answer (status line, headers, Content-Length body), the next. */
function connection(port: number, queue: { jobs: Job[]; next: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    const sendNext = () => {
      if (queue.next >= queue.jobs.length) {
        socket.end();
        return resolve();
      }
      const job = queue.jobs[queue.next++]!;
      if (job.confirming) confirmingSent[job.device] = performance.timeOrigin + performance.now();
      socket.write(job.request);
    };
    socket.on('connect', sendNext);
    socket.on('error', reject);
    onAnswers(socket, (status) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      sendNext();
    });
  });
}

const began = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: concurrency }, (_, k) => connection(ports[k % ports.length]!, queues[sticky ? k : 0]!)));
const seconds = (performance.now() - began) / 1000;
const cpu = process.cpuUsage(cpuBefore);
process.send!({ seconds, requests, statuses, confirmingSent, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
