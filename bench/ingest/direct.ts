// BENCH_NODES API nodes without the supervisor: the first in the orchestrator's own process, the
// others each a process of its own (node.ts) with its own ingest port, all on one database.
// `overrides` go into every node's configuration (bench/alarms: the push and SMTP stand-ins).
import { fork } from 'node:child_process';
import { loadConfig, type Config } from '../../server/config';
import { createServer } from '../../server/app';
import { freePort } from '../support/from-tests';
import type { BenchApi } from './api';

export async function startDirect(databaseUrl: string, nodes: number, overrides: Partial<Config> = {}): Promise<BenchApi> {
  const port = await freePort();
  const config = loadConfig({}, { databaseUrl, port, host: '127.0.0.1', publicUrl: `http://127.0.0.1:${port}`, ingestPort: 0, watchPort: -1, eviewPort: -1, seedDemo: false, buildWeb: false, logLevel: 'warn', dataDir: 'memory://', ...overrides });
  const server = await createServer(config);
  await server.app.listen({ port, host: '127.0.0.1' });
  const others = await Promise.all(
    Array.from({ length: nodes - 1 }, async () => {
      const child = fork(new URL('./node.ts', import.meta.url).pathname, [databaseUrl, JSON.stringify(overrides)], { execArgv: process.execArgv });
      const { ingestPort } = await new Promise<{ ingestPort: number }>((resolve, reject) => {
        child.once('message', (m) => resolve(m as { ingestPort: number }));
        child.once('error', reject);
      });
      return { child, ingestPort };
    }),
  );
  let cpuBefore = process.cpuUsage();
  return {
    name: `API nodes ${nodes}`,
    db: server.database.db,
    ingestPorts: [config.ingestPort, ...others.map((o) => o.ingestPort)],
    startCpu() {
      cpuBefore = process.cpuUsage();
      for (const o of others) o.child.send('start');
    },
    async cpu() {
      // The first node shares its process with the orchestrator, which only waits during the load.
      const own = process.cpuUsage(cpuBefore);
      const first = { label: 'node 1', seconds: (own.user + own.system) / 1e6, kernelSeconds: own.system / 1e6 };
      const rest = await Promise.all(
        others.map(
          (o, k) =>
            new Promise<{ label: string; seconds: number }>((resolve) => {
              o.child.once('message', (m) => resolve({ label: `node ${k + 2}`, seconds: (m as { cpuSeconds: number }).cpuSeconds }));
              o.child.send('stop');
            }),
        ),
      );
      return [first, ...rest];
    },
    stop: () => server.close(),
  };
}
