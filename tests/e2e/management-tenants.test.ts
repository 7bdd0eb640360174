import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAtRest, axeScan } from '../support/axe';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/** The app bar's tenant filter: labelled Tenant, then the tenant it shows (All by default). */
const TENANT_FILTER = /^Tenant\b/;

/** Types into MUI X's date field (a group of sections) as a person does: its digits in order. */
async function typeInPicker(page: Page, name: string | RegExp, digits: string): Promise<void> {
  await page.getByRole('group', { name, exact: typeof name === 'string' }).click();
  await page.keyboard.type(digits);
}

/**
 * The host administrator creates a tenant with its contact fields, edits it, sets its maximum
 * devices feature, finds it in the app bar's tenant filter, and finally deletes it; the list also
 * fits a phone.
 */
describe('tenant management in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const tag = Date.now().toString(36);
  const name = `Fjord Care ${tag}`;
  const WAIT = { timeout: 15_000 };
  const labelled = (label: string) => new RegExp(`^${label}(\\s*\\*)?$`);
  const tenantsApi = (method: string) => (r: { url(): string; request(): { method(): string } }) => r.url().includes('/api/saas/tenants') && r.request().method() === method;

  async function findTenantRow() {
    await page.getByPlaceholder('Search name, customer number or e-mail').fill(name);
    // The search reaches the URL after react-admin's debounce; acting before would be undone by it.
    await page.waitForURL((url) => decodeURIComponent(url.search).includes(name), WAIT);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor(WAIT);
    return row;
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'admin', DEMO_PASSWORD, '/tenants');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('creates a tenant with its contact fields, which the tenant filter then lists', async () => {
    await page.getByRole('link', { name: 'Create' }).click(WAIT);
    await page.waitForURL(`${server.url}/tenants/create`);
    await page.getByLabel(labelled('Tenant name')).fill(name);
    await page.getByLabel(labelled('Contact e-mail')).fill(`office.${tag}@fjord.example`);
    await page.getByLabel(labelled('Phone number')).fill('+4512345678');
    await page.getByLabel(labelled('Address')).fill('Havnegade 1, 1058 København K');
    await page.getByLabel(labelled('Customer number')).fill(`C-${tag}`);
    await page.getByLabel(labelled('Notes')).fill('Pilot with two nursing homes');
    await typeInPicker(page, labelled('Active until'), '1200150331'); // 12:00 - 15/03/31
    const created = page.waitForResponse(tenantsApi('POST'));
    await page.getByRole('button', { name: 'Save' }).click();
    const response = await created;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ name, contactEmail: `office.${tag}@fjord.example`, phoneNumber: '+4512345678', customerNumber: `C-${tag}`, isActive: true, activationState: 1 });
    await page.waitForURL(/\/tenants(\?|$)/);

    const row = await findTenantRow();
    expect(await row.textContent()).toContain(`C-${tag}`);
    expect(await row.textContent()).toContain('Active');
    await pageAtRest(page);
    const listScan = await axeScan(page, { include: ['.RaLayout-content'] });
    expect(listScan.violations.map((v) => v.id)).toEqual([]);

    await page.getByRole('combobox', { name: TENANT_FILTER }).click(WAIT);
    await page.getByRole('option', { name }).waitFor(WAIT);
    await page.keyboard.press('Escape');
  });

  it('filters by activation state and by the day the activation ends', async () => {
    const listed = () => page.getByRole('row').filter({ hasText: name });
    const filtered = (query: string) => page.waitForResponse((r) => tenantsApi('GET')(r) && r.url().toLowerCase().includes(query.toLowerCase()));
    try {
      let answer = filtered('ActivationState=2');
      await page.getByRole('combobox', { name: /^Activation/ }).click();
      await page.getByRole('option', { name: 'Inactive' }).click();
      await answer;
      await listed().waitFor({ state: 'detached', ...WAIT });

      answer = filtered('ActivationState=1');
      await page.getByRole('combobox', { name: /^Activation/ }).click();
      await page.getByRole('option', { name: 'Active with an end date' }).click();
      await answer;
      await listed().waitFor(WAIT);

      // The end day itself is inside a range ending on it, whatever the hour.
      answer = filtered('expirationDateMax');
      await typeInPicker(page, 'Expires until', '150331');
      await answer;
      await listed().waitFor(WAIT);
      answer = filtered('expirationDateMin');
      await typeInPicker(page, 'Expires from', '160331');
      await answer;
      await listed().waitFor({ state: 'detached', ...WAIT });
    } finally {
      // The list keeps its filters: leave it unfiltered for the next steps.
      await page.goto(`${server.url}/tenants?filter=${encodeURIComponent('{}')}`);
    }
  });

  it('edits the tenant and keeps the changes after a reload', async () => {
    const row = await findTenantRow();
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/tenants\/[0-9a-f-]{36}$/);
    const editUrl = page.url();
    const notes = page.getByLabel(labelled('Notes'));
    await expect.poll(() => notes.inputValue(), WAIT).toBe('Pilot with two nursing homes');
    await notes.fill('Pilot with three nursing homes');
    await page.getByLabel(labelled('Customer number')).fill(`C-${tag}-2`);
    const updated = page.waitForResponse(tenantsApi('PUT'));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await updated).status()).toBe(200);
    await page.waitForURL(/\/tenants(\?|$)/);

    await page.goto(editUrl);
    await expect.poll(() => page.getByLabel(labelled('Notes')).inputValue(), WAIT).toBe('Pilot with three nursing homes');
    expect(await page.getByLabel(labelled('Customer number')).inputValue()).toBe(`C-${tag}-2`);
    expect(await page.getByLabel(labelled('Contact e-mail')).inputValue()).toBe(`office.${tag}@fjord.example`);
  });

  it("sets the tenant's maximum devices to 2, still 2 after a reload", async () => {
    await page.goto(`${server.url}/tenants`);
    let row = await findTenantRow();
    await row.getByRole('button', { name: `Features of ${name}` }).click();
    const dialog = page.getByRole('dialog');
    const maxDevices = dialog.getByLabel('Maximum number of devices per account');
    await expect.poll(() => maxDevices.inputValue(), WAIT).toBe('5');
    await maxDevices.fill('2');
    const saved = page.waitForResponse((r) => r.url().includes('/api/feature-management/features') && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(204);
    await dialog.waitFor({ state: 'detached', ...WAIT });

    await page.reload();
    row = await findTenantRow();
    await row.getByRole('button', { name: `Features of ${name}` }).click();
    await expect.poll(() => page.getByRole('dialog').getByLabel('Maximum number of devices per account').inputValue(), WAIT).toBe('2');
    expect(await page.getByRole('dialog').getByText('Set for this tenant').count()).toBeGreaterThan(0);
    await pageAtRest(page);
    const dialogScan = await axeScan(page, { include: ['[role=dialog]'] });
    expect(dialogScan.violations.map((v) => v.id)).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  it('fits a 360 px screen', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(`${server.url}/tenants`);
    await phone.getByText(name).first().waitFor(WAIT);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.close();
  });

  it('deletes the tenant after confirmation; the tenant filter no longer lists it', async () => {
    const row = await findTenantRow();
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`Delete the tenant ${name}?`).waitFor(WAIT);
    const deleted = page.waitForResponse(tenantsApi('DELETE'));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    expect((await deleted).status()).toBe(204);
    await page.getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached', ...WAIT });

    await page.getByRole('combobox', { name: TENANT_FILTER }).click();
    await page.getByRole('option', { name: 'Sunrise Care' }).waitFor(WAIT);
    // The list is refetched once the delete succeeds; on a loaded machine the menu can open on the
    // list from before for a moment. It must then go without a reload.
    await expect.poll(() => page.getByRole('option', { name }).count(), WAIT).toBe(0);
    await page.keyboard.press('Escape');
  });
});
