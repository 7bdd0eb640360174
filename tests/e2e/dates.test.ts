import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * Dates are read and typed as dd/MM/yy in the user's language (SPEC section 9): in a generated
 * form (a SIM card's activation date) and in a list filter, in English and in Danish, while the API
 * still stores 'YYYY-MM-DD'. The browser's own date input (mm/dd/yyyy in English) would fail each step.
 */
describe('dates typed and shown as dd/MM/yy in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let token: string;
  const WAIT = { timeout: 15_000 };
  const run = Date.now().toString(36);
  const digits = String(Date.now()).slice(-9);
  let serial = 0;
  const newIccid = () => `8946${digits}${String(++serial).padStart(6, '0')}`;

  async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    expect(res.status, text).toBeLessThan(300);
    return JSON.parse(text) as Record<string, unknown>;
  }

  /** A picker's visible text: its sections and separators, without the direction marks MUI puts around them. */
  const shown = async (field: Locator) => ((await field.locator('.MuiPickersSectionList-root').textContent()) ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').trim();
  /** The picker field (MUI X's section group) labelled `label`. */
  const picker = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    token = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const LANGUAGES = [
    { lng: 'en', field: 'Activation date', from: 'Activation date from', save: 'Save', open: 'Choose date' },
    { lng: 'da-DK', field: 'Aktiveringsdato', from: 'Aktiveringsdato fra', save: 'Gem', open: 'Vælg dato' },
  ] as const;

  describe.each(LANGUAGES)('in $lng', ({ lng, field, from, save, open }) => {
    let context: BrowserContext;
    let page: Page;
    // This language's cards carry their own operator, so the list can be narrowed to them.
    const operator = `D${run}${lng.slice(0, 2)}`.toUpperCase();
    const typedIccid = newIccid();
    let typedId: string;
    let storedId: string;

    beforeAll(async () => {
      // en-US: the browser's own date input would read and write mm/dd/yyyy here.
      context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      page = await context.newPage();
      page.on('pageerror', (err) => console.error('page error:', err.message));
      typedId = (await api('POST', '/api/app/simCardInstance', { iccid: typedIccid, status: 'active', operator })).id as string;
      storedId = (await api('POST', '/api/app/simCardInstance', { iccid: newIccid(), status: 'active', operator, activationDate: '2023-12-25' })).id as string;
      await signInAs(page, server.url, 'staff', DEMO_PASSWORD, `/simcards/${typedId}`);
      // The language the switcher keeps in localStorage.
      await page.evaluate((language) => localStorage.setItem('i18nextLng', language), lng);
      await page.reload();
    });
    afterAll(async () => {
      await context?.close();
    });

    it('types 15/03/24 in a form, stores 2024-03-15 and shows 15/03/24 again after a reload', async () => {
      const date = picker(page, field);
      await date.waitFor(WAIT);
      expect(await shown(date)).toBe('DD/MM/YY');
      // The picker's own texts are in the user's language too.
      await page.getByRole('button', { name: open }).first().waitFor(WAIT);

      await date.click();
      await page.keyboard.type('150324');
      await expect.poll(() => shown(date)).toBe('15/03/24');

      const saved = page.waitForResponse((r) => r.url().includes(`/api/app/simCardInstance/${typedId}`) && r.request().method() === 'PUT', WAIT);
      await page.getByRole('button', { name: save, exact: true }).click();
      const response = await saved;
      expect(response.status()).toBe(200);
      expect((response.request().postDataJSON() as Record<string, unknown>).activationDate).toBe('2024-03-15');
      expect((await api('GET', `/api/app/simCardInstance/${typedId}`)).activationDate).toBe('2024-03-15');

      await page.goto(`${server.url}/simcards/${typedId}`);
      await expect.poll(() => shown(picker(page, field)), WAIT).toBe('15/03/24');
    });

    it('shows a stored 2023-12-25 as 25/12/23 in the input', async () => {
      await page.goto(`${server.url}/simcards/${storedId}`);
      await expect.poll(() => shown(picker(page, field)), WAIT).toBe('25/12/23');
    });

    it('filters the list from a day typed as dd/MM/yy, which the filter shows again after a reload', async () => {
      const rows = page.locator('table tbody tr');
      await page.goto(`${server.url}/simcards?${new URLSearchParams({ filter: JSON.stringify({ q: operator }) })}`);
      await expect.poll(() => rows.count(), WAIT).toBe(2);

      const filter = picker(page, from);
      const filtered = page.waitForRequest((r) => r.url().includes('/api/app/simCardInstance?') && new URL(r.url()).searchParams.get('activationDate_gte') === '2024-03-01', WAIT);
      await filter.click();
      await page.keyboard.type('010324');
      await expect.poll(() => shown(filter)).toBe('01/03/24');
      await filtered;
      // Only the card activated 15 March 2024 is on or after 1 March 2024.
      await expect.poll(() => rows.count(), WAIT).toBe(1);
      expect(await rows.first().textContent()).toContain(typedIccid);
      await expect.poll(() => page.url(), WAIT).toContain(encodeURIComponent('"activationDate_gte":"2024-03-01"'));

      await page.reload();
      await expect.poll(() => shown(picker(page, from)), WAIT).toBe('01/03/24');
      await expect.poll(() => rows.count(), WAIT).toBe(1);
    });
  });
});
