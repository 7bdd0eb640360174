import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServer, type TestServer } from '../support/server';
import { signIn } from '../support/sign-in';
import { TcpProxy, throughProxy } from '../support/tcp-proxy';
import { byStatus, lostPositions, seedFleet, startLoad, waitUntil, type LoadReport } from '../support/fault-load';
import { openEventStream, type EventStreamReader } from '../support/event-stream';
import { ALARM_CHANNEL } from '../../server/alarms/channels/live';

/**
 * Every connection between the server and PostgreSQL is cut in the middle of an ingest and API
 * load, through a TCP proxy of the test's own, and new ones are refused for two seconds: the
 * server must not die, must answer 503 meanwhile, come back by itself, and keep every position it
 * acknowledged. Needs a PostgreSQL server (TEST_DATABASE_URL).
 */
const target = process.env.TEST_DATABASE_URL;

describe.skipIf(!target)('a cut database connection', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let report: LoadReport;
  let cutAt = 0;
  let backAt = 0;
  let recovery = { health: 0, api: 0, ingest: 0 };
  let refreshDuringCut: { status: number; retryAfter: string | null; error: string } | undefined;
  let refreshAfter = 0;
  let stream: EventStreamReader;
  let caregiverId = '';

  beforeAll(async () => {
    const url = new URL(target!);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const port = await proxy.listen();
    server = await startServer(throughProxy(target!, port), { ingestPort: 0 });
    const fleet = await seedFleet(server.database.db, 100);
    caregiverId = (await server.database.db.selectFrom('users').select('id').where('user_name', '=', 'caregiver').executeTakeFirstOrThrow()).id;
    const { tokens } = await signIn(server.url, 'caregiver', 'Demo-Pass-2026');
    const token = tokens!.access_token;
    const refresh = async (refreshToken: string) => {
      const res = await fetch(`${server.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'vigil-web' }),
      });
      const body = (await res.json()) as { error?: string; refresh_token?: string };
      return { status: res.status, retryAfter: res.headers.get('retry-after'), error: body.error ?? '', next: body.refresh_token };
    };
    stream = await openEventStream(`${server.url}/api/app/tracking/live`, token);
    const ingestUrl = `http://127.0.0.1:${server.config.ingestPort}`;
    const load = startLoad({ ingestUrl, apiUrl: server.url, apiPath: '/api/app/tracking/alarms', token, fleet, rate: 200, apiClients: 4 });

    await new Promise((r) => setTimeout(r, 1500));
    cutAt = Date.now();
    proxy.blocked = true;
    proxy.cut();
    await new Promise((r) => setTimeout(r, 500));
    refreshDuringCut = await refresh(tokens!.refresh_token!);
    await new Promise((r) => setTimeout(r, 1500));
    proxy.blocked = false;
    backAt = Date.now();
    const ok = (path: string, base = server.url) => async () => (await fetch(`${base}${path}`, path === '/health' ? {} : { headers: { authorization: `Bearer ${token}` } })).status === 200;
    recovery = {
      health: await waitUntil(async () => ((await (await fetch(`${server.url}/health`)).json()) as { status: string }).status === 'ready', 10_000),
      api: await waitUntil(ok('/api/app/tracking/alarms'), 10_000),
      ingest: 0,
    };
    refreshAfter = (await refresh(tokens!.refresh_token!)).status;
    await new Promise((r) => setTimeout(r, 1500));
    report = await load.stop();
    const lastIngest503 = Math.max(backAt, ...report.ingest.filter((a) => a.status === 503).map((a) => a.at));
    recovery.ingest = lastIngest503 - backAt;
    const acknowledged = [...report.acknowledged.values()].reduce((n, l) => n + l.length, 0);
    console.log(`cut for 2 s: ingest sent ${report.sent}, acknowledged ${acknowledged}, answers ${JSON.stringify(byStatus(report.ingest))}; api ${JSON.stringify(byStatus(report.api))}; back after: health ${recovery.health} ms, api ${recovery.api} ms, ingest ${recovery.ingest} ms`);
  }, 60_000);

  afterAll(async () => {
    stream?.close();
    await server?.stop();
    await proxy?.close();
  });

  it('keeps running and answers 503 with Retry-After while the database is away, never 500', () => {
    expect(proxy.accepted).toBeGreaterThan(1);
    // Answers that left a second or more into the cut (one begun before it may still end well).
    const during = (a: { at: number }) => a.at > cutAt + 1000 && a.at < backAt;
    const ingest = byStatus(report.ingest);
    const api = byStatus(report.api);
    // Only 200 and 503: no 500, no reset connection.
    expect(Object.keys(ingest).sort()).toEqual(['200', '503']);
    expect(Object.keys(api).sort()).toEqual(['200', '503']);
    expect(report.ingest.filter(during).every((a) => a.status === 503 && a.retryAfter === '5')).toBe(true);
    const apiDuring = report.api.filter(during);
    expect(apiDuring.length).toBeGreaterThan(0);
    expect(apiDuring.filter((a) => !(a.status === 503 && a.code === 'Vigil:DatabaseUnavailable' && a.retryAfter === '5'))).toEqual([]);
  });

  it('answers a token refresh 503 temporarily_unavailable while the database is away, and refreshes the same token once it is back', () => {
    expect(refreshDuringCut).toEqual({ status: 503, retryAfter: '5', error: 'temporarily_unavailable', next: undefined });
    expect(refreshAfter).toBe(200);
  });

  it('works again within 5 s of the database being back, with no restart', () => {
    expect(recovery.health).toBeLessThan(5000);
    expect(recovery.api).toBeLessThan(5000);
    expect(recovery.ingest).toBeLessThan(5000);
    expect(report.ingest.filter((a) => a.at > backAt + 5000).every((a) => a.status === 200)).toBe(true);
  });

  it('keeps every position it acknowledged', async () => {
    const acknowledged = [...report.acknowledged.values()].reduce((n, l) => n + l.length, 0);
    expect(report.sent).toBeGreaterThan(500);
    expect(acknowledged).toBeGreaterThan(report.sent / 2);
    expect(await lostPositions(server.database.db, report.acknowledged)).toBe(0);
  });

  it('listens again: open streams are told to reload, and new notifications reach them', async () => {
    await stream.next((e) => e.event === 'resync', 5000);
    const notifier = new pg.Client({ connectionString: server.config.databaseUrl });
    await notifier.connect();
    await notifier.query('select pg_notify($1, $2)', [ALARM_CHANNEL, JSON.stringify({ ack: 'after-the-cut', u: [caregiverId] })]);
    await notifier.end();
    const ack = await stream.next((e) => e.event === 'ack', 5000);
    expect(JSON.parse(ack.data)).toEqual({ id: 'after-the-cut' });
  });
});
