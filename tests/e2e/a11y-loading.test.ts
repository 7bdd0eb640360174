import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInAs } from '../support/browser';
import type { TestServer } from '../support/server';
import { startWebServer } from '../support/web-server';

const WAIT = { timeout: 20_000 };
const PHONE = { width: 360, height: 740 };
const DESK = { width: 1366, height: 850 };

/** react-admin's English toolbar texts of the rich text editor (ra-input-rich-text's defaults). */
const EDITOR_ENGLISH = ['Bold', 'Italic', 'Underline', 'Strikethrough', 'Code', 'Color', 'Highlight', 'Align left', 'Align right', 'Center', 'Justify', 'Bulleted list', 'Numbered list', 'Add a link', 'Image', 'Blockquote', 'Clear format', 'Normal', 'Select the level', 'Current level'];

/** Axe's serious and critical findings of one rule. */
async function findings(page: Page, rule: string): Promise<string[]> {
  return (await seriousAxeViolations(page)).filter((f) => f.id === rule).flatMap((f) => f.targets);
}

describe('accessible names of list toolbars, the rich text editor and loading indicators', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(user: string, viewport: { width: number; height: number }, language: 'en' | 'da'): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: 'en-GB' });
    const page = await context.newPage();
    await signInAs(page, server.url, user, DEMO_PASSWORD, '/account');
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    return page;
  }

  /**
   * On a phone react-admin shows a list's Export as an icon button and drops its name while it is
   * disabled (no rows to export): a search that finds nothing must not leave an unnamed button.
   */
  async function expectNamedToolbarWithoutRows(page: Page, path: string): Promise<void> {
    await page.goto(`${server.url}${path}`);
    const search = page.locator('input[name="q"]');
    await search.waitFor(WAIT);
    await search.fill('zz-matches-nothing');
    await page.waitForURL(/zz-matches-nothing/, WAIT);
    // The list has answered: no rows, so Export is disabled.
    await page.locator('.RaList-actions button.Mui-disabled').first().waitFor(WAIT);
    await page.waitForFunction(() => document.querySelectorAll('.RaList-main li, .RaList-main tbody tr').length === 0, undefined, WAIT);
    expect(await findings(page, 'button-name'), `${path}: a button without a name`).toEqual([]);
  }

  it('names the disabled Export button of the generated device and SIM card lists on a phone', async () => {
    const page = await signedIn('admin', PHONE, 'en');
    for (const path of ['/devices', '/simcards']) await expectNamedToolbarWithoutRows(page, path);
    await page.context().close();
  });

  // Needs src/resources/organizations/OrganizationTree.tsx's phone list to use SchemaListActions.
  it('names the disabled Export button of the organization list on a phone', async () => {
    const page = await signedIn('admin', PHONE, 'da');
    await expectNamedToolbarWithoutRows(page, '/organizations');
    await page.context().close();
  });

  for (const [name, viewport] of [
    ['desk', DESK],
    ['phone', PHONE],
  ] as const) {
    it(`shows the guide editor's toolbar without stray list items and in Danish (${name})`, async () => {
      const page = await signedIn('admin', viewport, 'da');
      await page.goto(`${server.url}/guides/create`);
      // The editor has loaded (it is a chunk of its own) with its toolbar.
      const code = page.locator('button[value="code"]');
      await code.waitFor(WAIT);
      expect(await code.getAttribute('aria-label')).toBe('Kode');
      expect(await findings(page, 'listitem'), 'an <li> outside a list').toEqual([]);
      const english = await page.evaluate((texts) => {
        const shown = new Set<string>();
        for (const el of document.querySelectorAll('.RaRichTextInputToolbar-root, .RaRichTextInputToolbar-root *')) {
          for (const value of [el.getAttribute('aria-label'), el.getAttribute('title'), el.children.length === 0 ? el.textContent : null]) if (value) shown.add(value.trim());
        }
        return texts.filter((text) => shown.has(text));
      }, EDITOR_ENGLISH);
      expect(english, 'English in the Danish editor toolbar').toEqual([]);
      // The level picker works: it opens a menu of levels in Danish.
      await page.getByRole('button', { name: 'Brødtekst' }).click();
      await page.getByRole('menuitem', { name: 'Overskrift 2' }).waitFor(WAIT);
      await page.keyboard.press('Escape');
      await page.context().close();
    });
  }

  it('names the start-up spinner in the language the app is about to show, before its texts have loaded', async () => {
    const page = await signedIn('admin', DESK, 'da');
    // Hold the texts back: the start-up spinner stays.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/locales/**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${server.url}/account`, { waitUntil: 'domcontentloaded' });
    const spinner = page.locator('[role="progressbar"]').first();
    await spinner.waitFor(WAIT);
    expect(await spinner.getAttribute('aria-label')).toBe('Indlæser…');
    expect(await findings(page, 'aria-progressbar-name')).toEqual([]);
    release();
    await page.context().close();
  });

  // Needs the theme to name MUI's CircularProgress (react-admin's LoadingIndicator in the app bar).
  it('names the app bar loading indicator while a list reloads (desk, staff)', async () => {
    const page = await signedIn('staff', DESK, 'da');
    for (const path of ['/identity-management/users', '/organizations']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('table tbody tr').first().waitFor(WAIT);
      // The rows can show before the page's other reads (references, the tree) have ended: held,
      // those would spin the indicator over the refresh button before it is clicked.
      await page.waitForLoadState('networkidle');
      // Slow the next API answers so the reload's spinner shows while axe looks.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/**', async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.continue().catch(() => undefined);
      });
      await page.locator('header .vigil-app-bar-refresh button').first().click();
      const spinner = page.locator('header [role="progressbar"]');
      await spinner.waitFor(WAIT);
      expect(await spinner.getAttribute('aria-label'), `${path}: the loading indicator has no name`).toBeTruthy();
      expect(await findings(page, 'aria-progressbar-name'), path).toEqual([]);
      release();
      await page.unroute('**/api/**');
    }
    await page.context().close();
  });
});
