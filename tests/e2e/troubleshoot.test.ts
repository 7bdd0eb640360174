import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pageAtRest, axeScan } from '../support/axe';
import { formatDateTime } from '../../common/dates';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import { logCommand, markCommandSent } from '../../server/commands';
import { insertDeviceMessage } from '../support/device-stock';
import type { TestServer } from '../support/server';
import { startWebServer } from '../support/web-server';

/**
 * Support staff open /troubleshoot for a demo watch that has sent messages (written as the ingest
 * writes them) and see its last message, battery, signal, connection, settings state, the latest
 * commands with their states, and raw messages.
 */
describe('troubleshooting in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const WAIT = { timeout: 15_000 };
  const IMEI = '356938035643809';
  // Set once the demo is seeded: newer than the seeded week of fixes, so it is the watch's last message.
  let last: Date;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    last = new Date();
    const db = server.database.db;
    const watch = await db.selectFrom('devices').select(['id', 'tenant_id', 'imei']).where('imei', '=', IMEI).executeTakeFirstOrThrow();
    await insertDeviceMessage(db, watch, `id=${IMEI}&timestamp=1700000000&lat=55.67&lon=12.56&batt=80&rssi=-70`, 'stored', new Date(last.getTime() - 60_000));
    await insertDeviceMessage(db, watch, `id=${IMEI}&timestamp=1700000000&lat=55.67&lon=12.56&batt=80&rssi=-70`, 'duplicate', new Date(last.getTime() - 30_000));
    await insertDeviceMessage(db, watch, `id=${IMEI}&timestamp=1700000600&lat=55.68&lon=12.57&batt=42&rssi=-81`, 'stored', last);
    await db.updateTable('devices').set({ battery_level: 42, status: 'online', last_contact: last }).where('id', '=', watch.id).execute();
    // The live state the ingest keeps beside the devices row (the seeded week of history left one, offline since).
    await db.updateTable('device_state').set({ battery: 42, last_seen: last, online: true }).where('device_id', '=', watch.id).execute();
    // A locate-now written to the watch's connection, not yet echoed.
    const locate = await logCommand(db, { tenantId: watch.tenant_id, deviceId: watch.id, userId: null, type: 'positionSingle', text: 'positionSingle', channel: 'device', status: 'queued' });
    await markCommandSent(db, locate.id);
    context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'staff', DEMO_PASSWORD, '/troubleshoot');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("finds the watch by IMEI and shows its state and raw messages", async () => {
    await page.getByRole('heading', { name: 'Troubleshooting', level: 1 }).waitFor(WAIT);
    // The sync state answers last: the card must wait for it, not show "Unknown" meanwhile.
    await page.route('**/api/app/productInstance/getSettingsSync/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByLabel('Search by IMEI or name').fill(IMEI.slice(-6));
    await page.getByRole('option', { name: new RegExp(IMEI) }).click();
    const facts = page.getByRole('definition');
    await page.getByRole('heading', { name: 'Latest messages' }).waitFor(WAIT);
    const values = (await facts.allTextContents()).map((t) => t.trim());
    // The settings sync state comes from the commands module: nothing was sent, so nothing is waiting.
    expect(values).toEqual([formatDateTime(last), formatDateTime(last), '42 %', '-81', 'Connected', 'Up to date on the watch']);
    const commands = page.getByRole('table', { name: 'Latest commands' }).locator('tbody tr');
    await expect.poll(() => commands.count()).toBe(1);
    expect((await commands.locator('td').allTextContents()).slice(1, 4)).toEqual(['Locate now', 'To the watch', 'Sent']);
    expect(await commands.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^Waiting to be sent: /), expect.stringMatching(/^Sent: /)]);
    const rows = page.getByRole('table', { name: 'Latest messages' }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect((await rows.locator('td:nth-child(2)').allTextContents()).map((t) => t.trim())).toEqual(['Stored', 'Duplicate, ignored', 'Stored']);
    expect(await rows.first().locator('td').last().textContent()).toContain('rssi=-81');

    await pageAtRest(page);

    const axe = await axeScan(page, { include: ['main'] });
    expect(axe.violations.map((v) => v.id)).toEqual([]);
  });
});
