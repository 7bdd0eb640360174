import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { caller } from '../support/api-calls';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * Long unbroken text (a pasted URL, a note without spaces) wraps or is cut off with an ellipsis: it
 * never makes a page wider than the window, so the app bar keeps the window's width. Checked on the
 * generated customers list and show page, on a desktop and on a phone.
 */
describe('long unbroken text in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let customerId: string;
  const call = caller(() => server);
  const tag = `Long${Date.now().toString(36)}`;
  // No spaces anywhere: nothing a browser may break at unless told to.
  const name = `${tag}${'n'.repeat(180)}`;
  const city = 'c'.repeat(100);
  const notes = 'x'.repeat(300);
  const url = `https://example.com/${'path'.repeat(40)}`;
  const WAIT = { timeout: 15_000 };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    const token = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
    const created = await call(token, 'POST', '/api/app/customer', {
      name,
      customerNumber: `${tag}-1`,
      address: url,
      city,
      notes,
      country: 'DK',
      currency: 'DKK',
      discountPercentage: 0,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    customerId = String(created.body.id);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** How wide the page and the app bar are, against the window. */
  const widths = (page: Page) =>
    page.evaluate(() => {
      const bar = document.querySelector('header.MuiAppBar-root');
      return {
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
        appBar: bar ? Math.round(bar.getBoundingClientRect().width) : -1,
      };
    });

  async function expectFits(page: Page) {
    const w = await widths(page);
    expect(w.page, JSON.stringify(w)).toBeLessThanOrEqual(w.window);
    expect(w.appBar, JSON.stringify(w)).toBe(w.window);
  }

  describe.each([
    { size: 'desktop', viewport: { width: 1366, height: 850 } },
    { size: 'phone', viewport: { width: 360, height: 740 } },
  ])('on a $size', ({ viewport }) => {
    it('keeps the customer page and the customers list within the window', async () => {
      const context = await browser.newContext({ viewport, locale: 'en-GB' });
      try {
        const page = await context.newPage();
        page.on('pageerror', (err) => console.error('page error:', err.message));
        await signInAs(page, server.url, 'staff', DEMO_PASSWORD, `/customers/${customerId}/show`);
        await page.getByText(notes).waitFor(WAIT);
        await page.getByText(url).waitFor(WAIT);
        await expectFits(page);

        await page.goto(`${server.url}/customers?${new URLSearchParams({ filter: JSON.stringify({ q: tag }) })}`);
        const nameCell = viewport.width > 600 ? page.locator('td.column-name') : page.getByText(name);
        await nameCell.first().waitFor(WAIT);
        await expectFits(page);
        if (viewport.width > 600) {
          // A table cell keeps to one line, cut off; the whole value shows on hover.
          expect((await nameCell.boundingBox())?.height).toBeLessThan(60);
          await nameCell.hover();
          await expect.poll(() => page.getByRole('tooltip').textContent(), WAIT).toBe(name);
        }
      } finally {
        await context.close();
      }
    });
  });
});
