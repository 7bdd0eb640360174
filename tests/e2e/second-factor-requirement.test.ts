import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInAs } from '../support/browser';
import { createTenantUser } from '../support/fixtures';
import type { TestServer } from '../support/server';
import { startWebServer } from '../support/web-server';

const WAIT = { timeout: 20_000 };

/**
 * Requiring a second factor from the back office (issue 15 item 6): the host administrator switches
 * it on for the host on the settings page's identity tab, and for a role on the role's page; both
 * are kept.
 */
describe('requiring a second factor in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'admin', DEMO_PASSWORD, '/setting-management');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('switches the requirement on for the host and for a role', async () => {
    const tenantSwitch = page.getByRole('switch', { name: 'Require a second factor of every user' });
    await tenantSwitch.waitFor(WAIT);
    expect(await tenantSwitch.isChecked()).toBe(false);
    await tenantSwitch.click();
    await page.getByText('The second-factor requirement has been saved.').waitFor(WAIT);
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Require a second factor of every user' }).isChecked(), WAIT).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Off again: the administrator's own next sign-in is not what this test is about.
    await page.getByRole('switch', { name: 'Require a second factor of every user' }).click();
    await page.getByText('The second-factor requirement has been saved.').waitFor(WAIT);

    const { db } = server.database;
    await createTenantUser(db, { tenantId: null, userName: 'night-nurse', role: 'Night nurses', policies: [] });
    const role = await db.selectFrom('roles').select('id').where('name', '=', 'Night nurses').executeTakeFirstOrThrow();
    await page.goto(`${server.url}/identity-management/roles/${role.id}`);
    const roleSwitch = page.getByRole('switch', { name: 'Require a second factor of this role\'s members' });
    await roleSwitch.waitFor(WAIT);
    await expect.poll(() => roleSwitch.isDisabled(), WAIT).toBe(false);
    await roleSwitch.click();
    await page.getByText('The second-factor requirement has been saved.').waitFor(WAIT);
    await expect.poll(async () => (await db.selectFrom('roles').select('require_second_factor').where('id', '=', role.id).executeTakeFirstOrThrow()).require_second_factor, WAIT).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
