import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { signInAs } from '../support/browser';
import { usePhoneBrowser } from '../support/phone-browser';

const WAIT = { timeout: 20_000 };

interface ListPage {
  path: string;
  /** Shown once the page's rows are there (a table row or a one-column list item). */
  ready: string;
  /** Steps after the page opens: pick a user, open a tab. */
  open?: (page: Page) => Promise<void>;
}

/** Picks the first user the page's user picker offers for "admin". */
async function pickAdmin(page: Page): Promise<void> {
  const picker = page.locator('main input[role="combobox"]').first();
  await picker.waitFor(WAIT);
  await picker.fill('admin');
  await page.getByRole('option').first().click();
}

/** The hand-written list pages of src/pages/app, each once its rows are shown. */
const LIST_PAGES: ListPage[] = [
  // Users, roles and the audit log: one block a record on a phone, with its buttons (PhoneRecordList).
  { path: '/identity-management/users', ready: '[data-testid="phone-record-list"] li' },
  { path: '/identity-management/roles', ready: '[data-testid="phone-record-list"] li' },
  { path: '/identity-management/security-logs', ready: 'table tbody tr' },
  // No claim types and no audit log yet in the demo data: the empty page and the empty list.
  { path: '/identity-management/claim-types', ready: 'table tbody tr, .RaEmpty-message' },
  { path: '/audit-logs', ready: '[data-testid="phone-record-list"] li, .RaList-main' },
  { path: '/userLogs', ready: 'table tbody tr', open: pickAdmin },
  { path: '/users', ready: 'table tbody tr' },
  {
    path: '/users',
    ready: 'table tbody tr',
    // The Logs tab (shown once the permission check is back): one user's security log.
    open: async (page) => {
      await page.locator('#users-tab-logs').click();
      await pickAdmin(page);
    },
  },
  { path: '/language-management/languages', ready: '.RaList-main li, table tbody tr' },
  { path: '/tenants', ready: '.RaList-main li, table tbody tr' },
];

/** How far the page reaches past the right edge of the screen (0: it fits), and what sticks out. */
async function overflow(page: Page): Promise<{ px: number; what: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const what: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      // Only what the page itself scrolls to: not what a scrolling box of its own holds.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const { overflowX } = getComputedStyle(p);
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') clipped = true;
      }
      if (!clipped && box.width > 0 && box.right > width + 0.5 && what.length < 5) what.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${(el.textContent ?? '').slice(0, 30)}"`);
    }
    return { px: document.documentElement.scrollWidth - width, what };
  });
}

/**
 * A 360 x 740 phone: no list page is wider than the screen, in English and in Danish (longer
 * labels). A wide table scrolls sideways inside its own box, or the page shows a one-column list.
 */
describe('phone list pages (360 x 740)', () => {
  const env = usePhoneBrowser();

  for (const language of ['en', 'da'] as const) {
    it(`fits every hand-written list page of the host admin on the phone (${language})`, async () => {
      const page = await env.phone();
      await signInAs(page, env.server.url, 'admin', DEMO_PASSWORD, '/account');
      await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
      const wide: string[] = [];
      for (const list of LIST_PAGES) {
        await page.goto(`${env.server.url}${list.path}`);
        await list.open?.(page);
        await page.locator(list.ready).first().waitFor(WAIT).catch(() => wide.push(`${list.path}: not shown`));
        await page.evaluate(async () => {
          await document.fonts.ready;
        });
        await page.waitForTimeout(500);
        const { px, what } = await overflow(page);
        expect(await page.evaluate(() => window.innerWidth)).toBe(360);
        if (px > 0) wide.push(`${list.path}${list.open ? ' (opened)' : ''}: ${px} px wider than the phone: ${what.join(', ')}`);
      }
      expect(wide).toEqual([]);
    });
  }

  it('fits the identity users list of a tenant staff member on the phone (Danish)', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'staff', DEMO_PASSWORD, '/account');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'da'));
    for (const path of ['/identity-management/users', '/identity-management/security-logs']) {
      await page.goto(`${env.server.url}${path}`);
      await page.locator('table tbody tr, [data-testid="phone-record-list"] li').first().waitFor(WAIT);
      await page.waitForTimeout(500);
      const { px, what } = await overflow(page);
      expect(px, `${path} is ${px} px wider than the phone: ${what.join(', ')}`).toBeLessThanOrEqual(0);
      if (!(await page.locator('table').count())) continue;
      // The table is still all there: its last column scrolls into view inside its box.
      const lastHeader = page.locator('table thead th:visible').last();
      await lastHeader.scrollIntoViewIfNeeded();
      const box = await lastHeader.boundingBox();
      expect(box && box.x + box.width <= 360 + 0.5, `${path}: the last column cannot be scrolled into view`).toBe(true);
    }
  });
});
