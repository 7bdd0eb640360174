import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import { imei } from '../support/device-stock';
import type { TestServer } from '../support/server';
import { startWebServer } from '../support/web-server';

/**
 * Tenant staff add devices to stock from a CSV file (progress, the bad line's error, the good
 * devices in the list) and mark a device lost from the list, then see the reason in its row and
 * on its page and find it by that reason, in a real browser.
 */
describe('device stock in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const WAIT = { timeout: 15_000 };
  const tag = `Stock${Date.now().toString(36)}`;
  const [first, second] = [imei(), imei()];
  const listUrl = () => `${server.url}/devices?${new URLSearchParams({ filter: JSON.stringify({ q: tag }), sort: 'name', order: 'ASC' })}`;
  const names = async () => (await page.locator('table tbody tr td.column-name').allTextContents()).map((t) => t.trim());

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'staff', DEMO_PASSWORD, '/devices');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('uploads a device CSV: the bad line is reported, the good devices appear', async () => {
    const csv = ['imei;model;name', `${first};watch4;${tag} A`, `12345;watch4;${tag} bad`, `${second};tizen;${tag} B`].join('\n');
    await page.route('**/hostData/batchCreate', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Add devices from a CSV file').waitFor(WAIT);
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByRole('progressbar').waitFor(WAIT);
    await dialog.getByText('2 of 3 created').waitFor(WAIT);
    const problem = dialog.locator('tbody tr');
    await expect.poll(() => problem.count()).toBe(1);
    const cells = (await problem.locator('td').allTextContents()).map((t) => t.trim());
    expect(cells.slice(0, 2)).toEqual(['3', 'IMEI or serial number']);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.unroute('**/hostData/batchCreate');

    await page.goto(listUrl());
    await expect.poll(names, WAIT).toEqual([`${tag} A`, `${tag} B`]);
  });

  it('marks a selected device lost after asking, shows the reason in the row and on its page, and finds it by the reason', async () => {
    await page.goto(listUrl());
    await expect.poll(names, WAIT).toEqual([`${tag} A`, `${tag} B`]);
    await page.locator('table tbody tr').filter({ hasText: `${tag} B` }).locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: 'Take out of service' }).click();
    await page.getByRole('menuitem', { name: 'Lost' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: "Mark 1 device as 'Lost'?" }).waitFor(WAIT);
    const answered = page.waitForResponse((r) => r.url().includes('/productInstance/stop/lost'));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    expect((await answered).status()).toBe(200);
    await dialog.getByText('1 changed, 0 unchanged, 0 not changed.').waitFor(WAIT);
    // The answer is titled with what was done, and closes with Close (nothing left to cancel).
    await dialog.getByRole('heading', { name: "Taken out of service as 'Lost'" }).waitFor(WAIT);
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Close']);
    const row = await server.database.db.selectFrom('devices').select(['stop_reason', 'stop_time']).where('imei', '=', second).executeTakeFirstOrThrow();
    expect(row.stop_reason).toBe('lost');
    expect(row.stop_time).toBeInstanceOf(Date);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });

    // The row says why the device is out of service; the other row is in service.
    const reasonOf = (name: string) => page.locator('table tbody tr').filter({ hasText: name }).locator('td.column-stopReason');
    await expect.poll(async () => (await reasonOf(`${tag} B`).textContent())?.trim(), WAIT).toBe('Lost');
    expect((await reasonOf(`${tag} A`).textContent())?.trim()).toBe('');

    // The Out of service filter (behind "Add filter") finds it, and only it.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Out of service' }).click();
    await page.getByRole('combobox', { name: 'Out of service' }).click();
    await page.getByRole('option', { name: 'Lost' }).click();
    await expect.poll(names, WAIT).toEqual([`${tag} B`]);
    await page.getByRole('combobox', { name: 'Out of service' }).click();
    await page.getByRole('option', { name: 'Awaiting return' }).click();
    await page.getByText('No results found').or(page.getByText(/^No .* found/)).first().waitFor(WAIT);

    // The device page says it too.
    await page.goto(listUrl());
    await page.locator('table tbody tr').filter({ hasText: `${tag} B` }).locator('td.column-name').click();
    await page.waitForURL(/\/devices\/[^/]+\/show/, WAIT);
    const field = page.locator('.ra-field-stopReason');
    await field.getByText('Lost').waitFor(WAIT);
    await field.getByText('Out of service').waitFor(WAIT);
  });
});
