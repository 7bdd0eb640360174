import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { hasMetric, sampleOf, scrape } from '../support/metrics';
import { PROJECT_ROOT } from '../support/npm-start';
import { connects, ownAddress, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

const TOKEN = 'scrape-token-for-the-test';
const IMEI = DEMO_WATCHES[0].imei;

/**
 * /metrics (issue 32): what a scrape sees after real ingest, alarms, deliveries and an
 * acknowledgement, and who may scrape: only with METRICS_TOKEN on the public port, and the
 * METRICS_PORT listener on loopback only.
 */
describe('metrics', () => {
  let server: TestServer;
  let open: TestServer;
  const call = caller(() => server);

  beforeAll(async () => {
    server = await startServer('', { metrics: { port: 0, host: '127.0.0.1', token: TOKEN }, watchPort: 0 });
    open = await startServer('', { metrics: { port: 0, host: '127.0.0.1', token: '' } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await open?.stop();
  });

  it('counts ingest, alarms raised, delivered and acknowledged, requests by route, and reads the queue, pool and watches', async () => {
    const before = (await scrape(server.url, TOKEN)).text;
    const now = Math.floor(Date.now() / 1000);
    const sos = await fetch(`${server.url}/ingest/osmand?id=${IMEI}&lat=55.6761&lon=12.5683&timestamp=${now}&alarm=sos&batt=77`, { method: 'POST' });
    expect(sos.status).toBe(200);
    expect((await fetch(`${server.url}/ingest/osmand?id=359999000099990&lat=55.6&lon=12.5&timestamp=${now}`, { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${server.url}/ingest/osmand?id=${IMEI}&lat=95&lon=12.5&timestamp=${now}`, { method: 'POST' })).status).toBe(400);
    // A watch on its own protocol's port, connected.
    const watch = net.connect({ host: '127.0.0.1', port: server.config.watchPort });
    await new Promise<void>((resolve) => watch.once('connect', () => resolve()));

    const moved = (text: string, name: string, labels: Record<string, string> = {}) => sampleOf(text, name, labels) - sampleOf(before, name, labels);
    let after = '';
    await expect
      .poll(
        async () => {
          after = (await scrape(server.url, TOKEN)).text;
          return [
            moved(after, 'vigil_ingest_messages_total', { outcome: 'stored' }) >= 1,
            moved(after, 'vigil_ingest_messages_total', { outcome: 'unknownDevice' }) >= 1,
            moved(after, 'vigil_ingest_messages_total', { outcome: 'rejected' }) >= 1,
            moved(after, 'vigil_alarms_raised_total', { kind: 'sos' }) >= 1,
            moved(after, 'vigil_alarm_deliveries_total', { channel: 'inApp', outcome: 'delivered' }) >= 1,
            moved(after, 'vigil_alarm_deliveries_total', { channel: 'mail', outcome: 'delivered' }) >= 1,
            moved(after, 'vigil_alarm_fix_to_delivery_seconds_count', { channel: 'inApp' }) >= 1,
            moved(after, 'vigil_alarm_fix_to_delivery_seconds_count', { channel: 'mail' }) >= 1,
            sampleOf(after, 'vigil_watch_connections', { protocol: 'watch' }) === 1,
          ];
        },
        { timeout: 30_000, interval: 250 },
      )
      .toEqual([true, true, true, true, true, true, true, true, true]);
    watch.destroy();

    // Requests by route pattern, never by URL (the query and the IMEI in it are not a label).
    expect(moved(after, 'vigil_http_request_duration_seconds_count', { route: '/ingest/osmand', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(moved(after, 'vigil_http_request_duration_seconds_count', { route: '/ingest/osmand', method: 'POST', status: '400' })).toBe(1);
    expect(after).not.toContain(IMEI);
    expect(sampleOf(after, 'vigil_ingest_last_stored_timestamp_seconds')).toBeGreaterThanOrEqual(now - 5);
    // Read at scrape time: the database, the job queue per kind (mail.send is the mail queue), admission, the process.
    expect(sampleOf(after, 'vigil_database_up')).toBe(1);
    expect(hasMetric(after, 'vigil_jobs_due')).toBe(true);
    expect(after).toMatch(/vigil_jobs_oldest_due_age_seconds\{kind="mail.send"\} \d/);
    expect(hasMetric(after, 'vigil_admission_calls')).toBe(true);
    expect(hasMetric(after, 'vigil_admission_wait_seconds_count')).toBe(true);
    expect(hasMetric(after, 'process_cpu_user_seconds_total')).toBe(true);
    // Every metric the documented alert rules use is in a real scrape.
    const rules = await fs.readFile(path.join(PROJECT_ROOT, 'docs/operations/alerts.md'), 'utf8');
    const used = [...new Set([...rules.matchAll(/\b(vigil_\w+)/g)].map((m) => m[1]!))];
    expect(used.length).toBeGreaterThan(4);
    expect(used.filter((name) => !hasMetric(after, name))).toEqual([]);

    // The carer takes the alarm.
    const carer = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
    const alarms = await call(carer, 'GET', '/api/app/tracking/alarms?unacknowledged=true');
    const alarm = (alarms.body.items as { id: string; type: string }[]).find((a) => a.type === 'sos')!;
    expect((await call(carer, 'POST', `/api/app/tracking/alarms/${alarm.id}/acknowledge`)).status).toBe(200);
    const acked = (await scrape(server.url, TOKEN)).text;
    expect(sampleOf(acked, 'vigil_alarms_acknowledged_total', { kind: 'sos' }) - sampleOf(before, 'vigil_alarms_acknowledged_total', { kind: 'sos' })).toBe(1);
  }, 90_000);

  it('refuses a scrape on the public port without the token, and has no /metrics there without one set', async () => {
    expect((await scrape(server.url)).status).toBe(401);
    expect((await scrape(server.url, 'wrong-token-of-the-same-length!!')).status).toBe(401);
    expect((await scrape(server.url, TOKEN)).status).toBe(200);
    // The separate listener asks for the token too, when one is set.
    const own = `http://127.0.0.1:${server.config.metrics.port}`;
    expect((await scrape(own)).status).toBe(401);
    expect((await scrape(own, TOKEN)).status).toBe(200);

    // No token set: nothing on the public port; the loopback listener serves it.
    const none = await scrape(open.url);
    expect(none.status).toBe(404);
    expect(none.text).not.toContain('vigil_');
    const local = await scrape(`http://127.0.0.1:${open.config.metrics.port}`);
    expect(local.status).toBe(200);
    expect(local.text).toContain('vigil_http_request_duration_seconds');
    if (ownAddress) expect(await connects(ownAddress, open.config.metrics.port)).toBe(false);
  });
});
