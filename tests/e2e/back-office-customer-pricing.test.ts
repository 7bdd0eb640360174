import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * A customer's own prices on the pricing tab of its edit page: set one, save, see it after a
 * reload with its effective price after the discount, reset, and see the list price apply again.
 */
describe('customer prices in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let customerId: string;
  const tag = `E2E${Date.now().toString(36)}`;
  const WAIT = { timeout: 15_000 };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    const { access_token: staff } = await tokensFor(server.url, 'staff', DEMO_PASSWORD);
    const created = await fetch(`${server.url}/api/app/customer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `${tag} Pricing Care`, customerNumber: `${tag}-P`, country: 'DK', currency: 'DKK', discountPercentage: 10 }),
    });
    const body = (await created.json()) as { id: string };
    expect(created.status, JSON.stringify(body)).toBe(200);
    customerId = body.id;

    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'staff', DEMO_PASSWORD, '/customers');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const monthly = () => page.locator('[data-testid="customer-prices"] tr[data-product="subscription:monthly"]');
  const priceInput = () => page.getByLabel('Customer price of Monthly subscription');
  const effective = async () => (await monthly().locator('td.effective-price').textContent())?.trim();

  async function openPricing() {
    await page.goto(`${server.url}/customers/${customerId}`);
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await priceInput().waitFor(WAIT);
  }

  it('sets, saves, shows after a reload, and resets an own price', async () => {
    await openPricing();
    expect((await monthly().locator('td.list-price').textContent())?.trim()).toBe('199.00');
    expect(await priceInput().inputValue()).toBe('');
    expect(await effective()).toBe('179.10');

    await priceInput().fill('149.5');
    // The effective price follows what is typed, before saving.
    await expect.poll(effective, WAIT).toBe('134.55');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/customer/${customerId}/prices`) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save prices' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Prices saved').waitFor(WAIT);

    await page.reload();
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await priceInput().waitFor(WAIT);
    await expect.poll(() => priceInput().inputValue(), WAIT).toBe('149.5');
    expect(await effective()).toBe('134.55');

    // A negative price is refused by the server, with its message on the row.
    await priceInput().fill('-1');
    await page.getByRole('button', { name: 'Save prices' }).click();
    await monthly().getByText('Must be >= 0').waitFor(WAIT);

    await page.getByRole('button', { name: 'Reset prices' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Prices reset to list prices').waitFor(WAIT);
    await expect.poll(() => priceInput().inputValue(), WAIT).toBe('');
    expect(await effective()).toBe('179.10');

    await page.reload();
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await priceInput().waitFor(WAIT);
    expect(await priceInput().inputValue()).toBe('');
    expect(await effective()).toBe('179.10');
  });

  it('shows the prices read only on the show page', async () => {
    await page.goto(`${server.url}/customers/${customerId}/show`);
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await monthly().waitFor(WAIT);
    expect(await effective()).toBe('179.10');
    expect(await page.getByLabel('Customer price of Monthly subscription').count()).toBe(0);
  });
});
