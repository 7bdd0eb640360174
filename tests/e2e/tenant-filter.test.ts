import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/seed/demo';
import { ALL_TENANTS } from '../../common/roles';

/** A host administrator on a phone-sized screen picks the tenant filter in the app bar. */
describe('tenant filter in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const WAIT = { timeout: 15_000 };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'admin', DEMO_PASSWORD, '/customers');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("starts a fresh host session on All: Devices and Organizations list the demo tenant's rows with no choice made", async () => {
    const sunrise = await server.database.db.selectFrom('tenants').select('id').where('name', '=', DEMO_TENANT).executeTakeFirstOrThrow();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const fresh = await context.newPage();
    fresh.on('pageerror', (err) => console.error('page error:', err.message));
    /** The list answer of `path` sent with all tenants, and the first of its rows that is the demo tenant's. */
    const tenantRow = async (answer: Promise<Response>) => {
      const res = await answer;
      expect(res.status()).toBe(200);
      const body = (await res.json()) as { items: { tenantId: string | null; name: string; parentId?: string | null }[] };
      // A top-level one where the list is a tree (organizations show their children folded).
      const own = body.items.filter((item) => item.tenantId === sunrise.id);
      const row = own.find((item) => !item.parentId) ?? own[0];
      expect(row, 'a row of the demo tenant').toBeDefined();
      return row!;
    };
    const listed = (path: string) => fresh.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'GET' && r.request().headers()['__tenant'] === ALL_TENANTS, WAIT);

    const devices = listed('/api/app/productInstance');
    await signInAs(fresh, server.url, 'admin', DEMO_PASSWORD, '/devices');
    const device = await tenantRow(devices);
    await expect.poll(() => fresh.evaluate(() => localStorage.getItem('tenantFilter')), WAIT).toBe(ALL_TENANTS);
    await expect.poll(() => fresh.getByRole('combobox', { name: 'Tenant' }).textContent(), WAIT).toBe('All');
    await fresh.locator('table tbody tr').filter({ hasText: device.name }).first().waitFor(WAIT);

    const organizations = listed('/api/app/organizations-overviews');
    await fresh.goto(`${server.url}/organizations`);
    const organization = await tenantRow(organizations);
    await fresh.locator('table tbody tr').filter({ hasText: organization.name }).first().waitFor(WAIT);
    await context.close();
  });

  it('stores the choice, sends it as __tenant and restores it on reload', async () => {
    const filter = page.getByRole('combobox', { name: 'Tenant' });
    await filter.click(WAIT);
    await page.getByRole('option', { name: 'All', exact: true }).waitFor();
    await page.getByRole('option', { name: 'Own organisation' }).click();
    expect(await page.evaluate(() => localStorage.getItem('tenantFilter'))).toBe('null');

    await filter.click();
    const refetched = page.waitForRequest((r) => r.url().includes('/api/app/customer') && r.headers()['__tenant'] === ALL_TENANTS, WAIT);
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await refetched;
    expect(await page.evaluate(() => localStorage.getItem('tenantFilter'))).toBe(ALL_TENANTS);

    await page.reload();
    await page.waitForURL(`${server.url}/customers`);
    await filter.waitFor(WAIT);
    await expect.poll(() => filter.textContent(), WAIT).toBe('All');
  });

  it('says on the new-user screen, with All chosen, that the user goes to the own organisation, and not once a tenant is chosen', async () => {
    const notice = page.getByText('With the tenant filter on All, this user is created in your own organisation.', { exact: false });
    await page.goto(`${server.url}/identity-management/users/create`);
    await page.getByLabel('User name').first().waitFor(WAIT);
    await notice.waitFor(WAIT);

    await page.evaluate(() => localStorage.setItem('tenantFilter', 'null'));
    await page.reload();
    await page.getByLabel('User name').first().waitFor(WAIT);
    expect(await notice.count()).toBe(0);
    await page.evaluate((all) => localStorage.setItem('tenantFilter', all), ALL_TENANTS);
  });
});
