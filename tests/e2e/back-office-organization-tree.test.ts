import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/** The organization list as a tree: a row opens to show its children, loaded level by level. */
describe('organization tree in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const tag = `E2E${Date.now().toString(36)}`;
  const WAIT = { timeout: 15_000 };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
    const { access_token: staff } = await tokensFor(server.url, 'staff', DEMO_PASSWORD);
    const create = async (name: string, code: string, parentId?: string) => {
      const res = await fetch(`${server.url}/api/app/organizations-overviews`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name, code, ...(parentId ? { parentId } : {}) }),
      });
      const body = (await res.json()) as { id: string };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.id;
    };
    const root = await create(`${tag} Region`, `${tag}-R`);
    const child = await create(`${tag} Home`, `${tag}-H`, root);
    await create(`${tag} Ward`, `${tag}-W`, child);

    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'staff', DEMO_PASSWORD, '/organizations');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('lists top-level organizations by default, and every level once that is switched off', async () => {
    await page.getByPlaceholder('Search').fill(tag);
    const rows = page.locator('table tbody tr');
    await rows.filter({ hasText: `${tag} Region` }).first().waitFor(WAIT);
    await expect.poll(() => rows.filter({ hasText: `${tag} Home` }).count(), WAIT).toBe(0);
    await page.getByLabel('Top level only').uncheck();
    await rows.filter({ hasText: `${tag} Home` }).first().waitFor(WAIT);
    await rows.filter({ hasText: `${tag} Ward` }).first().waitFor(WAIT);
    await page.getByLabel('Top level only').check();
    await expect.poll(() => rows.filter({ hasText: `${tag} Ward` }).count(), WAIT).toBe(0);
  });

  it('opens a row to its children and a child to its own', async () => {
    await page.getByPlaceholder('Search').fill(`${tag} Region`);
    const region = page.locator('table tbody tr').filter({ hasText: `${tag} Region` }).first();
    await region.waitFor(WAIT);
    await expect.poll(() => page.locator('table tbody tr').filter({ hasText: `${tag} Home` }).count(), WAIT).toBe(0);
    // react-admin's expand button is aria-hidden (the row itself is the link): find it by its class.
    await region.locator('.RaDataTable-expandIcon').click();
    // By its own name: a child's Parent organization column names its parent too.
    const home = page.locator(`tr[data-organization="${tag} Home"]`);
    await home.waitFor(WAIT);
    await home.getByRole('button', { name: 'Expand' }).click();
    const ward = page.locator(`tr[data-organization="${tag} Ward"]`);
    await ward.waitFor(WAIT);

    // The nested rows' values sit under the list's header columns, on every level.
    const header = page.locator('table thead tr').first();
    for (const row of [home, ward]) {
      for (const [field, label] of [['code', 'Code'], ['city', 'City'], ['childCount', 'Sub-organizations']] as const) {
        const head = await header.locator('th').filter({ hasText: label }).first().boundingBox();
        const cell = await row.locator(`td[data-field="${field}"]`).boundingBox();
        expect(head && cell, `${label} column`).toBeTruthy();
        expect(Math.abs(cell!.x - head!.x), `${label} of a nested row is ${cell!.x - head!.x}px off its header`).toBeLessThanOrEqual(1);
        expect(Math.abs(cell!.width - head!.width), `${label} width`).toBeLessThanOrEqual(1);
      }
    }
    await expect.poll(() => ward.locator('td[data-field="code"]').textContent(), WAIT).toBe(`${tag}-W`);
  });

  it("keeps the 'Top level only' switch clear of the filter inputs, with whole labels (1366 x 850)", async () => {
    await page.setViewportSize({ width: 1366, height: 850 });
    await page.goto(`${server.url}/organizations`);
    const filters = page.locator('form:has(input[name="q"])');
    const toggle = page.getByLabel('Top level only');
    await toggle.waitFor(WAIT);
    await page.getByLabel('Parent organization').waitFor(WAIT);
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.waitForTimeout(500);
    // The switch with its label, and every other filter input: no two boxes may share any area.
    const layout = await filters.evaluate((form) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      };
      const switchControl = form.querySelector('input[name="parentId_isNull"]')?.closest('.MuiFormControlLabel-root, label');
      const inputs = Array.from(form.querySelectorAll('.MuiTextField-root, .MuiAutocomplete-root, .MuiFormControl-root'))
        .filter((el) => !el.contains(switchControl ?? null) && !(switchControl?.contains(el) ?? false))
        .map((el) => ({ name: el.querySelector('label')?.textContent ?? el.querySelector('input')?.getAttribute('placeholder') ?? '?', ...box(el) }));
      const labels = Array.from(form.querySelectorAll('label')).map((el) => ({ text: el.textContent ?? '', scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      return { switchBox: switchControl ? box(switchControl) : null, inputs, labels };
    });
    expect(layout.switchBox, 'the switch is in the filter row').not.toBeNull();
    const s = layout.switchBox!;
    expect(layout.inputs.length).toBeGreaterThanOrEqual(3);
    for (const input of layout.inputs) {
      const overlaps = s.left < input.right - 0.5 && input.left < s.right - 0.5 && s.top < input.bottom - 0.5 && input.top < s.bottom - 0.5;
      expect(overlaps, `'Top level only' overlaps ${input.name}: ${JSON.stringify({ switch: s, input })}`).toBe(false);
    }
    for (const label of layout.labels.filter((l) => l.text.trim())) {
      expect(label.scrollWidth, `label "${label.text}" is cut`).toBeLessThanOrEqual(label.clientWidth);
    }
  });

  it('is a tree on a phone too (360 x 740): no sideways scrolling, a child and a grandchild open', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${server.url}/organizations`);
    await page.getByPlaceholder('Search').fill(`${tag} Region`);
    const region = page.locator('[data-organization]').filter({ hasText: `${tag} Region` }).first();
    await region.waitFor(WAIT);
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await page.waitForTimeout(500);
    const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(width.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(width.client);

    await region.getByRole('button', { name: 'Expand' }).first().click();
    const home = page.locator('[data-organization]').filter({ hasText: `${tag} Home` }).last();
    await home.waitFor(WAIT);
    await home.getByRole('button', { name: 'Expand' }).first().click();
    const ward = page.locator('[data-organization]').filter({ hasText: `${tag} Ward` }).last();
    await ward.waitFor(WAIT);
    await expect(ward.isVisible()).resolves.toBe(true);
    const after = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(after, 'the opened tree scrolls sideways').toBeLessThanOrEqual(360);
  });
});
