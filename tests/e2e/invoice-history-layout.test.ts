import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { wordsBrokenIn } from '../support/broken-words';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

const WAIT = { timeout: 20_000 };

interface Layout {
  /** Words split over two lines ("Yearl / y", "DKK 1,7 / 91.00"). */
  broken: string[];
  /** Boxes whose content is wider than they are (a sideways scroll or a cut). */
  wide: string[];
  /** How far the page reaches past the screen's right edge. */
  pagePx: number;
}

/** Reads the invoice history section as the carer sees it. */
async function layoutOf(page: Page): Promise<Layout> {
  const broken = await wordsBrokenIn(page.locator('section[aria-labelledby="billing-history"]'));
  const box = await page.evaluate(() => {
    const section = document.querySelector('section[aria-labelledby="billing-history"]')!;
    const wide: string[] = [];
    for (const el of section.querySelectorAll<HTMLElement>('*')) {
      // A visually hidden label (1 px, clipped) is meant to be cut.
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 1 && getComputedStyle(el).display !== 'inline') wide.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 0.5) wide.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').slice(0, 40)}" ends at ${Math.round(box.right)} px`);
    }
    return { wide, pagePx: document.documentElement.scrollWidth - window.innerWidth };
  });
  return { broken, ...box };
}

/**
 * The invoice history on a 360 px phone and a 1366 px desk, in English and Danish: every
 * invoice's date, number, type, amount, status and "Download PDF" in view, no word split over two
 * lines, nothing to scroll sideways.
 */
describe('the invoice history fits the screen', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of [{ width: 360, height: 740 }, { width: 1366, height: 850 }]) {
    for (const { lng, download, yearly } of [
      { lng: 'en', download: 'Download PDF', yearly: 'Yearly' },
      { lng: 'da', download: 'Hent PDF', yearly: 'Årlig' },
    ]) {
      it(`at ${viewport.width} px (${lng})`, async () => {
        const context = await browser.newContext({ viewport, locale: 'en-GB' });
        const page = await context.newPage();
        page.on('pageerror', (err) => console.error('page error:', err.message));
        await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/account');
        await page.evaluate((language) => localStorage.setItem('i18nextLng', language), lng);
        // A yearly invoice with a four-digit amount too, as an annual plan's is.
        const { db } = server.database;
        const invoice = await db
          .selectFrom('billing_invoices')
          .innerJoin('billing_customers', 'billing_customers.id', 'billing_invoices.customer_id')
          .innerJoin('users', 'users.id', 'billing_customers.user_id')
          .selectAll('billing_invoices')
          .where('users.user_name', '=', 'caregiver')
          .executeTakeFirstOrThrow();
        const number = `${invoice.number}-Y${lng}${viewport.width}`;
        await db.insertInto('billing_invoices').values({ ...invoice, id: crypto.randomUUID(), number, subscription_id: null, plan: 'annual', subtotal: 1432.8, vat_rate: 25, vat: 358.2, total: 1791, lines: JSON.stringify(invoice.lines), buyer: JSON.stringify(invoice.buyer) }).execute();
        await page.goto(`${server.url}/subscription/billing`);
        const section = page.locator('section[aria-labelledby="billing-history"]');
        const row = section.locator(`[data-invoice="${number}"]`);
        await row.waitFor(WAIT);
        await page.evaluate(async () => {
          await document.fonts.ready;
        });
        await expect.poll(() => row.textContent(), WAIT).toContain(yearly);
        const layout = await layoutOf(page);
        expect(layout).toEqual({ broken: [], wide: [], pagePx: 0 });
        // Status and the download are on the screen without scrolling sideways.
        for (const part of [row.getByText(download), row.getByText(lng === 'en' ? 'Paid' : 'Betalt', { exact: true })]) {
          const box = (await part.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
        await context.close();
      });
    }
  }
});
