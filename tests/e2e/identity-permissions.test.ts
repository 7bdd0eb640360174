import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/seed/demo';
import { ALL_TENANTS, ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { tokensFor } from '../support/sign-in';

/**
 * An administrator builds a role holding only the SIM card policies through the permissions
 * dialog, gives it to a new user, and that user sees only SIM cards; then the administrator locks
 * the user out and the sign-in page says so.
 */
describe('roles, permissions and users in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  const tag = `e2e${Date.now().toString(36)}`;
  const roleName = `SIM keeper ${tag}`;
  const userName = `simkeeper.${tag}`;
  const password = 'Sim-Keeper-2026!';
  const WAIT = { timeout: 15_000 };
  const labelled = (label: string) => new RegExp(`^${label}(\\s*\\*)?$`);

  async function signIn(target: Page, login: string, secret: string, returnTo: string) {
    await target.goto(`${server.url}/login?returnTo=${returnTo}`);
    await target.waitForURL(/\/oidc\/interaction\//);
    await target.getByLabel('User name or email').fill(login);
    await target.getByLabel('Password').fill(secret);
    await target.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  async function newPage(): Promise<[BrowserContext, Page]> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const created = await context.newPage();
    created.on('pageerror', (err) => console.error('page error:', err.message));
    return [context, created];
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    [admin, page] = await newPage();
    await signIn(page, 'admin', DEMO_PASSWORD, '/identity-management/roles');
    await page.waitForURL(`${server.url}/identity-management/roles`);
  });
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
    await server?.stop();
  });

  it('creates a SIM-card-only role and a user holding it, who sees only SIM cards', async () => {
    // The role.
    await page.goto(`${server.url}/identity-management/roles/create`);
    await page.getByLabel(labelled('Role name')).fill(roleName);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/identity/roles') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);
    await page.waitForURL(/\/identity-management\/roles(\?|$)/);

    // Its permissions: the children checked, the parent follows.
    await page.getByPlaceholder('Search').fill(roleName);
    await page.getByRole('button', { name: `Permissions of ${roleName}` }).click(WAIT);
    const dialog = page.getByRole('dialog');
    for (const action of ['Create', 'Update', 'Delete']) await dialog.getByRole('checkbox', { name: `Vigil.SimCards.${action}`, exact: true }).check(WAIT);
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Vigil.SimCards', exact: true }).isChecked()).toBe(true);
    const saved = page.waitForResponse((r) => r.url().includes('/api/permission-management/permissions') && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBeLessThan(300);

    // The user, with the role and a password.
    await page.goto(`${server.url}/identity-management/users/create`);
    await page.getByLabel(labelled('User name')).fill(userName);
    await page.getByLabel(labelled('E-mail')).fill(`${userName}@example.test`);
    await page.getByLabel(labelled('Password')).fill(password);
    await page.getByLabel(labelled('Roles')).fill(tag);
    await page.getByRole('option', { name: roleName }).click(WAIT);
    const userCreated = page.waitForResponse((r) => r.url().endsWith('/api/identity/users') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await userCreated).status()).toBe(200);

    // Signed in as that user: SIM cards only.
    const [context, userPage] = await newPage();
    await signIn(userPage, userName, password, '/simcards');
    await userPage.waitForURL(`${server.url}/simcards`);
    await userPage.locator('table tbody tr').first().or(userPage.getByText('No SIM cards found')).waitFor(WAIT);
    const menu = userPage.locator('.RaMenuItemLink-root');
    await expect.poll(async () => (await menu.allTextContents()).map((t) => t.trim()), WAIT).toEqual(['SIM cards']);
    await userPage.goto(`${server.url}/customers`);
    await userPage.getByText('Access denied').first().waitFor(WAIT);
    await context.close();
  });

  it('locks the user, whose sign-in then says an administrator locked it and whom to ask', async () => {
    await page.goto(`${server.url}/identity-management/users`);
    await page.getByPlaceholder('Search').fill(userName);
    await page.getByRole('button', { name: `Lock ${userName}` }).click(WAIT);
    const locked = page.waitForResponse((r) => r.url().includes('/lock/') && r.request().method() === 'PUT');
    await page.getByRole('dialog').getByRole('button', { name: 'Lock' }).click();
    expect((await locked).status()).toBe(204);
    await page.getByRole('button', { name: `Unlock ${userName}` }).waitFor(WAIT);

    const [context, userPage] = await newPage();
    await signIn(userPage, userName, password, '/simcards');
    // An administrator's lock, and whom to ask (this user is the provider's own): not the failed-attempts lockout's "try again in N minutes".
    await expect.poll(async () => (await userPage.getByRole('alert').textContent()) ?? '', WAIT).toBe(
      'An administrator has locked your account. Ask an administrator at the service provider to unlock it.',
    );
    expect(await userPage.getByRole('alert').textContent()).not.toMatch(/failed attempts|minutes/i);
    await context.close();
  });

  it("edits the tenant's Plug and Play User from the host's All view: a child ticks its parent only, nothing unchosen reaches a caregiver", async () => {
    const sunrise = await server.database.db.selectFrom('tenants').select('id').where('name', '=', DEMO_TENANT).executeTakeFirstOrThrow();
    const caregiverGrants = async () => {
      const { access_token } = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
      const res = await fetch(`${server.url}/api/abp/application-configuration`, { headers: { authorization: `Bearer ${access_token}` } });
      const body = (await res.json()) as { auth: { grantedPolicies: Record<string, boolean> } };
      return Object.keys(body.auth.grantedPolicies).sort();
    };
    const caregiverMenu = async () => {
      const [context, carer] = await newPage();
      await signIn(carer, 'caregiver', DEMO_PASSWORD, '/dashboard');
      await carer.waitForURL(`${server.url}/dashboard`);
      const menu = carer.locator('.RaMenuItemLink-root');
      await expect.poll(async () => (await menu.allTextContents()).length, WAIT).toBeGreaterThan(0);
      const entries = (await menu.allTextContents()).map((t) => t.trim()).sort();
      await context.close();
      return entries;
    };
    const grantsBefore = await caregiverGrants();
    const menuBefore = await caregiverMenu();

    // A fresh host session: the filter starts on All and the list shows every tenant's roles.
    const [context, host] = await newPage();
    await signIn(host, 'admin', DEMO_PASSWORD, '/identity-management/roles');
    await host.waitForURL(`${server.url}/identity-management/roles`);
    await expect.poll(() => host.evaluate(() => localStorage.getItem('tenantFilter')), WAIT).toBe(ALL_TENANTS);
    await host.getByPlaceholder('Search').fill(ROLE_PLUG_AND_PLAY_USER);
    const row = host.locator('table tbody tr').filter({ hasText: DEMO_TENANT }).filter({ hasText: ROLE_PLUG_AND_PLAY_USER });
    const opened = host.waitForResponse((r) => r.url().includes('/api/permission-management/permissions') && r.request().method() === 'GET', WAIT);
    await row.getByRole('button', { name: `Permissions of ${ROLE_PLUG_AND_PLAY_USER}` }).click(WAIT);
    // The dialog reads the tenant's role, not a host role of the same name.
    const answer = await opened;
    expect(answer.request().headers()['__tenant']).toBe(sunrise.id);
    expect(answer.status()).toBe(200);

    const dialog = host.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Vigil.Dashboard', exact: true }).waitFor(WAIT);
    const checkedNow = () => dialog.locator('input[type=checkbox]').evaluateAll((els) => els.filter((e) => (e as HTMLInputElement).checked).map((e) => e.getAttribute('aria-label') ?? '').filter((n) => n.includes('.')).sort());
    // Only tenant-side policies: no language management at all.
    expect(await dialog.getByRole('checkbox', { name: /^LanguageManagement\./ }).count()).toBe(0);
    const before = await checkedNow();
    expect(before).toContain('Vigil.Dashboard');
    expect(before).not.toContain('Vigil.Wifis');

    await dialog.getByRole('checkbox', { name: 'Vigil.Wifis.Create', exact: true }).check();
    await expect.poll(checkedNow, WAIT).toEqual([...before, 'Vigil.Wifis', 'Vigil.Wifis.Create'].sort());
    // The group shows as partly granted.
    expect(await dialog.getByRole('checkbox', { name: 'Select all in Vigil' }).getAttribute('data-indeterminate')).toBe('true');

    const saved = host.waitForResponse((r) => r.url().includes('/api/permission-management/permissions') && r.request().method() === 'PUT', WAIT);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const put = await saved;
    expect(put.status()).toBe(204);
    expect(put.request().headers()['__tenant']).toBe(sunrise.id);
    const sent = (put.request().postDataJSON() as { permissions: { name: string; isGranted: boolean }[] }).permissions;
    expect(sent.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Vigil.Wifis', isGranted: true },
      { name: 'Vigil.Wifis.Create', isGranted: true },
    ]);

    // After a reload the dialog shows what was saved.
    await host.reload();
    await host.getByPlaceholder('Search').fill(ROLE_PLUG_AND_PLAY_USER);
    await row.getByRole('button', { name: `Permissions of ${ROLE_PLUG_AND_PLAY_USER}` }).click(WAIT);
    await host.getByRole('dialog').getByRole('checkbox', { name: 'Vigil.Wifis.Create', exact: true }).waitFor(WAIT);
    await expect.poll(checkedNow, WAIT).toEqual([...before, 'Vigil.Wifis', 'Vigil.Wifis.Create'].sort());
    await context.close();

    // The caregiver gains what was ticked and its parent, and the one menu entry of it; nothing else.
    expect(await caregiverGrants()).toEqual([...grantsBefore, 'Vigil.Wifis', 'Vigil.Wifis.Create'].sort());
    const menuAfter = await caregiverMenu();
    expect(menuAfter).toEqual([...menuBefore, 'Wi-Fi networks'].sort());
    expect(menuAfter).not.toContain('Language texts');
  });
});
