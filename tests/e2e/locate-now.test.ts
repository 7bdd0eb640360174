import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInAs } from '../support/browser';
import { useGoogleMapsStandIn, type GoogleMapsStandIn } from '../support/google-maps-stand-in';
import type { TestServer } from '../support/server';
import { report, watchFrame, WatchClient } from '../support/watch-client';
import { startWebServer } from '../support/web-server';

/**
 * "Locate now" as a carer makes it at night on a 360 px phone, through everything real: the
 * built app in Chromium, the server with its 3G watch port, and a watch on a real TCP connection
 * (tests/support/watch-client.ts). The carer presses the button on the watch's card; the watch
 * receives the `CR` frame, echoes it and sends a fresh position; the card says so with the fix's
 * time and the map's marker moves there. A watch that is away is asked when it connects, and one
 * that cannot be asked gets the server's reason. The map is Google's stand-in
 * (tests/support/google-maps-stand-in.ts), which records where each marker was put.
 */
const [MUM, DAD] = DEMO_WATCHES;
const WAIT = { timeout: 20_000 };
const MAP = "Map of the watches' last positions";
/** The carer's clock: the card says the fix's time as the phone tells time. */
const TIME_ZONE = 'Europe/Copenhagen';
const hhmm = (time: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(time);

describe('Locate now on the caregiver dashboard', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let maps: GoogleMapsStandIn;
  const clients: WatchClient[] = [];

  /** A 3G watch on the server's watch port, logged in (LK) and answered. */
  const connect = async (imei: string) => {
    const watch = await WatchClient.connect(server.config.watchPort);
    clients.push(watch);
    watch.send(watchFrame(imei, 'LK,10,0,90'));
    await watch.next((f) => f.endsWith('*LK]'));
    return watch;
  };
  const card = (name: string) => page.getByTestId('device-row').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const statusOf = (name: string) => card(name).getByRole('status');
  const locateButton = (name: string) => card(name).getByRole('button', { name: `Locate now: ${name}` });
  const marker = async (name: string) => (await maps.markers(page)).find((m) => m.region === MAP && m.title?.startsWith(`${name} (`));
  const commandsOf = async (imei: string) =>
    server.database.db
      .selectFrom('device_commands as c')
      .innerJoin('devices as d', 'd.id', 'c.device_id')
      .select(['c.id', 'c.status'])
      .where('d.imei', '=', imei)
      .orderBy('c.creation_time')
      .execute();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { watchPort: 0, mapsKey: 'test-maps-key' }), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB', timezoneId: TIME_ZONE });
    maps = await useGoogleMapsStandIn(context);
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
  });
  afterAll(async () => {
    for (const c of clients) c.end();
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('asks the connected watch, which gets CR, echoes it and sends a position: the card says "Position updated" and the map moves there', async () => {
    const watch = await connect(MUM.imei);
    await expect.poll(() => marker(MUM.name), WAIT).toBeDefined();
    const before = (await marker(MUM.name))!.position!;
    const button = locateButton(MUM.name);
    await button.waitFor(WAIT);
    // A thumb's target on a 360 px phone: the card's width, 48 px high at the least.
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect(box.width).toBeGreaterThanOrEqual(280);
    expect(box.x + box.width).toBeLessThanOrEqual(360);

    const seen = watch.frames.length;
    await button.click();
    // Over the watch's own connection, tagged as the watch tags its frames (see commands-live).
    const frame = await watch.next((f) => f.endsWith('*CR]'), seen, 5000);
    expect(frame).toBe(`[SG*${MUM.imei}*0002*CR]`);
    await statusOf(MUM.name).getByText('The watch got the request. Waiting for its position…').waitFor(WAIT);
    expect(await button.isDisabled()).toBe(true);

    watch.send(watchFrame(MUM.imei, 'CR'));
    await expect.poll(async () => (await commandsOf(MUM.imei)).at(-1)?.status, WAIT).toBe('acknowledged');
    const fix = new Date(Math.floor(Date.now() / 1000) * 1000);
    const here = { lat: before.lat + 0.0021, lng: before.lng + 0.0013 };
    watch.send(watchFrame(MUM.imei, report('UD', { lat: here.lat, lon: here.lng, time: fix })));

    await statusOf(MUM.name).getByText(`Position updated ${hhmm(fix)}`, { exact: true }).waitFor(WAIT);
    expect(await button.isEnabled()).toBe(true);
    // The good news in its colour is as readable as the rest (contrast, names).
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The map read the new position at once (its own refresh is every 30 s).
    await expect.poll(async () => (await marker(MUM.name))?.position, { timeout: 5000 }).toEqual({ lat: Number(here.lat.toFixed(6)), lng: Number(here.lng.toFixed(6)) });
    watch.end();
  });

  it('says a watch that is away is not connected, and that it got the request once it connected', async () => {
    const button = locateButton(DAD.name);
    await button.click();
    await statusOf(DAD.name).getByText('Asking the watch…').waitFor(WAIT);
    await statusOf(DAD.name).getByText('The watch is not connected: it will be asked as soon as it connects.').waitFor(WAIT);
    expect(await button.isDisabled()).toBe(true);
    expect((await commandsOf(DAD.imei)).at(-1)?.status).toBe('queued');

    const watch = await connect(DAD.imei);
    await watch.next((f) => f === `[SG*${DAD.imei}*0002*CR]`);
    await statusOf(DAD.name).getByText('The watch got the request. Waiting for its position…').waitFor(WAIT);
    watch.end();
  });

  it("shows the server's reason when the watch cannot be asked (an Eview)", async () => {
    await server.database.db.updateTable('devices').set({ model: 'evi' }).where('imei', '=', DAD.imei).execute();
    await page.reload();
    const button = locateButton(DAD.name);
    await button.click();
    await statusOf(DAD.name).getByText('The evi watch cannot be asked for its position now: the map shows the last position it sent').waitFor(WAIT);
    expect(await button.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
