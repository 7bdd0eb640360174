import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import type { TestServer } from '../support/server';
import { north, queryFix, sendQuery } from '../support/osmand';
import { DEMO_HOME, DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';

/**
 * An alarm's link (issue 16): the mail says where Mum is and links to /dashboard?alarm=<eventId>;
 * opened, the dashboard focuses the watch, draws its zone and the trail of the 30 minutes before
 * the alarm, and marks where the alarm was raised.
 */
describe('alarm link opens the dashboard at the alarm', () => {
  let server: TestServer;
  let browser: Browser;
  let mailbox: TestMailbox;

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    [server, browser] = await Promise.all([startWebServer('', { smtpUrl: mailbox.url, ingestPort: 0 }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.stop();
  });

  it('focuses the watch, its zone, the trail before the alarm and the alarm position', async () => {
    const ingest = `http://127.0.0.1:${server.config.ingestPort}`;
    const imei = DEMO_WATCHES[0].imei;
    // The seeded week ends about half an hour ago: its last fixes are cleared, so the trail is this walk's.
    const { db } = server.database;
    const mum = await db.selectFrom('devices').select('id').where('imei', '=', imei).executeTakeFirstOrThrow();
    await db.deleteFrom('positions').where('device_id', '=', mum.id).where('fix_time', '>', new Date(Date.now() - 2 * 3600_000)).execute();
    // A walk out of the demo home zone: four fixes inside, then two wholly outside (the second confirms the exit).
    let time = Date.now() - 10 * 60_000;
    const metres = [0, 20, 40, 60, DEMO_HOME.radius + 300, DEMO_HOME.radius + 320];
    for (const m of metres) {
      const at = north(DEMO_HOME.lat, DEMO_HOME.lon, m);
      expect(await sendQuery(ingest, queryFix(imei, { ...at, accuracy: 10, time: new Date((time += 60_000)) }))).toBe(200);
    }
    const mail = await mailbox.waitFor((m) => m.subject === "Mum's watch has left Home", 20_000);
    const link = /https?:\/\/\S+\/dashboard\?alarm=[0-9a-f-]{36}/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail.text).toContain('320 m north of Home');
    expect(String(mail.html)).toContain(`href="${link}"`);
    const path = new URL(link!).pathname + new URL(link!).search;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
    await page.goto(`${server.url}${path}`);

    const focus = page.getByTestId('alarm-focus');
    await focus.waitFor({ timeout: 20_000 });
    await expect.poll(() => focus.getByRole('heading').textContent()).toBe("Alarm details: Left safe zone · Mum's watch");
    await expect.poll(() => page.getByTestId('alarm-facts').textContent()).toContain('320 m north of Home');
    // The trail of the 30 minutes before the alarm: the six fixes of the walk .
    await expect.poll(() => page.getByTestId('alarm-trail').textContent()).toMatch(/^Trail of Mum's watch: 6 positions/);
    // On the map: the alarm's marker, the zone and the trail.
    const map = focus.getByRole('region', { name: 'Position at the alarm' });
    await map.locator('.leaflet-container').waitFor();
    await expect.poll(() => map.locator('.vigil-alarm-marker').count()).toBe(1);
    expect(await map.locator('path.leaflet-interactive').count()).toBeGreaterThanOrEqual(3);
    // The device is the one selected in the map's list below.
    await expect.poll(() => page.getByRole('combobox', { name: 'Show trail' }).textContent()).toContain("Mum's watch");

    // Closed, the link's alarm leaves the address; an alarm that is not the user's is told so.
    await focus.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/dashboard?alarm=00000000-0000-4000-8000-000000000000`);
    await page.getByText('This alarm was not found.', { exact: false }).waitFor({ timeout: 20_000 });
    await context.close();
  });
});
