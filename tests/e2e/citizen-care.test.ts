import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/** Staff open a citizen (citizens/{id}) and see the person, their address, devices, zones on a map and alarm receivers. */
describe('citizens/{id} in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const citizenId = randomUUID();
  const WAIT = { timeout: 20_000 };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    const db = server.database.db;
    const tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    await db
      .insertInto('citizens' as never)
      .values({ id: citizenId, tenant_id: tenantId, first_name: 'Ada', last_name: 'Lindqvist', address: 'Havnegade 4', postal_code: '1058', city: 'København', concurrency_stamp: randomUUID() } as never)
      .execute();
    const watch = await db.selectFrom('devices').select('id').where('name', '=', "Mum's watch").executeTakeFirstOrThrow();
    await db.updateTable('devices').set({ citizen_id: citizenId } as never).where('id', '=', watch.id).execute();
    const zone = randomUUID();
    await db
      .insertInto('geofences')
      .values({ id: zone, tenant_id: tenantId, name: 'Around the harbour', shape: 'circle', center_lat: 55.678, center_lon: 12.59, radius_m: 250, concurrency_stamp: randomUUID() })
      .execute();
    await db.insertInto('geofence_links').values({ id: randomUUID(), tenant_id: tenantId, geofence_id: zone, device_id: watch.id }).execute();
    // A zone linked to the citizen themself, not to a device.
    const own = randomUUID();
    await db
      .insertInto('geofences')
      .values({ id: own, tenant_id: tenantId, name: 'Garden gate', shape: 'circle', center_lat: 55.679, center_lon: 12.591, radius_m: 40, concurrency_stamp: randomUUID() })
      .execute();
    await db.insertInto('geofence_links').values({ id: randomUUID(), tenant_id: tenantId, geofence_id: own, citizen_id: citizenId }).execute();
    await db
      .insertInto('device_alarm_receivers')
      .values({ id: randomUUID(), tenant_id: tenantId, device_id: watch.id, email: 'daughter@example.com', name: 'Eva Lindqvist', status: 'active' })
      .execute();

    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'staff', DEMO_PASSWORD, `/citizens/${citizenId}/show`);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the devices, the zones on the map and the alarm receivers', async () => {
    await page.getByText('Havnegade 4, 1058 København').waitFor(WAIT);
    const devices = page.getByRole('region', { name: 'Devices' });
    await devices.getByRole('cell', { name: "Mum's watch" }).waitFor(WAIT);
    await expect(devices.getByRole('cell', { name: '356938035643809' }).isVisible()).resolves.toBe(true);

    const zones = page.getByRole('region', { name: 'Geofences', exact: true });
    await zones.getByText('Around the harbour').waitFor(WAIT);
    await expect(zones.getByText('Circle, radius 250 m').isVisible()).resolves.toBe(true);
    await expect(zones.getByText('Garden gate').isVisible()).resolves.toBe(true);
    const map = page.getByRole('region', { name: 'Geofences of the citizen' });
    await map.locator('.leaflet-overlay-pane path').first().waitFor(WAIT);

    const receivers = page.getByRole('region', { name: 'Alarm receivers' });
    await receivers.getByRole('cell', { name: 'daughter@example.com' }).waitFor(WAIT);
    await expect(receivers.getByRole('cell', { name: 'Eva Lindqvist' }).isVisible()).resolves.toBe(true);
    await expect(receivers.getByText('Active').isVisible()).resolves.toBe(true);
  });

  it('shows the zones and the alarm receivers on a phone (360 x 740) without sideways scrolling', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    const small = await phone.newPage();
    await signInAs(small, server.url, 'staff', DEMO_PASSWORD, `/citizens/${citizenId}/show`);
    const zones = small.getByRole('region', { name: 'Geofences', exact: true });
    await zones.getByText('Around the harbour').waitFor(WAIT);
    await zones.getByText('Garden gate').waitFor(WAIT);
    const receivers = small.getByRole('region', { name: 'Alarm receivers' });
    await receivers.getByText('daughter@example.com').waitFor(WAIT);
    await small.waitForTimeout(1_000);
    const fit = await small.evaluate(() => {
      // The deepest elements past the right edge, to say what overflows when something does.
      const out: string[] = [];
      const sticksOut = (el: Element) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > 360.5;
      const walk = (el: Element) => {
        if (sticksOut(el) && !Array.from(el.children).some(sticksOut) && out.length < 8) out.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${(el.textContent ?? '').slice(0, 30)}"`);
        for (const child of Array.from(el.children)) walk(child);
      };
      walk(document.body);
      return { width: document.documentElement.scrollWidth, out };
    });
    expect(fit.width, `the citizen page scrolls sideways on a phone: ${fit.out.join(', ')}`).toBeLessThanOrEqual(360);
    await phone.close();
  });
});
