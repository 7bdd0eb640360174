import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInAs } from '../support/browser';
import { useGoogleMapsStandIn } from '../support/google-maps-stand-in';
import type { TestServer } from '../support/server';
import { report, watchFrame, WatchClient } from '../support/watch-client';
import { startWebServer } from '../support/web-server';

/**
 * The caregiver's dashboard open on a 360 px phone while a 3G watch connects over a real TCP
 * connection (tests/support/watch-client.ts), reports and goes away: its card goes online with
 * its battery and last contact, then offline, as it happens and without the page reading the
 * list again (the live stream's `device` events; the list's reads are counted).
 */
const [MUM] = DEMO_WATCHES;
const WAIT = { timeout: 20_000 };
const TIME_ZONE = 'Europe/Copenhagen';
const hhmm = (time: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(time);

describe('watch cards that follow the watches live', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const clients: WatchClient[] = [];
  /** The dashboard's reads of the list: asked, and answered or failed. */
  const listReads = { asked: 0, done: 0 };

  const card = (name: string) => page.getByTestId('device-row').filter({ has: page.getByRole('heading', { name, exact: true }) });
  /** What the card says against one of its terms ("Connection", "Battery", "Last contact"). */
  const shown = (name: string, term: string) => card(name).locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { watchPort: 0, mapsKey: 'test-maps-key' }), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB', timezoneId: TIME_ZONE });
    await useGoogleMapsStandIn(context);
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    const isListRead = (url: string) => new URL(url).pathname === '/api/app/productInstance/pagedDashboard';
    page.on('request', (r) => void (isListRead(r.url()) && listReads.asked++));
    page.on('requestfinished', (r) => void (isListRead(r.url()) && listReads.done++));
    page.on('requestfailed', (r) => void (isListRead(r.url()) && listReads.done++));
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
  });
  afterAll(async () => {
    for (const c of clients) c.end();
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the watch online with its battery when it connects and reports, and offline when it disconnects, without a reload', async () => {
    await shown(MUM.name, 'Connection').getByText('Offline', { exact: true }).waitFor(WAIT);
    // The stream is open, and the list read once it was (what changed before it opened).
    await page.getByText('Live updates on').waitFor(WAIT);
    await expect.poll(() => listReads.asked, WAIT).toBeGreaterThanOrEqual(2);
    await expect.poll(() => listReads.done, WAIT).toBe(listReads.asked);
    const reads = listReads.asked;

    const before = new Date();
    const watch = await WatchClient.connect(server.config.watchPort);
    clients.push(watch);
    watch.send(watchFrame(MUM.imei, 'LK,5000,0,64'));
    await watch.next((f) => f.endsWith('*LK]'));
    // A position (unanswered, as 3G watches expect): within the minute, it changes nothing on the card.
    watch.send(watchFrame(MUM.imei, report('UD', { lat: 55.6869, lon: 12.5703, battery: 64 })));

    await shown(MUM.name, 'Connection').getByText('Online', { exact: true }).waitFor(WAIT);
    // A 3G heartbeat says no word of charging: the watch's last word stands (the demo's history may have it charging).
    const { charging } = await server.database.db.selectFrom('device_state as s').innerJoin('devices as d', 'd.id', 's.device_id').select('s.charging').where('d.imei', '=', MUM.imei).executeTakeFirstOrThrow();
    const battery = charging ? '64 % · charging' : '64 %';
    await shown(MUM.name, 'Battery').getByText(battery, { exact: true }).waitFor(WAIT);
    expect([hhmm(before), hhmm(new Date())]).toContain(await shown(MUM.name, 'Last contact').textContent());
    // The card is readable as it changed (contrast, names), and fits the phone.
    expect(await seriousAxeViolations(page)).toEqual([]);
    const box = (await card(MUM.name).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);

    watch.end();
    await shown(MUM.name, 'Connection').getByText('Offline', { exact: true }).waitFor(WAIT);
    expect(await shown(MUM.name, 'Battery').textContent()).toBe(battery);
    // Told by the stream: the list was not read again.
    expect(listReads.asked).toBe(reads);
  });
});
