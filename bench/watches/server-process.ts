// One API node of bench:watches, in a process of its own (its own event loop, heap and CPU count,
// as in production): `first` listens on a watch port and the OsmAnd ingest port and seeds the demo
// users (the staff member whose token asks for "locate now"); `second` is another node on the same
// database with a watch port that holds no connection, where the command is made in the last phase.
// Tells its ports, then answers usage questions (memory after a full GC when asked, CPU, open files).
import { readdirSync, readFileSync } from 'node:fs';
import { loadConfig } from '../../server/config';
import { createServer } from '../../server/app';
import { freePort } from '../support/from-tests';
import type { ServerReply, ServerRequest, ServerUsage } from './messages';

const [databaseUrl, role, firstUrl] = process.argv.slice(2) as [string, 'first' | 'second', string | undefined];
const first = role === 'first';
const port = await freePort();
const config = loadConfig(
  {},
  {
    databaseUrl,
    port,
    host: '127.0.0.1',
    // Tokens are checked against the issuer: every node has the first's public URL.
    publicUrl: firstUrl ?? `http://127.0.0.1:${port}`,
    ingestPort: first ? 0 : -1,
    watchPort: 0,
    eviewPort: -1,
    seedDemo: first,
    buildWeb: false,
    logLevel: 'warn',
    dataDir: 'memory://',
  },
);
const server = await createServer(config);
await server.app.listen({ port, host: '127.0.0.1' });

/** The open-files limit this process runs under (Node raises the soft limit to the hard one at start where it can). */
function fdLimit(): { soft: string; hard: string } {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files')) ?? '';
  const [soft = '?', hard = '?'] = line.slice('Max open files'.length).trim().split(/\s+/);
  return { soft, hard };
}

function usage(): ServerUsage {
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external, cpuSeconds: (cpu.user + cpu.system) / 1e6, fds: readdirSync('/proc/self/fd').length, fdLimit: fdLimit() };
}

const reply = (m: ServerReply) => process.send!(m);
process.on('message', async (m: ServerRequest) => {
  if (m.type === 'usage') {
    // Twice: the first collection leaves what finalizers freed for the second.
    if (m.gc && globalThis.gc) {
      globalThis.gc();
      globalThis.gc();
    }
    reply({ type: 'usage', ...usage() });
    return;
  }
  await server.close();
  process.exit(0);
});
reply({ type: 'ready', url: `http://127.0.0.1:${port}`, ingestPort: config.ingestPort, watchPort: config.watchPort });
