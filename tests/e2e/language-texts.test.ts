import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/** An administrator overrides a Danish text in the back office and sees it after switching to Danish. */
describe('language texts in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const WAIT = { timeout: 15_000 };
  const override = `Overblik ${Date.now().toString(36)}`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'admin', DEMO_PASSWORD, '/language-management/texts');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('overrides the Danish dashboard heading', async () => {
    await page.getByRole('combobox', { name: 'Resource' }).click();
    await page.getByRole('option', { name: 'admin', exact: true }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Target language' }).textContent()).toBe('Dansk');
    await page.getByLabel('Search keys and texts').fill('dashboard.title');
    await page.getByRole('button', { name: 'Edit dashboard.title', exact: true }).click(WAIT);
    await page.getByLabel('Text of dashboard.title').fill(override);
    const saved = page.waitForResponse((r) => r.url().includes('/api/language-management/language-texts/admin/da-DK/dashboard.title') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await page.getByRole('cell', { name: override }).waitFor(WAIT);

    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId('language-switcher').first().click();
    await page.getByRole('menuitem', { name: 'Dansk' }).click();
    await page.getByRole('heading', { name: override }).waitFor(WAIT);
  });

  it('resets the override to the shipped Danish text', async () => {
    await page.goto(`${server.url}/language-management/texts`);
    await page.getByRole('combobox', { name: 'Ressource' }).click(WAIT);
    await page.getByRole('option', { name: 'admin', exact: true }).click();
    await page.getByLabel('Søg i nøgler og tekster').fill('dashboard.title');
    const reset = page.getByRole('button', { name: 'Nulstil dashboard.title til standardteksten', exact: true });
    const restored = page.waitForResponse((r) => r.url().includes('/api/language-management/language-texts/admin/da-DK/dashboard.title/restore') && r.request().method() === 'PUT');
    await reset.click(WAIT);
    expect((await restored).status()).toBe(200);
    await page.getByRole('cell', { name: /^Oversigt/ }).waitFor(WAIT);
    // Shipped again: nothing left to reset.
    await expect.poll(() => reset.count()).toBe(0);
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Oversigt' }).waitFor(WAIT);
  });
});
