// The server under test, in its own process (its own event loop, as in production): in-memory
// PGlite with the demo data and BENCH_WATCHES extra watches for the ingest stream. Admission is
// on unless the orchestrator passes ADMISSION=off. Tells the orchestrator its ports; exits when told.
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../server/config';
import { createServer } from '../../server/app';
import { DEMO_TENANT } from '../../server/seed/demo';
import { freePort } from '../support/from-tests';
import { watchImei, type ServerReady } from './shared';

const watches = Number(process.argv[2] ?? 20);
const port = await freePort();
// The embedded database even where DATABASE_URL is set (its defaults, admission's too, follow it).
const config = loadConfig({ ...process.env, DATABASE_URL: '' }, {
  port,
  host: '127.0.0.1',
  publicUrl: `http://127.0.0.1:${port}`,
  dataDir: 'memory://',
  seedDemo: true,
  buildWeb: false,
  ingestPort: 0,
  watchPort: -1,
  eviewPort: -1,
  logLevel: 'warn',
  // The probes sign in every few seconds, far above the per-login limit meant for guessing.
  signInLimit: { perIp: 100_000, perLogin: 100_000, windowSeconds: 300 },
});
const server = await createServer(config);
const { db } = server.database;
const tenant = await db.selectFrom('tenants').select('id').where('name', '=', DEMO_TENANT).executeTakeFirstOrThrow();
await db
  .insertInto('devices')
  .values(Array.from({ length: watches }, (_, i) => ({ id: randomUUID(), tenant_id: tenant.id, name: `Bench watch ${i}`, imei: watchImei(i), model: 'watch4', concurrency_stamp: randomUUID() })))
  .execute();
await server.app.listen({ port, host: '127.0.0.1' });

process.on('message', () => {
  void server.close().finally(() => process.exit(0));
});
const ready: ServerReady = { url: config.publicUrl, ingestPort: config.ingestPort, admission: config.admission.enabled };
process.send!(ready);
