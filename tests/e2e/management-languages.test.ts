import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAtRest, axeScan } from '../support/axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * The host administrator removes Swedish, adds it again from the culture list, makes it the
 * default language and then makes English the default again.
 */
describe('language management in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const WAIT = { timeout: 15_000 };
  const LIST = '/language-management/languages';
  const labelled = (label: string) => new RegExp(`^${label}(\\s*\\*)?$`);
  const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  const languagesApi = (method: string, suffix = '') => (r: { url(): string; request(): { method(): string } }) =>
    r.url().includes('/api/language-management/languages') && r.url().includes(suffix) && r.request().method() === method;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'admin', DEMO_PASSWORD, LIST);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('marks the default language, which has no Delete, and passes an accessibility check', async () => {
    const english = rowOf('English');
    await english.waitFor(WAIT);
    expect(await english.getByText('Default', { exact: true }).count()).toBe(1);
    expect(await english.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await rowOf('Dansk').getByRole('button', { name: 'Set Dansk as default' }).count()).toBe(1);
    await pageAtRest(page);
    const scan = await axeScan(page, { include: ['.RaLayout-content'] });
    expect(scan.violations.map((v) => v.id)).toEqual([]);
  });

  it('removes Swedish after confirmation and adds it again from the culture list', async () => {
    await rowOf('Svenska').getByRole('button', { name: 'Delete' }).click(WAIT);
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Remove the language Svenska?').waitFor(WAIT);
    const deleted = page.waitForResponse(languagesApi('DELETE'));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    expect((await deleted).status()).toBe(204);
    await rowOf('Svenska').waitFor({ state: 'detached', ...WAIT });

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(`${server.url}${LIST}/create`);
    await page.getByRole('combobox', { name: labelled('Culture') }).click(WAIT);
    // Only the culture not added yet is offered.
    await expect.poll(async () => (await page.getByRole('option').allTextContents()).filter((t) => t.trim()), WAIT).toEqual(['Svenska (sv)']);
    await page.getByRole('option', { name: 'Svenska (sv)' }).click();
    await expect.poll(() => page.getByLabel(labelled('Display name')).inputValue(), WAIT).toBe('Svenska');
    expect(await page.getByLabel(labelled('Flag')).inputValue()).toBe('se');
    const created = page.waitForResponse(languagesApi('POST'));
    await page.getByRole('button', { name: 'Save' }).click();
    const response = await created;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ cultureName: 'sv', displayName: 'Svenska', flagIcon: 'se', isEnabled: true, isDefaultLanguage: false });
    await rowOf('Svenska').waitFor(WAIT);
  });

  it('sets Swedish as the default language, then English again', async () => {
    const set = page.waitForResponse(languagesApi('PUT', '/set-as-default'));
    await page.getByRole('button', { name: 'Set Svenska as default' }).click(WAIT);
    expect((await set).status()).toBe(204);
    await rowOf('Svenska').getByText('Default', { exact: true }).waitFor(WAIT);

    await page.reload();
    await rowOf('Svenska').getByText('Default', { exact: true }).waitFor(WAIT);
    expect(await rowOf('English').getByText('Default', { exact: true }).count()).toBe(0);
    expect(await rowOf('Svenska').getByRole('button', { name: 'Delete' }).count()).toBe(0);

    const restored = page.waitForResponse(languagesApi('PUT', '/set-as-default'));
    await page.getByRole('button', { name: 'Set English as default' }).click();
    expect((await restored).status()).toBe(204);
    await rowOf('English').getByText('Default', { exact: true }).waitFor(WAIT);
    await page.reload();
    await rowOf('English').getByText('Default', { exact: true }).waitFor(WAIT);
    expect(await rowOf('Svenska').getByText('Default', { exact: true }).count()).toBe(0);
  });
});
