import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';
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
});
