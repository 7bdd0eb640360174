// One of bench/history's API servers, in a process of its own (server.ts) on the database given:
// tells its URL and ingest port, records the SQL it issues between `capture` and `captured`
// (the reads' floors), and closes on `stop`.
import { loadConfig } from '../../server/config';
import { createServer } from '../../server/app';
import { freePort, startCapture } from '../support/from-tests';
import type { ServerReply, ServerRequest } from './server';

const databaseUrl = process.argv[2]!;
const port = await freePort();
const config = loadConfig({}, { databaseUrl, port, host: '127.0.0.1', publicUrl: `http://127.0.0.1:${port}`, ingestPort: 0, watchPort: -1, eviewPort: -1, seedDemo: false, buildWeb: false, logLevel: 'warn', dataDir: 'memory://' });
const server = await createServer(config);
await server.app.listen({ port, host: '127.0.0.1' });
const reply = (m: ServerReply) => process.send!(m);
let capture: ReturnType<typeof startCapture> | undefined;
process.on('message', async (m: ServerRequest) => {
  if (m.type === 'capture') {
    capture = startCapture('postgres');
    reply({ type: 'capturing' });
  } else if (m.type === 'captured') {
    reply({ type: 'statements', statements: capture?.stop() ?? [] });
    capture = undefined;
  } else {
    await server.close();
    process.exit(0);
  }
});
reply({ type: 'listening', url: config.publicUrl, ingestPort: config.ingestPort });
