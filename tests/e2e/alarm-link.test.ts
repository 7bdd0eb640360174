import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { useGoogleMapsStandIn } from '../support/google-maps-stand-in';
import { startWebServer } from '../support/web-server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import type { TestServer } from '../support/server';
import { north, queryFix, sendQuery } from '../support/osmand';
import { DEMO_HOME, DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';

/**
 * Mum's watch walks out of the demo home zone through the ingest port; the alarm's mail comes.
 * Returns the path of the mail's link (/dashboard?alarm=<eventId>).
 */
async function walkOutOfHome(server: TestServer, mailbox: TestMailbox): Promise<string> {
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
  return new URL(link!).pathname + new URL(link!).search;
}

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
    const path = await walkOutOfHome(server, mailbox);

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

/**
 * The same link on an install with a Google Maps key: the Google engine draws the alarm's place
 * as Leaflet does (a circle of radius 11 in the alarm colour with a white 3 px border), named for
 * screen readers and above the device markers. Google's script is the stand-in of
 * tests/support/google-maps-stand-in.ts, which records the options each marker was given.
 */
describe('alarm link on the Google Maps engine', () => {
  let server: TestServer;
  let browser: Browser;
  let mailbox: TestMailbox;

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    [server, browser] = await Promise.all([startWebServer('', { smtpUrl: mailbox.url, ingestPort: 0, mapsKey: 'test-maps-key' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.stop();
  });

  it("draws the alarm's marker as a circle in the alarm colour, titled, above the watches' markers", async () => {
    const path = await walkOutOfHome(server, mailbox);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const maps = await useGoogleMapsStandIn(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
    await page.goto(`${server.url}${path}`);

    const focus = page.getByTestId('alarm-focus');
    await focus.waitFor({ timeout: 20_000 });
    const facts = page.getByTestId('alarm-facts');
    await expect.poll(() => facts.textContent()).toMatch(/\d+\.\d{5}, \d+\.\d{5}/);
    const [, lat, lng] = /(-?\d+\.\d{5}), (-?\d+\.\d{5})/.exec((await facts.textContent())!)!;
    const onMap = async (region: string) => (await maps.markers(page)).filter((m) => m.region === region);
    await expect.poll(async () => (await onMap('Position at the alarm')).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await onMap("Map of the watches' last positions")).length, { timeout: 20_000 }).toBeGreaterThan(0);
    // The Google engine drew them, with the configured key: no Leaflet map on the page.
    expect(maps.requested.some((url) => url.includes('key=test-maps-key'))).toBe(true);
    expect(await page.locator('.leaflet-container').count()).toBe(0);
    const [alarm] = await onMap('Position at the alarm');
    expect(alarm!.icon).toEqual({ path: maps.constants.circle, scale: 11, fillColor: '#c62828', fillOpacity: 1, strokeColor: '#fff', strokeWeight: 3 });
    expect(alarm!.title).toMatch(/^Position at the alarm \(.+\)$/);
    expect([alarm!.position!.lat.toFixed(5), alarm!.position!.lng.toFixed(5)]).toEqual([lat, lng]);
    // Over every watch's marker: those keep Google's stacking, which stays below MAX_ZINDEX.
    expect(alarm!.zIndex).toBeGreaterThan(maps.constants.maxZIndex);
    for (const watch of await onMap("Map of the watches' last positions")) {
      expect(watch.icon).toBeUndefined();
      expect(watch.zIndex ?? 0).toBeLessThan(alarm!.zIndex!);
      expect(watch.title).toBeTruthy();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
