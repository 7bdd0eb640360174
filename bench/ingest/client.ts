// The load generator, a process of its own so it does not share the server's event loop: sends
// every round of every device over keep-alive HTTP with CONCURRENCY requests in flight, and
// reports when each confirming fix was sent (wall clock, for the alarm latency).
import http from 'node:http';
import { DEVICES, ROUNDS, fixOf, queryOf } from './plan';

const port = Number(process.argv[2]);
const start = Number(process.argv[3]);
const concurrency = Number(process.argv[4] ?? 64);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function send(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const jobs: { path: string; device: number; confirming: boolean }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < DEVICES; i++) {
    const f = fixOf(i, round, start);
    jobs.push({ path: queryOf(f), device: i, confirming: f.confirming });
  }
}

const statuses: Record<string, number> = {};
const confirmingSent: Record<number, number> = {};
let next = 0;
const began = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const sentAt = performance.timeOrigin + performance.now();
      const status = await send(job.path);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (job.confirming) confirmingSent[job.device] = sentAt;
    }
  }),
);
const seconds = (performance.now() - began) / 1000;
process.send!({ seconds, requests: jobs.length, statuses, confirmingSent });
agent.destroy();
