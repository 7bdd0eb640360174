import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAtRest, axeScan } from '../support/axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * The host administrator changes the minimum password length and sees it kept after a reload, gets
 * the server's message on a field it refuses, and finds the emailing and time zone tabs; on a
 * phone, by keyboard.
 */
describe('setting management in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const WAIT = { timeout: 15_000 };
  const PATH = '/setting-management';
  const labelled = (label: string) => new RegExp(`^${label}(\\s*\\*)?$`);
  const identityApi = (r: { url(): string; request(): { method(): string } }) => r.url().includes('/api/setting-management/identity') && r.request().method() === 'PUT';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'admin', DEMO_PASSWORD, PATH);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('changes the minimum password length, kept after a reload', async () => {
    const length = page.getByLabel(labelled('Minimum password length'));
    await expect.poll(() => length.inputValue(), WAIT).toBe('10');
    await length.fill('12');
    const saved = page.waitForResponse(identityApi);
    // By keyboard: Enter in a field submits the form.
    await length.press('Enter');
    const response = await saved;
    expect(response.status(), `${response.request().postData()} -> ${await response.text()}`).toBe(200);
    expect(await response.json()).toMatchObject({ password: { requiredLength: 12 } });
    await page.getByText('Settings saved').waitFor(WAIT);

    await page.reload();
    await expect.poll(() => page.getByLabel(labelled('Minimum password length')).inputValue(), WAIT).toBe('12');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await pageAtRest(page);
    const scan = await axeScan(page, { include: ['.RaLayout-content'] });
    expect(scan.violations.map((v) => v.id)).toEqual([]);
  });

  it("shows the server's validation message on the field it refuses", async () => {
    const attempts = page.getByLabel(labelled('Failed sign-ins before lockout'));
    await expect.poll(() => attempts.inputValue(), WAIT).toBe('5');
    await attempts.fill('99');
    const refused = page.waitForResponse(identityApi);
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(400);
    await expect.poll(() => attempts.getAttribute('aria-invalid'), WAIT).toBe('true');
    const help = await attempts.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${help}"]`).textContent()).toMatch(/50/);

    // Reloading shows what is stored: the refused value was not saved.
    await page.reload();
    await expect.poll(() => page.getByLabel(labelled('Failed sign-ins before lockout')).inputValue(), WAIT).toBe('5');
  });

  it('offers the emailing and time zone tabs with their stored values', async () => {
    await page.getByRole('tab', { name: 'Emailing' }).click();
    await expect.poll(() => page.getByLabel(labelled('Sender e-mail address')).inputValue(), WAIT).toBe('noreply@vigil.local');
    await page.getByRole('tab', { name: 'Time zone' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: labelled('Time zone') }).inputValue(), WAIT).toMatch(/Europe\/Copenhagen/);
  });
});
