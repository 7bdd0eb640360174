import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { createServer } from '../../server/app';
import { freePort, startServer, type TestServer } from '../support/server';
import { signIn } from '../support/sign-in';
import { PrivatePostgres, postgresBin } from '../support/private-postgres';
import { byStatus, lostPositions, seedFleet, startLoad, waitUntil, type LoadReport } from '../support/fault-load';

/**
 * PostgreSQL restarted under ingest and API load (`pg_ctl restart -m fast`, then `-m immediate`),
 * on a cluster the test starts itself: the server never dies, answers 503 while the database is
 * away, works again within 5 s of it being back, and keeps every position it acknowledged.
 */
describe.skipIf(!postgresBin())('a PostgreSQL restart', () => {
  let cluster: PrivatePostgres;
  let server: TestServer;
  let report: LoadReport;
  const recoveries: { mode: string; ms: number }[] = [];

  beforeAll(async () => {
    cluster = await PrivatePostgres.create();
    await cluster.start();
    server = await startServer(cluster.url, { ingestPort: 0 });
    const fleet = await seedFleet(server.database.db, 100);
    const { tokens } = await signIn(server.url, 'caregiver', 'Demo-Pass-2026');
    const token = tokens!.access_token;
    const load = startLoad({ ingestUrl: `http://127.0.0.1:${server.config.ingestPort}`, apiUrl: server.url, apiPath: '/api/app/tracking/alarms', token, fleet, rate: 150, apiClients: 3 });
    const ready = async () => ((await (await fetch(`${server.url}/health`)).json()) as { status: string }).status === 'ready';
    for (const mode of ['fast', 'immediate'] as const) {
      await new Promise((r) => setTimeout(r, 1000));
      await cluster.restart(mode);
      recoveries.push({ mode, ms: await waitUntil(ready, 10_000) });
    }
    await new Promise((r) => setTimeout(r, 1000));
    report = await load.stop();
    const acknowledged = [...report.acknowledged.values()].reduce((n, l) => n + l.length, 0);
    console.log(`restarts ${JSON.stringify(recoveries)}: ingest sent ${report.sent}, acknowledged ${acknowledged}, answers ${JSON.stringify(byStatus(report.ingest))}; api ${JSON.stringify(byStatus(report.api))}`);
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it('answers only 200 or 503 throughout, and 503 while the database restarts', () => {
    expect(Object.keys(byStatus(report.ingest)).sort()).toEqual(['200', '503']);
    expect(Object.keys(byStatus(report.api)).sort()).toEqual(['200', '503']);
  });

  it('is ready again within 5 s of each restart', () => {
    for (const r of recoveries) expect(r.ms, r.mode).toBeLessThan(5000);
  });

  it('keeps every position it acknowledged', async () => {
    expect(report.acknowledged.size).toBeGreaterThan(0);
    expect(await lostPositions(server.database.db, report.acknowledged)).toBe(0);
  });
});

describe.skipIf(!postgresBin())('a PostgreSQL that is not up yet at start', () => {
  it('is waited for with a clear log line, and the server starts once it is up', async () => {
    const cluster = await PrivatePostgres.create();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const port = await freePort();
      const config = loadConfig({}, { port, host: '127.0.0.1', publicUrl: `http://127.0.0.1:${port}`, databaseUrl: cluster.url, seedDemo: false, buildWeb: false, ingestPort: -1, watchPort: -1, eviewPort: -1, logLevel: 'silent', workers: false });
      let started = false;
      const starting = createServer(config).then((s) => ((started = true), s));
      await new Promise((r) => setTimeout(r, 1500));
      expect(started).toBe(false);
      expect(warn.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringContaining(`waiting for the database at 127.0.0.1:${cluster.port}/postgres`));
      await cluster.start();
      const server = await starting;
      try {
        await server.app.listen({ port, host: '127.0.0.1' });
        const health = await fetch(`http://127.0.0.1:${port}/health`);
        expect(health.status).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      warn.mockRestore();
      await cluster.destroy();
    }
  }, 60_000);
});
