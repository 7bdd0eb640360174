import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANT, DEMO_USERS, DEMO_WATCHES } from '../../server/seed/demo';
import { linkIn, mailTo } from '../support/accounts';
import { sampleOf, scrape } from '../support/metrics';
import { startProduct, type RunningProduct } from '../support/npm-start';
import { sendQuery } from '../support/osmand';
import { freePort } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { startSmtpServer, type TestMailbox } from '../support/smtp';

/**
 * Issue 32, logs that keep secrets: `npm start` as a real process, its log at debug (the most it
 * writes), used the way watches, carers, a newcomer and staff use it; then every IMEI, coordinate,
 * token, phone number and e-mail address the run used is looked for in the log, and none may be
 * there. The log is also one format: JSON, a line each, as stdout is not a terminal here.
 */
const IMEI = DEMO_WATCHES[0].imei;
const UNKNOWN_IMEI = '359999000011112';
const LAT = '55.6761234';
const LON = '12.5683456';
const PHONE = '+4587654321';
const METRICS_TOKEN = `metrics-${randomUUID()}`;

describe('the log of a real run', () => {
  let root: string;
  let mailbox: TestMailbox;
  let product: RunningProduct;
  let ingestUrl: string;
  const secrets: Record<string, string> = { IMEI, UNKNOWN_IMEI, LAT, LON, PHONE, METRICS_TOKEN };

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-log-privacy-'));
    mailbox = await startSmtpServer();
    const ingestPort = await freePort();
    ingestUrl = `http://127.0.0.1:${ingestPort}`;
    product = await startProduct({
      DATA_DIR: path.join(root, 'data'),
      INGEST_PORT: String(ingestPort),
      LOG_LEVEL: 'debug',
      SMTP_URL: mailbox.url,
      SMS_GATEWAY: 'log',
      METRICS_TOKEN,
    });
  }, 240_000);
  afterAll(async () => {
    await product?.stop();
    await mailbox?.stop();
    await fs.rm(root, { recursive: true, force: true });
  });

  const json = async (token: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${product.url}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  };

  it('holds no IMEI, position, token, phone number or e-mail address, and is JSON only', async () => {
    const carer = await tokensFor(product.url, 'caregiver', DEMO_PASSWORD);
    Object.assign(secrets, { carerAccess: carer.access_token, carerRefresh: carer.refresh_token ?? '', carerId: carer.id_token });

    // The carer also takes alarms by SMS on her own number (SMS_GATEWAY=log).
    const dashboard = await json(carer.access_token, 'GET', '/api/app/productInstance/pagedDashboard?MaxResultCount=50');
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    const watch = (dashboard.body.items as { id: string; imei?: string; name?: string }[]).find((w) => w.imei === IMEI || w.name === DEMO_WATCHES[0].name)!;
    const order = await json(carer.access_token, 'GET', `/api/plugandplay/profile/escalation?deviceId=${watch.id}`);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const steps = (order.body.receivers as { receiver: string; order: number | null }[]).filter((r) => r.order !== null).map((r) => ({ receiver: r.receiver, waitMinutes: 5 }));
    const put = await json(carer.access_token, 'PUT', `/api/plugandplay/profile/escalation?deviceId=${watch.id}`, { steps, channels: [{ receiver: 'owner', channels: ['mail', 'inApp', 'sms'], phone: PHONE }] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    // Watches: a fix with an SOS on the ingest port and on PORT's /ingest/osmand, a refused one, an unknown watch.
    const now = Math.floor(Date.now() / 1000);
    expect(await sendQuery(ingestUrl, { id: IMEI, lat: LAT, lon: LON, timestamp: now, batt: 81, alarm: 'sos' })).toBe(200);
    const onPort = await fetch(`${product.url}/ingest/osmand?id=${IMEI}&lat=${LAT}&lon=${LON}&timestamp=${now + 1}&batt=80`, { method: 'POST' });
    expect(onPort.status).toBe(200);
    expect(await sendQuery(ingestUrl, { id: IMEI, lat: '91.5', lon: LON, timestamp: now + 2 })).toBe(400);
    expect(await sendQuery(ingestUrl, { id: UNKNOWN_IMEI, lat: LAT, lon: LON, timestamp: now })).toBe(200);

    // The alarm reaches the carer by mail (the place is in it, never in the log).
    secrets.carerEmail = DEMO_USERS.caregiver.email;
    await mailbox.waitFor((m) => mailTo(DEMO_USERS.caregiver.email)(m) && /SOS/.test(m.subject ?? ''), 60_000);

    // A newcomer registers: the link's token goes through /registration?token= and the API.
    const email = `lena-${randomUUID().slice(0, 8)}@example.org`;
    secrets.email = email;
    const register = await fetch(`${product.url}/api/plugandplay/profile/pending-registration`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ userName: `lena-${randomUUID().slice(0, 6)}`, fullName: 'Lena Lund', email, phoneNumber: '4512345670', password: 'Register-Pass-2026!', confirmPassword: 'Register-Pass-2026!', agreeTerms: true, productUpdates: false }),
    });
    expect(register.status, await register.text()).toBeLessThan(300);
    const mail = await mailbox.waitFor(mailTo(email), 60_000);
    const token = linkIn(mail, '/registration?token=').searchParams.get('token')!;
    secrets.registrationToken = token;
    await (await fetch(`${product.url}/registration?token=${encodeURIComponent(token)}`)).arrayBuffer();
    expect((await fetch(`${product.url}/api/plugandplay/profile/pending-registration?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const completed = await fetch(`${product.url}/api/plugandplay/profile/complete-registration`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    expect(completed.status).toBeLessThan(300);

    // The host administrator looks the newcomer up by e-mail in the carers' tenant, in the path and in the query.
    const admin = await tokensFor(product.url, 'admin', DEMO_PASSWORD);
    secrets.adminAccess = admin.access_token;
    const tenant = { __tenant: DEMO_TENANT };
    expect((await json(admin.access_token, 'GET', `/api/identity/users/by-email/${encodeURIComponent(email)}`, undefined, tenant)).status).toBe(200);
    expect((await json(admin.access_token, 'GET', `/api/identity/users?Filter=${encodeURIComponent(email)}`, undefined, tenant)).status).toBe(200);

    // A scrape with the metrics token, and one without.
    // Under the supervisor a worker's /metrics is the node's (every worker's, summed by the supervisor).
    const scraped = await scrape(product.url, METRICS_TOKEN);
    expect(scraped.status).toBe(200);
    expect(sampleOf(scraped.text, 'vigil_ingest_messages_total', { outcome: 'stored' })).toBeGreaterThanOrEqual(2);
    expect((await fetch(`${product.url}/metrics`)).status).toBe(401);

    // The SMS went through the log gateway (that line is there, without number or words).
    await expect.poll(() => product.output().includes('handed to the log gateway'), { timeout: 60_000 }).toBe(true);
    await product.stop();
    const log = product.output();

    const found = Object.entries(secrets).filter(([, value]) => value && log.includes(value));
    expect(found.map(([name]) => name), 'personal data or secrets in the log').toEqual([]);
    // Case and encoding aside: an e-mail address written another way is still one.
    expect(log.toLowerCase()).not.toContain(email.toLowerCase());
    expect(log).not.toContain(encodeURIComponent(email));

    const lines = log.split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBeGreaterThan(20);
    const notJson = lines.filter((l) => {
      try {
        return typeof JSON.parse(l) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson, 'lines that are not JSON').toEqual([]);
    // The requests were logged (the watches' at debug), by route, without their queries.
    expect(log).toContain('POST /ingest/osmand 200');
    expect(log).toContain('GET /api/identity/users/by-email/:email 200');
    expect(log).toContain('GET /registration');
  }, 300_000);
});
