import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * A device set to reduce motion (an operating-system accessibility setting) gets menus and dialogs
 * that appear at once, with no ripple; a device without it keeps the transitions.
 */
describe('reduced motion in a real browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Presses the app bar's language button (noting the ripples while it is held) and reads the menu's transition. */
  async function openLanguageMenu(page: Page) {
    // The shell has finished starting (texts, schemas, the user's settings) before the press.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Language', exact: true }).first().hover();
    await page.mouse.down();
    const ripples = await page.locator('.MuiTouchRipple-ripple').count();
    await page.mouse.up();
    const paper = page.locator('.MuiMenu-paper');
    await paper.waitFor();
    return { ripples, transition: await paper.evaluate((el) => getComputedStyle(el).transitionProperty) };
  }

  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    it(`opens the language menu ${reducedMotion === 'reduce' ? 'at once, without a ripple' : 'with its transition and ripple'} (${reducedMotion})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, reducedMotion });
      try {
        const page = await context.newPage();
        await signInAs(page, server.url, 'staff', DEMO_PASSWORD, '/account');
        const seen = await openLanguageMenu(page);
        if (reducedMotion === 'reduce') {
          expect(seen).toEqual({ transition: 'none', ripples: 0 });
        } else {
          expect(seen.transition).not.toBe('none');
          expect(seen.ripples).toBeGreaterThan(0);
        }
      } finally {
        await context.close();
      }
    });
  }
});
