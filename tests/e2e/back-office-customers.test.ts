import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { tokensFor } from '../support/sign-in';

/**
 * Back-office staff keep customers on screens generated from schemas/customers.json: create,
 * edit, filter, sort, export and delete in a real browser against the real server, with the
 * server's own validation shown on the field it concerns.
 */
describe('customers back office in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  // Names unique to this run, so rows other tests or seeds add do not matter.
  const tag = `E2E${Date.now().toString(36)}`;
  const aurora = `${tag} Aurora Care`;
  const birch = `${tag} Birch Homes`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'staff', DEMO_PASSWORD, '/customers');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  // Required fields' labels end in an asterisk.
  const labelled = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}(\\s*\\*)?$`);
  const field = (label: string) => page.getByLabel(labelled(label));
  /** Lists and forms answer after a server round trip: wait for them, not only a second. */
  const WAIT = { timeout: 15_000 };
  /** The message under the input of a field (react-admin marks each input with its source). */
  const messageOf = (source: string) => page.locator(`.ra-input-${source} .MuiFormHelperText-root`).textContent();
  const rows = () => page.locator('table tbody tr');
  const rowNames = async () => (await rows().locator('td.column-name').allTextContents()).map((t) => t.trim());

  async function chooseOption(label: string, option: string) {
    await field(label).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function createCustomer(values: { name: string; number: string; city: string; country?: string; currency?: string; discount?: string }) {
    await page.goto(`${server.url}/customers/create`);
    await field('Name').fill(values.name);
    await field('Customer number').fill(values.number);
    await field('City').fill(values.city);
    if (values.country) await chooseOption('Country', values.country);
    await page.getByRole('tab', { name: 'Pricing' }).click();
    if (values.discount) await field('Discount (%)').fill(values.discount);
    if (values.currency) await chooseOption('Currency', values.currency);
    await page.getByRole('button', { name: 'Save' }).click();
  }

  async function searchList(text: string) {
    const search = page.getByPlaceholder('Search');
    const answered = page.waitForResponse((r) => r.url().includes('/api/app/customer?') && new URL(r.url()).searchParams.get('Filter') === text);
    await search.fill(text);
    await answered;
    await expect.poll(async () => (await rowNames()).every((name) => name.includes(text)), WAIT).toBe(true);
  }

  it('creates customers, and shows the browser\'s and the server\'s validation on the right field', async () => {
    await page.getByRole('link', { name: 'Create' }).first().click();
    await page.waitForURL(`${server.url}/customers/create`);

    // Checked in the browser with the schema (same rule and message as the server).
    await field('Name').fill('x');
    await field('Name').fill('');
    await field('Phone').fill('12ab');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => messageOf('name'), WAIT).toBe('Name is required');
    await expect.poll(() => messageOf('phone'), WAIT).toBe('Phone number must only contain digits!');

    await createCustomer({ name: aurora, number: `${tag}-1`, city: 'Aarhus', discount: '10' });
    await page.waitForURL(/\/customers\/[0-9a-f-]{36}\/show$/);
    await page.getByText(aurora).first().waitFor();

    await createCustomer({ name: birch, number: `${tag}-2`, city: 'Malmö', country: 'Sweden', currency: 'Swedish krona (SEK)' });
    await page.waitForURL(/\/customers\/[0-9a-f-]{36}\/show$/);
    await page.getByText('Sweden').waitFor();

    // Only the server knows the number is taken: its 400 lands under Customer number.
    await createCustomer({ name: `${tag} Copy`, number: `${tag}-1`, city: 'Vejle' });
    await page.getByRole('tab', { name: 'General' }).click();
    await expect.poll(() => messageOf('customerNumber'), WAIT).toBe('Customer number already exists');
    expect(page.url()).toBe(`${server.url}/customers/create`);
  });

  it('edits a customer from its page', async () => {
    await page.goto(`${server.url}/customers`);
    await searchList(aurora);
    await rows().filter({ hasText: aurora }).click();
    await page.waitForURL(/\/show$/);
    await page.getByRole('link', { name: 'Edit' }).click();
    await field('City').fill('Odense');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/show$/);
    await page.getByText('Odense').waitFor();
  });

  it('tells who saves a stale copy that someone else changed the record', async () => {
    const url = page.url().replace(/\/show$/, '');
    const other = await context.newPage();
    // Both tabs hold the same copy (its form filled from the server) before either saves.
    const loaded = (tab: typeof page) => tab.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === new URL(url).pathname.replace(/^\/customers\//, '/api/app/customer/'));
    const otherLoaded = loaded(other);
    await other.goto(url);
    await otherLoaded;
    const pageLoaded = loaded(page);
    await page.goto(url);
    await pageLoaded;
    await field('Notes').waitFor();
    await other.getByLabel(labelled('Notes')).fill('Called on Monday');
    await other.getByRole('button', { name: 'Save' }).click();
    await other.waitForURL(/\/show$/);
    await other.close();

    await field('Notes').fill('Called on Tuesday');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Someone else changed this record').waitFor();
  });

  it('filters, sorts and exports the list', async () => {
    await page.goto(`${server.url}/customers`);
    await searchList(tag);
    await expect.poll(rowNames, WAIT).toEqual([aurora, birch]);

    // Sorted by name ascending by default (the schema's list.sort); one click reverses it.
    const sorted = page.waitForResponse((r) => new URL(r.url()).searchParams.get('Sorting') === 'name desc');
    await page.locator('thead').getByText('Name', { exact: true }).click();
    await sorted;
    await expect.poll(rowNames, WAIT).toEqual([birch, aurora]);

    // Per-field filter: country.
    await chooseOption('Country', 'Sweden');
    await expect.poll(rowNames, WAIT).toEqual([birch]);

    // CSV export of what the list shows, with translated headers and labels.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).toContain('Name,Customer number,VAT number');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(birch);
    expect(lines[0]).toContain('Sweden');
    expect(lines[0]).toContain('Swedish krona (SEK)');
  });

  it('deletes a customer', async () => {
    // The list as a link names it: only this run's customers, by name (react-admin's URL state).
    const listUrl = `${server.url}/customers?${new URLSearchParams({ filter: JSON.stringify({ q: tag }), sort: 'name', order: 'ASC' })}`;
    await page.goto(listUrl);
    await expect.poll(rowNames, WAIT).toEqual([aurora, birch]);
    await rows().filter({ hasText: birch }).locator('input[type=checkbox]').check();
    // react-admin deletes when its undo notification closes: the selection in one bulk delete, one transaction.
    const deleted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/app/customer/bulk-delete', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(204);
    await page.goto(listUrl);
    await expect.poll(rowNames, WAIT).toEqual([aurora]);
  });

  it("shows a customer's contact persons and linked organizations in their tabs, and adds, removes, links and unlinks them", async () => {
    const { access_token: staff } = await tokensFor(server.url, 'staff', DEMO_PASSWORD);
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${staff!}`, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await res.json()) as Record<string, unknown>;
      expect(res.status, JSON.stringify(json)).toBe(200);
      return json;
    };
    const name = `${tag} Dahlia Care`;
    const customer = String((await api('POST', '/api/app/customer', { name, customerNumber: `${tag}-9`, country: 'DK', currency: 'DKK', discountPercentage: 0 })).id);
    await api('POST', '/api/app/contactPerson', { customerId: customer, name: 'Mette Holm', role: 'Care manager', email: 'mette@dahlia.example', phone: '+4520304050', isPrimary: true });
    await api('POST', '/api/app/contactPerson', { customerId: customer, name: 'Jonas Berg', role: 'Accountant', email: 'jonas@dahlia.example', phone: '+4560708090', isPrimary: false });
    const ward = `${tag} Dahlia Ward`;
    const org = String((await api('POST', '/api/app/organizations-overviews', { name: ward, code: `${tag}-DW` })).id);
    await api('POST', `/api/app/customer/${customer}/linkedOrganizations`, { organizationId: org });
    const spare = `${tag} Dahlia Annex`;
    await api('POST', '/api/app/organizations-overviews', { name: spare, code: `${tag}-DA` });

    // The list counts them.
    await page.goto(`${server.url}/customers`);
    await searchList(name);
    const row = rows().filter({ hasText: name });
    await expect.poll(() => row.locator('td.column-organizationCount').textContent(), WAIT).toBe('1');
    await expect.poll(() => row.locator('td.column-contactPersonCount').textContent(), WAIT).toBe('2');

    await page.goto(`${server.url}/customers/${customer}/show`);
    await page.getByRole('tab', { name: 'Contact persons' }).click();
    const contacts = page.getByRole('region', { name: 'Contact persons' });
    const mette = contacts.locator('tr[data-contact="Mette Holm"]');
    await mette.waitFor(WAIT);
    for (const text of ['Care manager', 'mette@dahlia.example', '+4520304050', 'Primary contact']) await expect(mette.getByText(text).isVisible(), text).resolves.toBe(true);
    const jonas = contacts.locator('tr[data-contact="Jonas Berg"]');
    for (const text of ['Accountant', 'jonas@dahlia.example', '+4560708090']) await expect(jonas.getByText(text).isVisible(), text).resolves.toBe(true);

    // Add a contact person: the server's validation lands on the field; then it is saved.
    await contacts.getByRole('button', { name: 'Add contact person' }).click();
    const dialog = page.getByRole('dialog', { name: 'New contact person' });
    await dialog.getByLabel(/^Name/).fill('Sofie Lund');
    await dialog.getByLabel(/^Phone/).fill('12ab');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Phone number must only contain digits!').waitFor(WAIT);
    await dialog.getByLabel(/^Phone/).fill('+4511223344');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await contacts.locator('tr[data-contact="Sofie Lund"]').waitFor(WAIT);
    await expect.poll(() => contacts.locator('tr[data-contact]').count(), WAIT).toBe(3);

    // Remove it again, after a confirmation.
    await contacts.getByRole('button', { name: 'Remove Sofie Lund' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => contacts.locator('tr[data-contact]').count(), WAIT).toBe(2);

    await page.getByRole('tab', { name: 'Organizations' }).click();
    const organizations = page.getByRole('region', { name: 'Linked organizations' });
    await organizations.locator(`tr[data-organization="${ward}"]`).waitFor(WAIT);
    await expect(organizations.getByText(`${tag}-DW`).isVisible()).resolves.toBe(true);

    // Link another organization by name, then unlink the first.
    await organizations.getByLabel('Organization to link').fill(spare);
    await page.getByRole('option', { name: spare }).click();
    await organizations.getByRole('button', { name: 'Link organization' }).click();
    await organizations.locator(`tr[data-organization="${spare}"]`).waitFor(WAIT);
    await organizations.getByRole('button', { name: `Unlink ${ward}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => organizations.locator(`tr[data-organization="${ward}"]`).count(), WAIT).toBe(0);
    // The row goes when the page has the answer; the server is asked again rather than raced.
    const linkedNames = async () => ((await api('GET', `/api/app/customer/${customer}/linkedOrganizations`)).items as { name: string }[]).map((o) => o.name);
    await expect.poll(linkedNames, WAIT).toEqual([spare]);
  });

  it('works on a phone-sized screen by keyboard alone', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    const small = await phone.newPage();
    await signInAs(small, server.url, 'staff', DEMO_PASSWORD, '/customers/create');

    const name = `${tag} Cedar Court`;
    await small.getByLabel(labelled('Name')).focus();
    await small.keyboard.type(name);
    await small.keyboard.press('Tab');
    await small.keyboard.type(`${tag}-3`);
    await small.keyboard.press('Enter');
    await small.waitForURL(/\/customers\/[0-9a-f-]{36}\/show$/);
    await small.getByText(name).first().waitFor();

    // The list is one column at this width, its rows links a keyboard reaches.
    await small.goto(`${server.url}/customers?${new URLSearchParams({ filter: JSON.stringify({ q: name }) })}`);
    const row = small.getByRole('link', { name: new RegExp(name) });
    await row.focus();
    await small.keyboard.press('Enter');
    await small.waitForURL(/\/show$/);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The tabs (four of them now) scroll inside the card; the contact persons' tab fits the phone too.
    await small.getByRole('tab', { name: 'Contact persons' }).click();
    await small.getByRole('region', { name: 'Contact persons' }).getByText('No contact persons yet').waitFor(WAIT);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.close();
  });
});
