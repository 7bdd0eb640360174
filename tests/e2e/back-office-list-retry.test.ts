import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { browserSuite } from '../support/browser-suite';

/**
 * When the API fails, a list says so and tries again (SPEC section 8: 3 attempts, 10 s apart),
 * then shows the error with Try again, never an empty list; and the permissions failing to load
 * show an error screen with Try again, not "Authentication error". The failures are real answers
 * the browser receives (a gateway's 502, a 500), given in place of the server's while the test
 * says so; afterwards requests go through to the server again.
 */
describe('lists whose API fails, in a real browser', () => {
  const suite = browserSuite();
  // Two waits of 10 s between attempts, on a loaded machine.
  const WAIT = { timeout: 45_000 };

  /** Answers `status` to the API calls on `path` while `failing()`; counts them. */
  async function failing(page: Page, path: string, status: number, isFailing: () => boolean) {
    const calls = { failed: 0, passed: 0 };
    await page.route(
      (url) => url.pathname === path,
      async (route: Route) => {
        if (!isFailing()) {
          calls.passed += 1;
          return route.continue();
        }
        calls.failed += 1;
        return route.fulfill({ status, contentType: 'text/html', body: '<html><body>Bad Gateway</body></html>' });
      },
    );
    return calls;
  }

  it('tries the customers list 3 times, says so, shows the error with Try again, and loads it when the API is back', async () => {
    const page = await suite.signedIn('staff', '/dashboard');
    let down = true;
    const calls = await failing(page, '/api/app/customer', 502, () => down);
    await page.goto(`${suite.server.url}/customers`);

    await page.getByRole('status').filter({ hasText: 'The list could not be loaded. Trying again (2 of 3)' }).waitFor(WAIT);
    await page.getByRole('status').filter({ hasText: '(3 of 3)' }).waitFor(WAIT);
    const alert = page.getByRole('alert').filter({ hasText: 'The list could not be loaded.' });
    await alert.waitFor(WAIT);
    expect(await alert.textContent()).toContain('The server could not answer (error 502).');
    expect(calls.failed).toBe(3);
    // Never an empty list, a row count, or the browser's English "Failed to fetch".
    expect(await page.getByText(/No Customers found|of 10|Failed to fetch/).count()).toBe(0);

    down = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.locator('table tbody td.column-name').first().waitFor(WAIT);
    expect(await alert.count()).toBe(0);
    expect(calls.passed).toBeGreaterThanOrEqual(1);
  });

  it('recovers by itself when the API is back before the last attempt', async () => {
    const page = await suite.signedIn('staff', '/dashboard');
    let answers = 0;
    const calls = await failing(page, '/api/app/customer', 502, () => answers++ < 1);
    await page.goto(`${suite.server.url}/customers`);
    await page.getByRole('status').filter({ hasText: 'Trying again (2 of 3)' }).waitFor(WAIT);
    await page.locator('table tbody td.column-name').first().waitFor(WAIT);
    expect(await page.getByRole('status').filter({ hasText: 'Trying again' }).count()).toBe(0);
    expect(calls).toEqual({ failed: 1, passed: 1 });
  });

  it('shows an error screen with Try again when the permissions cannot be loaded (500)', async () => {
    const page = await suite.signedIn('staff', '/dashboard');
    let down = true;
    await failing(page, '/api/abp/application-configuration', 500, () => down);
    await page.goto(`${suite.server.url}/customers`);
    await page.getByRole('heading', { name: 'Your access could not be checked' }).waitFor(WAIT);
    expect(await page.getByText('Authentication error').count()).toBe(0);

    down = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(/\/customers$/, WAIT);
    await page.locator('table tbody td.column-name').first().waitFor(WAIT);
  });
});
