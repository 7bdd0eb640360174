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
    const map = page.getByRole('region', { name: 'Geofences of the citizen' });
    await map.locator('.leaflet-overlay-pane path').first().waitFor(WAIT);

    const receivers = page.getByRole('region', { name: 'Alarm receivers' });
    await receivers.getByRole('cell', { name: 'daughter@example.com' }).waitFor(WAIT);
    await expect(receivers.getByRole('cell', { name: 'Eva Lindqvist' }).isVisible()).resolves.toBe(true);
    await expect(receivers.getByText('Active').isVisible()).resolves.toBe(true);
  });
});
