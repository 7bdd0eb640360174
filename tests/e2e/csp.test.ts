import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/**
 * The built web app under the server's Content-Security-Policy in a real browser: signing in, the
 * carer's dashboard (with its map) and a back-office list report no violation. DEMO=true also
 * shows the demo banner.
 */
describe('the web app passes its Content-Security-Policy', () => {
  let server: TestServer;
  let browser: Browser;
  const WAIT = { timeout: 15_000 };

  async function watched(context: BrowserContext): Promise<{ page: Page; violations: () => Promise<string[]> }> {
    const page = await context.newPage();
    const console: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
    });
    // Recorded by the page itself too (a script added by the browser, not subject to the policy).
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    return { page, violations: async () => [...console, ...(await page.evaluate(() => window.cspViolations ?? []).catch(() => []))] };
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { demo: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the carer signs in and opens the dashboard with no violation; the demo banner shows', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const { page, violations } = await watched(context);
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(WAIT);
    await page.getByText('Demo mode: demo accounts are enabled', { exact: false }).first().waitFor(WAIT);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('staff sign in and open a back-office list with no violation', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const { page, violations } = await watched(context);
    const listed = page.waitForResponse((r) => r.url().includes('/api/app/customer') && r.ok(), WAIT);
    await signInAs(page, server.url, 'staff', DEMO_PASSWORD, '/customers');
    await listed;
    await page.getByRole('table').first().waitFor(WAIT);
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('a back-office form checks its fields in the browser with no violation (the check is served, not compiled)', async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const { page, violations } = await watched(context);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/app/customer')) posts.push(r.url());
    });
    const checkLoaded = page.waitForResponse((r) => r.url().includes('/api/app/validators/') && r.ok(), WAIT);
    await signInAs(page, server.url, 'staff', DEMO_PASSWORD, '/customers/create');
    await checkLoaded;
    // Save is enabled once the form is touched.
    await page.getByLabel(/^Name/).first().fill('x');
    await page.getByLabel(/^Name/).first().fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ra-input-name .MuiFormHelperText-root').filter({ hasText: 'Name is required' }).waitFor(WAIT);
    expect(posts).toEqual([]);
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
