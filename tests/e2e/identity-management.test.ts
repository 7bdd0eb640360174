import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * The host administrator runs identity management in a real browser: a claim type given to a
 * role as a claim, an organization unit tree with a role and a member, the security log filtered
 * to a user's sign-in, the audit log filtered by method with an entry's changes, the user logs
 * timeline, and the users overview report downloaded as a real workbook; the screens fit a
 * 360 px wide phone.
 */
describe('identity management in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const tag = `e2e${Date.now().toString(36)}`;
  const claimName = `Region ${tag}`;
  const roleName = `Claims ${tag}`;
  const WAIT = { timeout: 15_000 };
  const labelled = (label: string) => new RegExp(`^${label}(\\s*\\*)?$`);
  const answered = (method: string, match: (url: string) => boolean) => page.waitForResponse((r) => r.request().method() === method && match(new URL(r.url()).pathname));

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB', acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'admin', DEMO_PASSWORD, '/identity-management/claim-types');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('creates a claim type and adds it to a role as a claim, checked against its pattern', async () => {
    await page.goto(`${server.url}/identity-management/claim-types/create`);
    await page.getByLabel(labelled('Name')).fill(claimName);
    await page.getByLabel('Regular expression', { exact: true }).fill('^[A-Z]{2}$');
    await page.getByLabel('Regular expression description').fill('Two capital letters');
    const created = answered('POST', (p) => p === '/api/identity/claim-types');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);
    await page.waitForURL(/\/identity-management\/claim-types(\?|$)/);
    await page.getByPlaceholder('Search').fill(tag);
    await page.locator('table tbody tr').filter({ hasText: claimName }).waitFor(WAIT);

    await page.goto(`${server.url}/identity-management/roles/create`);
    await page.getByLabel(labelled('Role name')).fill(roleName);
    const roleCreated = answered('POST', (p) => p === '/api/identity/roles');
    await page.getByRole('button', { name: 'Save' }).click();
    const roleId = ((await (await roleCreated).json()) as { id: string }).id;
    await page.goto(`${server.url}/identity-management/roles/${roleId}`);

    await page.getByLabel('Claim type').click(WAIT);
    await page.getByRole('option', { name: claimName }).click();
    await page.getByText('Two capital letters').waitFor(WAIT);
    await page.getByLabel('Value').fill('dk1');
    const refused = answered('PUT', (p) => p.endsWith(`/roles/${roleId}/claims`));
    await page.getByRole('button', { name: 'Add claim' }).click();
    expect((await refused).status()).toBe(400);

    await page.getByLabel('Value').fill('DK');
    const saved = answered('PUT', (p) => p.endsWith(`/roles/${roleId}/claims`));
    await page.getByRole('button', { name: 'Add claim' }).click();
    expect((await saved).status()).toBe(204);
    await page.getByRole('button', { name: `Remove the claim ${claimName} = DK` }).waitFor(WAIT);
    await page.reload();
    await page.getByRole('button', { name: `Remove the claim ${claimName} = DK` }).waitFor(WAIT);
  });

  it('builds an organization unit with a child, and gives the unit a role and a member', async () => {
    const parent = `Region ${tag}`;
    const child = `Ward ${tag}`;
    await page.goto(`${server.url}/identity-management/organization-units`);
    await page.getByRole('button', { name: 'Add a top-level unit' }).click(WAIT);
    await page.getByRole('dialog').getByLabel(labelled('Name')).fill(parent);
    const created = answered('POST', (p) => p === '/api/identity/organization-units');
    await page.keyboard.press('Enter');
    expect((await created).status()).toBe(200);

    await page.getByRole('button', { name: 'Add a unit below' }).click(WAIT);
    await page.getByRole('dialog').getByLabel(labelled('Name')).fill(child);
    const childCreated = answered('POST', (p) => p === '/api/identity/organization-units');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    expect((await childCreated).status()).toBe(200);
    // The child sits in the parent's group of the tree.
    const parentItem = page.getByRole('treeitem').filter({ has: page.getByRole('button', { name: parent, exact: true }) });
    await parentItem.getByRole('group').getByRole('button', { name: child, exact: true }).waitFor(WAIT);

    // Picked by keyboard: focus the parent's entry and press Enter.
    await page.getByRole('button', { name: parent, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: parent }).waitFor(WAIT);

    await page.getByLabel('Role to add').fill('adm');
    await page.getByRole('option', { name: 'admin', exact: true }).click(WAIT);
    const roleAdded = answered('PUT', (p) => p.endsWith('/roles'));
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect((await roleAdded).status()).toBe(204);
    await page.getByRole('button', { name: 'Remove the role admin' }).waitFor(WAIT);

    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByLabel('User to add (type to search)').fill('admin');
    await page.getByRole('option', { name: /^admin\b/ }).first().click(WAIT);
    const memberAdded = answered('PUT', (p) => p.endsWith('/members'));
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect((await memberAdded).status()).toBe(204);
    await page.getByRole('button', { name: 'Remove the member admin' }).waitFor(WAIT);
  });

  it("filters the security log to a user and shows the user's sign-in", async () => {
    await page.goto(`${server.url}/identity-management/security-logs`);
    const listed = answered('GET', (p) => p === '/api/identity/security-logs');
    await page.getByRole('textbox', { name: 'User name' }).fill('admin');
    await listed;
    const rows = page.locator('table tbody tr');
    await rows.filter({ hasText: 'Signed in' }).first().waitFor(WAIT);
    await expect.poll(async () => (await rows.locator('td.column-userName').allTextContents()).every((t) => t === 'admin'), WAIT).toBe(true);
    const none = page.waitForResponse((r) => r.url().includes('/api/identity/security-logs') && r.url().includes('userName=nobody'));
    await page.getByRole('textbox', { name: 'User name' }).fill('nobody-by-this-name');
    expect(((await (await none).json()) as { totalCount: number }).totalCount).toBe(0);
    await expect.poll(() => rows.filter({ hasText: 'Signed in' }).count(), WAIT).toBe(0);
  });

  it("filters the audit log by method and opens an entry's changes", async () => {
    await page.goto(`${server.url}/audit-logs`);
    await page.getByRole('combobox', { name: 'Method' }).click(WAIT);
    const filtered = page.waitForResponse((r) => r.url().includes('/api/audit-logging/audit-logs') && r.url().includes('httpMethod=POST'));
    await page.getByRole('option', { name: 'POST' }).click();
    await filtered;
    const rows = page.locator('table tbody tr');
    await expect.poll(async () => (await rows.locator('td.column-httpMethod').allTextContents()).every((m) => m === 'POST'), WAIT).toBe(true);
    const entry = rows.filter({ hasText: '/api/identity/claim-types' }).first();
    await entry.getByRole('button', { name: /Details of POST \/api\/identity\/claim-types/ }).click(WAIT);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Changed entities' }).waitFor(WAIT);
    await dialog.getByText('Created: IdentityClaimType').waitFor(WAIT);
    await dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: claimName, exact: true }) }).getByRole('cell', { name: 'name', exact: true }).waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it("shows a user's own timeline on the user logs page", async () => {
    await page.goto(`${server.url}/userLogs`);
    await page.getByLabel('User').fill('admin');
    await page.getByRole('option', { name: /^admin\b/ }).first().click(WAIT);
    const rows = page.locator('table tbody tr');
    await rows.filter({ hasText: 'POST /api/identity/claim-types' }).first().waitFor(WAIT);
    await rows.filter({ hasText: 'Signed in' }).first().waitFor(WAIT);
  });

  it('downloads the users overview report as a real workbook listing the users', async () => {
    await page.goto(`${server.url}/users`);
    await page.locator('table tbody tr').filter({ hasText: 'admin' }).first().waitFor(WAIT);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download users (Excel)' }).click();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-')), (await download).suggestedFilename());
    await (await download).saveAs(file);
    expect(file).toMatch(/users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('User name');
    const names: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && names.push(row.getCell(1).value));
    expect(names).toContain('admin');
  });

  it('fits the identity screens on a 360 px phone', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
    const small = await phone.newPage();
    await signInAs(small, server.url, 'admin', DEMO_PASSWORD, '/identity-management/organization-units');
    for (const screen of ['/identity-management/organization-units', '/identity-management/claim-types', '/identity-management/security-logs', '/audit-logs', '/users', '/userLogs']) {
      await small.goto(`${server.url}${screen}`);
      await small.getByRole('main').waitFor(WAIT);
      await small.waitForLoadState('networkidle');
      // Measured once the texts are in (no translation key left on the screen).
      await expect.poll(() => small.locator('body').innerText(), WAIT).not.toMatch(/\b(usersOverview|auditLogs|claimTypes|securityLogs|userLogs|organizationUnits|filters|common)\.[a-z]/);
      // What sticks out on the right, innermost first, to name it when the page is too wide.
      const wide = await small.evaluate(() =>
        [...document.body.querySelectorAll('*')]
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
          .slice(0, 5)
          .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 2).join('.')} "${(e.textContent ?? '').slice(0, 30)}"`),
      );
      const overflow = await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `${screen} is wider than the phone: ${wide.join(', ')}`).toBeLessThanOrEqual(0);
    }
    await phone.close();
  });
});
