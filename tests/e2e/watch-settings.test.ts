import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import { demoDevices } from '../support/osmand';
import type { TestServer } from '../support/server';
import { watchFrame, WatchClient } from '../support/watch-client';
import { startWebServer } from '../support/web-server';

const MUM = DEMO_WATCHES[0].imei;

/**
 * Staff set a connected 3G watch's position interval on the device's page, on a phone: the watch
 * is sent UPLOAD,<seconds> on its socket, echoes it, and the page (asking every two seconds)
 * shows the watch in sync. From Troubleshooting they ask it where it is: the command log follows
 * the command to the watch's answer.
 */
describe('watch settings and commands in a real browser, to a watch on a real socket', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let watch: WatchClient;
  let mumId: string;
  const WAIT = { timeout: 15_000 };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { watchPort: 0 }), launchBrowser()]);
    mumId = (await demoDevices(server.database.db)).mum.id;
    watch = await WatchClient.connect(server.config.watchPort);
    watch.send(watchFrame(MUM, 'LK,10,0,90'));
    await watch.next((f) => f.endsWith('*LK]'));
    context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'staff', DEMO_PASSWORD, `/devices/${mumId}/show`);
  });
  afterAll(async () => {
    watch?.end();
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('saves a position interval: the watch gets UPLOAD on its socket, echoes it, and the page shows it in sync', async () => {
    await page.getByRole('heading', { name: 'Watch settings', level: 2 }).waitFor(WAIT);
    const interval = page.getByRole('spinbutton', { name: 'Position interval' });
    await interval.fill('300');
    const seen = watch.frames.length;
    await page.getByRole('button', { name: 'Save' }).click();

    expect(await watch.next((f) => f.includes('*UPLOAD,'), seen)).toBe(`[SG*${MUM}*000a*UPLOAD,300]`);
    // Only what changed was sent.
    expect(watch.frames.slice(seen).filter((f) => !f.includes('*UPLOAD,'))).toEqual([]);
    const shown = page.getByRole('list', { name: 'On the watch' }).getByRole('listitem').first();
    await shown.waitFor(WAIT);
    // What is wanted, what the watch reported, the state.
    expect(await shown.getByRole('definition').allTextContents()).toEqual(['300 s', 'Not reported yet', 'Waiting for the watch']);
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Waiting for the watch');

    watch.send(watchFrame(MUM, 'UPLOAD'));
    await expect.poll(() => page.getByRole('status').textContent(), WAIT).toBe('In sync');
    expect(await shown.getByRole('definition').allTextContents()).toEqual(['300 s', '300 s', 'In sync']);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('asks the watch where it is from Troubleshooting; the command log follows it to the watch’s answer', async () => {
    await page.goto(`${server.url}/troubleshoot`);
    await page.getByLabel('Search by IMEI or name').fill(MUM.slice(-6));
    await page.getByRole('option', { name: new RegExp(MUM) }).click();
    await page.getByRole('heading', { name: 'Send to the watch' }).waitFor(WAIT);
    const seen = watch.frames.length;
    await page.getByRole('button', { name: 'Locate now' }).click();
    await watch.next((f) => f === `[SG*${MUM}*0002*CR]`, seen);
    const latest = page.getByRole('table', { name: 'Latest commands' }).locator('tbody tr').first();
    await expect.poll(async () => (await latest.locator('td').allTextContents()).slice(1, 4), WAIT).toEqual(['Locate now', 'To the watch', 'Sent']);
    watch.send(watchFrame(MUM, 'CR'));
    await expect.poll(async () => (await latest.locator('td').allTextContents())[3], WAIT).toBe('Confirmed by the watch');
    // The tables scroll inside the page; the page is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
