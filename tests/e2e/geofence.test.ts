import { pageAtRest, axeScan } from '../support/axe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/** Port 9 (discard) refuses connections: every tile fails, as offline. */
const UNREACHABLE_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

/**
 * The demo caregiver draws a safe zone on the Leaflet map with the mouse (no key, and a tile server
 * that cannot be reached),
 * names it, links a watch, saves, and finds it again after a reload; saving with nothing drawn
 * says so; the page passes axe at phone width.
 */
describe('/geofence in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const WAIT = { timeout: 20_000 };
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { tileUrl: UNREACHABLE_TILES }), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // The page starts empty (the demo's safe zone removed), as for a new carer.
    await server.database.db.deleteFrom('geofences').execute();
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/geofence');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("says 'Create a geofence by selecting an area on the map' when saving with nothing drawn", async () => {
    await page.getByLabel('Name').fill('Nothing drawn');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Create a geofence by selecting an area on the map' }).waitFor(WAIT)).resolves.toBeUndefined();
    expect(await server.database.db.selectFrom('geofences').select('id').execute()).toHaveLength(0);
  });

  it('draws a circle with the mouse, resizes it by its handle, links a watch, saves, and sees it after a reload', async () => {
    const map = page.locator('.leaflet-container');
    await map.waitFor(WAIT);
    const box = (await map.boundingBox())!;
    // The centre: a click in the middle of the map.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const lat = page.getByLabel('Centre latitude');
    await expect.poll(() => lat.inputValue(), WAIT).not.toBe('');
    const radius = page.getByLabel('Radius (metres)');
    const before = Number(await radius.inputValue());

    // Drag the resize handle further out.
    const handle = page.locator('.vigil-map-handle-resize');
    // The map zooms to the new circle (animated, and the animation may start a frame or two after
    // the click): take the handle where it has rested for three looks in a row, 250 ms apart.
    let last: { x: number; y: number } | null = null;
    let still = 0;
    await expect
      .poll(async () => {
        const now = await handle.boundingBox();
        still = now && last && Math.abs(now.x - last.x) < 0.5 && Math.abs(now.y - last.y) < 0.5 ? still + 1 : 0;
        last = now;
        return still;
      }, { ...WAIT, interval: 250 })
      .toBeGreaterThanOrEqual(2);
    const h = (await handle.boundingBox())!;
    const [x0, y0] = [h.x + h.width / 2, h.y + h.height / 2];
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    // Small steps with a pause, as a hand moves: Leaflet starts a drag only after a few pixels.
    for (let dx = 4; dx <= 80; dx += 4) {
      await page.mouse.move(x0 + dx, y0);
      await page.waitForTimeout(15);
    }
    await page.mouse.up();
    await expect.poll(async () => Number(await radius.inputValue()), WAIT).toBeGreaterThan(before);
    const drawnRadius = Number(await radius.inputValue());

    await page.getByLabel('Name').fill("Mum's home");
    await page.getByRole('checkbox', { name: "Mum's watch" }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Geofence saved').waitFor(WAIT);

    const db = server.database.db;
    const saved = await db.selectFrom('geofences').selectAll().where('name', '=', "Mum's home").executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ shape: 'circle', radius_m: drawnRadius, is_deleted: false });
    const watch = await db.selectFrom('devices').select('id').where('name', '=', "Mum's watch").executeTakeFirstOrThrow();
    const links = await db.selectFrom('geofence_links').select('device_id').where('geofence_id', '=', saved.id).execute();
    expect(links).toEqual([{ device_id: watch.id }]);

    await page.reload();
    const list = page.getByRole('list', { name: 'Your geofences' });
    await list.getByText("Mum's home").waitFor(WAIT);
    await expect(list.getByText(`Circle, radius ${drawnRadius} m · 1 linked`).isVisible()).resolves.toBe(true);
    // The saved zone is drawn on the map as a path, though no tile could be loaded.
    expect(await page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it('draws a polygon from typed corners (no mouse), renames it, and deletes it after confirming', async () => {
    await page.getByRole('button', { name: 'Polygon' }).click();
    await page.getByLabel('Corners (latitude, longitude per line)').fill(['55.67, 12.56', '55.67, 12.58', '55.68, 12.58', '55.68, 12.56'].join('\n'));
    await page.getByRole('button', { name: 'Close polygon' }).click();
    await page.getByLabel('Name').fill('Park');
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: 'Your geofences' });
    await list.getByText('Polygon, 4 corners · 0 linked').waitFor(WAIT);

    await page.getByRole('button', { name: 'Edit Park' }).click();
    await page.getByLabel('Name').fill('Big park');
    await page.getByRole('button', { name: 'Save' }).click();
    await list.getByText('Big park').waitFor(WAIT);
    const row = await server.database.db.selectFrom('geofences').select(['shape', 'points']).where('name', '=', 'Big park').executeTakeFirstOrThrow();
    expect(row.shape).toBe('polygon');
    expect(row.points).toHaveLength(4);

    await page.getByRole('button', { name: 'Delete Big park' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete geofence' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Geofence deleted').waitFor(WAIT);
    await list.getByText('Big park').waitFor({ state: 'detached', ...WAIT });
    const gone = await server.database.db.selectFrom('geofences').select('is_deleted').where('name', '=', 'Big park').executeTakeFirstOrThrow();
    expect(gone.is_deleted).toBe(true);
  });

  it('has no serious or critical axe violations at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await page.getByRole('list', { name: 'Your geofences' }).waitFor(WAIT);
    await pageAtRest(page);
    const result = await axeScan(page);
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/** With a maps key the Google engine is used; when its script cannot load or the key is refused, the SPEC 8 messages show. */
describe('/geofence with a Google Maps key', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  const WAIT = { timeout: 20_000 };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { mapsKey: 'test-maps-key' }), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/geofence');
    await page.close();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it("shows 'The Google Maps JavaScript API could not load.' when the script fails", async () => {
    const page = await context.newPage();
    await page.route('https://maps.googleapis.com/**', (route) => route.abort());
    await page.goto(`${server.url}/geofence`);
    await page.getByText('The Google Maps JavaScript API could not load.').waitFor(WAIT);
    // The rest of the page still works: the form is there.
    await expect(page.getByLabel('Name').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('shows the AuthFailure message when Google refuses the key', async () => {
    const page = await context.newPage();
    const requested: string[] = [];
    // Google's script calls gm_authFailure when the key is refused; this one does only that.
    await page.route('https://maps.googleapis.com/**', (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: 'window.gm_authFailure && window.gm_authFailure();' });
    });
    await page.goto(`${server.url}/geofence`);
    await page.getByText('Error: AuthFailure. A problem with your API key prevents the map from rendering correctly.').waitFor(WAIT);
    expect(requested.some((url) => url.includes('key=test-maps-key') && /libraries=marker(%2C|,)places/.test(url))).toBe(true);
    await page.close();
  });
});
