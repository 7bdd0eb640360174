import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_MIGRATIONS } from '../../server/db/database';
import { sampleOf, scrape } from '../support/metrics';
import { startServer, type TestServer } from '../support/server';
import { TcpProxy, throughProxy } from '../support/tcp-proxy';

const TOKEN = 'probe-test-metrics-token';

async function probe(url: string): Promise<{ status: number; body: Record<string, unknown>; retryAfter: string | null }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get('retry-after') };
}

/** /health/live and /health/ready (issue 32): separate probes beside /health, which stays as it was. */
describe('liveness and readiness on the embedded database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('');
  }, 120_000);
  afterAll(async () => server?.stop());

  it('is live and ready, and not ready while a migration this version knows is missing', async () => {
    expect(await probe(`${server.url}/health/live`)).toMatchObject({ status: 200, body: { status: 'live', pid: process.pid } });
    expect(await probe(`${server.url}/health/ready`)).toMatchObject({ status: 200, body: { status: 'ready', database: 'ok', migrations: 'done' } });
    expect((await probe(`${server.url}/health`)).body).toMatchObject({ status: 'ready', database: 'ok', listening: true });

    const db = server.database.db;
    const last = KNOWN_MIGRATIONS[KNOWN_MIGRATIONS.length - 1]!;
    const row = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration where name = ${last}`.execute(db);
    await sql`delete from kysely_migration where name = ${last}`.execute(db);
    try {
      expect(await probe(`${server.url}/health/ready`)).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'ok', migrations: 'pending' }, retryAfter: '5' });
      expect((await probe(`${server.url}/health/live`)).status).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.rows[0]!.name}, ${row.rows[0]!.timestamp})`.execute(db);
    }
    expect((await probe(`${server.url}/health/ready`)).status).toBe(200);
  });
});

const target = process.env.TEST_DATABASE_URL;

describe.skipIf(!target)('liveness and readiness when the PostgreSQL connection drops', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  beforeAll(async () => {
    const url = new URL(target!);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const port = await proxy.listen();
    server = await startServer(throughProxy(target!, port), { metrics: { port: -1, host: '127.0.0.1', token: TOKEN } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
  });

  it('stays live, is not ready while the database is away, and ready again once it is back', async () => {
    expect((await probe(`${server.url}/health/ready`)).status).toBe(200);
    const up = (await scrape(server.url, TOKEN)).text;
    expect(sampleOf(up, 'vigil_database_up')).toBe(1);
    expect(sampleOf(up, 'vigil_database_pool_connections', { state: 'total' })).toBeGreaterThan(0);

    proxy.blocked = true;
    proxy.cut();
    await expect.poll(async () => (await probe(`${server.url}/health/ready`)).status, { timeout: 15_000 }).toBe(503);
    expect((await probe(`${server.url}/health/ready`)).body).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect(await probe(`${server.url}/health/live`)).toMatchObject({ status: 200, body: { status: 'live' } });
    // The scrape still answers, and says the database is down (what the alert rule watches).
    const down = await scrape(server.url, TOKEN);
    expect(down.status).toBe(200);
    expect(sampleOf(down.text, 'vigil_database_up')).toBe(0);

    proxy.blocked = false;
    await expect.poll(async () => (await probe(`${server.url}/health/ready`)).status, { timeout: 15_000 }).toBe(200);
    expect(sampleOf((await scrape(server.url, TOKEN)).text, 'vigil_database_up')).toBe(1);
  }, 60_000);
});
