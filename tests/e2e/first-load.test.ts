import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser-suite';

/**
 * A bookmark or a mail's link opens its screen in one round of downloads: the shell, its texts and
 * the screen's own code are asked for together, before the app's first API call, instead of each
 * after the one before it had rendered (and each waiting out React's 300 ms reveal throttle).
 */
describe('the first load of a screen', () => {
  const suite = browserSuite();

  async function signedIn(userName: string): Promise<Page> {
    const page = await suite.signedIn(userName, '/account', { viewport: { width: 360, height: 740 } });
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    return page;
  }

  /** The paths the page asks for while it loads `path` afresh, in order, until `shown` is visible. */
  async function requestsOf(page: Page, path: string, shown: string): Promise<string[]> {
    // The page it was on is unloaded first: its last calls (the account page's reads, still on
    // their way) would otherwise be counted as the new screen's first.
    await page.goto('about:blank');
    const requested: string[] = [];
    const record = (req: { url(): string }) => requested.push(new URL(req.url()).pathname);
    page.on('request', record);
    await page.goto(`${suite.server.url}${path}`, { waitUntil: 'domcontentloaded' });
    await page.locator(shown).first().waitFor({ timeout: 20_000 });
    page.off('request', record);
    return requested;
  }

  const first = (requested: string[], pattern: RegExp) => {
    const at = requested.findIndex((p) => pattern.test(p));
    expect(at, `${pattern} was not requested: ${requested.join(' ')}`).toBeGreaterThanOrEqual(0);
    return at;
  };
  const FIRST_API_CALL = /^\/api\//;

  it("loads a schema resource's list view with the shell, before the schemas are asked for", async () => {
    const page = await signedIn('staff');
    const requested = await requestsOf(page, '/devices', 'table tbody tr, [data-testid="simple-list"] li, main li');
    const api = first(requested, FIRST_API_CALL);
    expect(first(requested, /\/assets\/AdminApp-[\w-]+\.js$/)).toBeLessThan(api);
    expect(first(requested, /\/assets\/SchemaList-[\w-]+\.js$/)).toBeLessThan(first(requested, /^\/api\/app\/schemas$/));
    expect(first(requested, /\/locales\/en\/schemas\.json$/)).toBeLessThan(api);
  });

  it("loads a carer's dashboard and a hand-written back-office screen with the shell", async () => {
    const carer = await signedIn('caregiver');
    const dashboard = await requestsOf(carer, '/dashboard', 'main h1');
    expect(first(dashboard, /\/assets\/DashboardPage-[\w-]+\.js$/)).toBeLessThan(first(dashboard, FIRST_API_CALL));

    const admin = await signedIn('admin');
    const users = await requestsOf(admin, '/identity-management/users', 'table tbody tr, main li');
    expect(first(users, /\/assets\/UserList-[\w-]+\.js$/)).toBeLessThan(first(users, FIRST_API_CALL));
  });
});
