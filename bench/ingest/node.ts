// A further API node for `BENCH_NODES=2`: its own process (its own Node thread), the same
// database, its own ingest port. Tells the orchestrator the port, and its CPU when told to stop.
import { loadConfig, type Config } from '../../server/config';
import { createServer } from '../../server/app';
import { freePort } from '../support/from-tests';

const databaseUrl = process.argv[2]!;
const overrides = JSON.parse(process.argv[3] ?? '{}') as Partial<Config>;
const port = await freePort();
const config = loadConfig({}, { databaseUrl, port, host: '127.0.0.1', publicUrl: `http://127.0.0.1:${port}`, ingestPort: 0, watchPort: -1, eviewPort: -1, seedDemo: false, buildWeb: false, logLevel: 'warn', dataDir: 'memory://', ...overrides });
const server = await createServer(config);
await server.app.listen({ port, host: '127.0.0.1' });
let cpuBefore = process.cpuUsage();
process.on('message', async (m: string) => {
  if (m === 'start') {
    cpuBefore = process.cpuUsage();
    return;
  }
  const cpu = process.cpuUsage(cpuBefore);
  await server.close();
  process.send!({ cpuSeconds: (cpu.user + cpu.system) / 1e6 }, () => process.exit(0));
});
process.send!({ ingestPort: config.ingestPort });
