// bench:watches' OsmAnd load generator, a process of its own: the same number of messages a second
// as the watches send, posted to the ingest port as Traccar Client does (a query, no body), over
// keep-alive connections with one request in flight each, paced by the clock. Device k of the fleet
// posts every devices/rate seconds, so each sends about as often as a watch reports.
import net from 'node:net';
import { onAnswers } from '../ingest/answers';
import { queryOf } from '../ingest/plan';
import { imeiOf, placeOf } from './plan';
import type { OsmandCounts, OsmandOrder, OsmandReport } from './messages';

const counts: Omit<OsmandCounts, 'cpuSeconds'> = { sent: 0, answered: 0, lost: 0, statuses: {}, late: 0 };
const send = (m: OsmandReport) => process.send!(m);
const withCpu = (): OsmandCounts => {
  const cpu = process.cpuUsage();
  return { ...counts, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
};

function request(k: number, devices: number): string {
  const i = k % devices;
  const place = placeOf(i, Math.floor(k / devices));
  const q = queryOf({ imei: imeiOf(i), ...place, time: Date.now(), accuracy: 8, battery: 80, confirming: false });
  return `POST ${q} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`;
}

async function run(order: Extract<OsmandOrder, { type: 'start' }>): Promise<void> {
  // Taken in turn (first in, first out), so that none sits idle long enough for the server to close it.
  const free: net.Socket[] = [];
  const busy = new Set<net.Socket>();
  const all: net.Socket[] = [];
  let due = 0;
  const started = performance.now();
  const end = started + order.seconds * 1000;
  const pump = () => {
    while (counts.sent < due && free.length) {
      const socket = free.shift()!;
      busy.add(socket);
      socket.write(request(counts.sent++, order.devices));
    }
  };
  await Promise.all(
    Array.from(
      { length: order.connections },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = net.connect({ host: '127.0.0.1', port: order.port, noDelay: true }, () => {
            free.push(socket);
            resolve();
          });
          all.push(socket);
          socket.on('error', reject);
          // A connection the server closed is not used again; a request it carried is lost.
          socket.on('close', () => {
            const at = free.indexOf(socket);
            if (at >= 0) free.splice(at, 1);
            if (busy.delete(socket)) counts.lost++;
          });
          onAnswers(socket, (status) => {
            counts.answered++;
            counts.statuses[status] = (counts.statuses[status] ?? 0) + 1;
            busy.delete(socket);
            free.push(socket);
            pump();
          });
        }),
    ),
  );
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const t = performance.now();
      due = Math.floor((Math.min(t, end) - started) * (order.rate / 1000));
      pump();
      counts.late = Math.max(counts.late, due - counts.sent);
      if (t >= end && (counts.answered + counts.lost >= counts.sent || free.length + busy.size === 0)) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });
  for (const socket of all) socket.destroy();
  process.send!({ type: 'done', ...withCpu() } satisfies OsmandReport, () => process.disconnect());
}

process.on('message', (order: OsmandOrder) => {
  if (order.type === 'start') void run(order);
  else send({ type: 'counts', ...withCpu() });
});
