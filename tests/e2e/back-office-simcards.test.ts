import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * Staff add SIM cards from a CSV file (progress, "N of M created", the lines to fix) and take
 * selected cards out of service from the generated list, in a real browser against the real server.
 */
describe('SIM cards back office in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  // This run's cards carry its tag as operator, so the list can be narrowed to them.
  const tag = `E2E${Date.now().toString(36)}`;
  const digits = String(Date.now()).slice(-9);
  const [first, second] = [`8945${digits}000001`, `8945${digits}000002`];
  const WAIT = { timeout: 15_000 };
  const listUrl = () => `${server.url}/simcards?${new URLSearchParams({ filter: JSON.stringify({ q: tag }), sort: 'iccid', order: 'ASC' })}`;
  const rows = () => page.locator('table tbody tr');
  const iccids = async () => (await rows().locator('td.column-iccid').allTextContents()).map((t) => t.trim());

  async function signIn(target: Page, returnTo: string) {
    await target.goto(`${server.url}/login?returnTo=${returnTo}`);
    await target.waitForURL(/\/oidc\/interaction\//);
    await target.getByLabel('User name or email').fill('staff');
    await target.getByLabel('Password').fill(DEMO_PASSWORD);
    await target.getByRole('button', { name: 'Sign in', exact: true }).click();
    await target.waitForURL(`${server.url}${returnTo}`);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signIn(page, '/simcards');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('uploads a CSV file: progress, "2 of 3 created", the bad line to fix, the new cards in the list', async () => {
    const csv = ['iccid;operator;status', `${first};${tag};active`, `8945000000000ABC123;${tag};active`, `${second};${tag};active`].join('\r\n');
    // The server answers a little later, so the progress bar is there to be seen.
    await page.route('**/batchUpload', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const sent = page.waitForRequest((r) => r.url().includes('/simCardInstance/batchUpload'));

    await page.getByRole('button', { name: 'Upload CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'cards.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByRole('progressbar').waitFor(WAIT);
    const request = await sent;
    expect(request.headers()['content-type']).toBe('text/csv');
    expect(request.method()).toBe('POST');

    await dialog.getByText('2 of 3 created').waitFor(WAIT);
    expect(await dialog.getByRole('progressbar').count()).toBe(0);
    const problem = dialog.locator('tbody tr');
    await expect.poll(() => problem.count()).toBe(1);
    expect((await problem.locator('td').allTextContents()).map((t) => t.trim())).toEqual(['3', 'ICCID', 'Must contain only numbers']);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.unroute('**/batchUpload');

    await page.goto(listUrl());
    await expect.poll(iccids, WAIT).toEqual([first, second]);
  });

  it('deactivates selected cards after asking, and tells what happened', async () => {
    await page.goto(listUrl());
    await expect.poll(iccids, WAIT).toEqual([first, second]);
    await rows().filter({ hasText: second }).locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Deactivate 1 selected SIM card? It is taken out of service today.').waitFor();
    const answered = page.waitForResponse((r) => r.url().includes('/simCardInstance/batchDeactivate'));
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    const response = await answered;
    expect(response.request().postDataJSON()).toEqual({ ids: [expect.stringMatching(/^[0-9a-f-]{36}$/)] });
    await dialog.getByText('1 deactivated, 0 already deactivated, 0 not deactivated.').waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await expect.poll(async () => (await rows().filter({ hasText: second }).locator('td.column-status').textContent())?.trim(), WAIT).toBe('Deactivated');
    expect((await rows().filter({ hasText: first }).locator('td.column-status').textContent())?.trim()).toBe('Active');
  });

  it('opens the upload dialog by keyboard on a phone-sized screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    const small = await phone.newPage();
    await signIn(small, '/simcards');
    const upload = small.getByRole('button', { name: 'Upload CSV' });
    await upload.focus();
    await small.keyboard.press('Enter');
    const dialog = small.getByRole('dialog');
    await dialog.getByLabel('CSV file').waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await small.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await phone.close();
  });
});
