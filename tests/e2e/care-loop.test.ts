import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { simulate } from '../../scripts/simulate';

/** A home of its own for this test, a few streets from the demo home. */
const GRANDPA_HOME = { lat: 55.6905, lon: 12.5755, radius: 120 };
const ZONE = "Grandpa's home";

/**
 * Issue 6's loop in one go: a carer draws a circle round the home on the map, the simulator walks
 * the watch out over the real ingest port, the alarm appears on the open dashboard without reload
 * and arrives in the receiver's mailbox through a real SMTP server.
 */
describe('from a drawn circle to an alarm in the mailbox', () => {
  let server: TestServer;
  let browser: Browser;
  let mailbox: TestMailbox;

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    [server, browser] = await Promise.all([
      startWebServer('', { smtpUrl: mailbox.url, ingestPort: 0, tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.stop();
  });

  it('draws, walks out, alarms live and by mail', { timeout: 240_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/geofence');

    // The circle: its centre clicked on the map, then put exactly on the home and sized.
    const map = page.locator('.leaflet-container');
    await map.waitFor({ timeout: 20_000 });
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByLabel('Centre latitude').fill(String(GRANDPA_HOME.lat));
    await page.getByLabel('Centre longitude').fill(String(GRANDPA_HOME.lon));
    await page.getByLabel('Radius (metres)').fill(String(GRANDPA_HOME.radius));
    await page.getByLabel('Name').fill(ZONE);
    await page.getByRole('checkbox', { name: DEMO_WATCHES[1].name }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Geofence saved').waitFor({ timeout: 20_000 });
    const saved = await server.database.db.selectFrom('geofences').selectAll().where('name', '=', ZONE).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ shape: 'circle', center_lat: GRANDPA_HOME.lat, center_lon: GRANDPA_HOME.lon, radius_m: GRANDPA_HOME.radius });

    // The dashboard stays open; the watch walks out of the drawn circle.
    await page.goto(`${server.url}/dashboard`);
    const alarms = page.getByRole('region', { name: 'Alarms' });
    await alarms.getByText('Live updates on').waitFor({ timeout: 20_000 });
    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    const walk = simulate({ url: `http://127.0.0.1:${server.config.ingestPort}`, imeis: [DEMO_WATCHES[1].imei], intervalMs: 400, steps: 16, home: GRANDPA_HOME, log: () => undefined });
    const text = `${DEMO_WATCHES[1].name} has left ${ZONE}`;
    await alarms.getByRole('listitem').filter({ hasText: text }).waitFor({ timeout: 40_000 });
    const mail = await mailbox.waitFor((m) => m.subject === text, 20_000);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('caregiver@example.com');
    expect(await walk).toEqual({ sent: 16, failed: 0 });
    expect(reloaded).toBe(false);
    expect(mailbox.messages.filter((m) => m.subject === text)).toHaveLength(1);
    await context.close();
  });
});
