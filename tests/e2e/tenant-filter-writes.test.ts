import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/seed/demo';
import { ALL_TENANTS } from '../../common/roles';
import type { DynamicDb } from '../../server/schema-engine/resource-model';

const WAIT = { timeout: 20_000 };

/**
 * The host administrator with the tenant filter on All, at a desk (1366 x 850): a create asks which
 * tenant to save in and lands there, a customer's contact is added in the customer's tenant, and
 * linking an organization that another customer has asks first, naming that customer.
 */
describe('writes under the All tenant filter in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let sunrise: string;
  const db = () => server.database.db as unknown as DynamicDb;
  const idOf = async (table: string, name: string) => String((await db().selectFrom(table).select('id').where('name', '=', name).where('is_deleted', '=', false).executeTakeFirstOrThrow()).id);
  const rowsNamed = (table: string, name: string) => db().selectFrom(table).select(['id', 'tenant_id']).where('name', '=', name).where('is_deleted', '=', false).execute();
  const labelled = (label: string) => new RegExp(`^${label}(\\s*\\*)?$`);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    sunrise = (await server.database.db.selectFrom('tenants').select('id').where('name', '=', DEMO_TENANT).executeTakeFirstOrThrow()).id;
    context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'admin', DEMO_PASSWORD, '/customers');
    // A fresh host session starts on All.
    await page.waitForFunction((all) => localStorage.getItem('tenantFilter') === all, ALL_TENANTS, WAIT);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  async function choose(label: string, option: string) {
    await page.getByLabel(labelled(label)).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('asks on /contact-people/create which tenant to save in, offers that tenant\'s customers and saves the contact there', async () => {
    await page.goto(`${server.url}/contact-people/create`);
    await page.getByLabel(labelled('Name')).fill('Astrid Holm');
    // Without a tenant the form says so on the field, and nothing is sent.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.ra-input-tenantId .MuiFormHelperText-root').textContent(), WAIT).toMatch(/Save in is required/);
    // The customer choices are fetched for the chosen tenant as soon as it is chosen, so the wait
    // starts before the choice: a quick answer must not slip past it.
    const customers = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/app/customer' && r.request().headers()['__tenant'] === sunrise, WAIT);
    await choose('Save in', DEMO_TENANT);
    await customers;
    await page.getByLabel(labelled('Customer')).click();
    await page.getByRole('option', { name: 'Copenhagen Municipality', exact: true }).click();
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/app/contactPerson' && r.request().method() === 'POST', WAIT);
    await page.getByRole('button', { name: 'Save' }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(answer.request().headers()['__tenant']).toBe(sunrise);
    await expect.poll(() => rowsNamed('contact_people', 'Astrid Holm'), WAIT).toEqual([expect.objectContaining({ tenant_id: sunrise })]);
  });

  it("adds a contact person on a customer's tab in the customer's tenant", async () => {
    const copenhagen = await idOf('customers', 'Copenhagen Municipality');
    await page.goto(`${server.url}/customers/${copenhagen}/show`);
    await page.getByRole('tab', { name: /Contact/ }).click();
    await page.getByRole('button', { name: 'Add contact person' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(labelled('Name')).fill('Bent Lund');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/app/contactPerson' && r.request().method() === 'POST', WAIT);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(200);
    await page.getByText('Contact person added').waitFor(WAIT);
    await page.locator('[data-contact="Bent Lund"]').waitFor(WAIT);
    expect(await rowsNamed('contact_people', 'Bent Lund')).toEqual([expect.objectContaining({ tenant_id: sunrise })]);
  });

  it('creates a customer in the tenant chosen on the form, not in the own organisation', async () => {
    await page.goto(`${server.url}/customers/create`);
    await choose('Save in', DEMO_TENANT);
    // Country, currency and discount keep their defaults.
    await page.getByLabel(labelled('Name')).fill('Hvidovre Municipality');
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/app/customer' && r.request().method() === 'POST', WAIT);
    await page.getByRole('button', { name: 'Save' }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(await rowsNamed('customers', 'Hvidovre Municipality')).toEqual([expect.objectContaining({ tenant_id: sunrise })]);
  });

  it('asks before linking an organization that another customer has, naming that customer, and offers only the tenant\'s organizations', async () => {
    const copenhagen = await idOf('customers', 'Copenhagen Municipality');
    const frederiksberg = await idOf('customers', 'Frederiksberg Municipality');
    const valby = await idOf('organizations', 'Valby Home Care');
    await page.goto(`${server.url}/customers/${copenhagen}/show`);
    await page.getByRole('tab', { name: /Organizations/ }).click();
    const picker = page.getByLabel('Organization to link');
    const lookup = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/app/organizations-overviews/lookups' && new URL(r.url()).searchParams.get('Filter') === 'Valby', WAIT);
    await picker.fill('Valby');
    const offered = await lookup;
    // The customer's tenant, not All: another tenant's organizations are not offered.
    expect(offered.request().headers()['__tenant']).toBe(sunrise);
    await page.getByRole('option', { name: 'Valby Home Care', exact: true }).click();
    await page.getByRole('button', { name: 'Link organization' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    expect(await dialog.textContent()).toContain('Valby Home Care is linked to Frederiksberg Municipality now. Linking it to Copenhagen Municipality removes it from Frederiksberg Municipality.');
    // Nothing moved yet; Cancel keeps it so.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const before = await db().selectFrom('organizations').select('default_customer_id').where('id', '=', valby).executeTakeFirstOrThrow();
    expect(before.default_customer_id).toBe(frederiksberg);

    await page.getByRole('button', { name: 'Link organization' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click();
    await page.getByText('Organization linked').waitFor(WAIT);
    await page.locator('[data-organization="Valby Home Care"]').waitFor(WAIT);
    const after = await db().selectFrom('organizations').select('default_customer_id').where('id', '=', valby).executeTakeFirstOrThrow();
    expect(after.default_customer_id).toBe(copenhagen);
  });
});
