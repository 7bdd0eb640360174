import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/** Port 9 (discard) refuses connections: every tile fails, as offline. */
const UNREACHABLE_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
const WAIT = { timeout: 20_000 };
/** The demo tenant's zone (Abp.Timing.TimeZone's default); the browser is put elsewhere. */
const TENANT_ZONE = 'Europe/Copenhagen';

/** What of a field cannot be read: its value or its label cut short (wider than its box). */
async function cut(field: Locator): Promise<string[]> {
  return field.evaluate((root) => {
    const out: string[] = [];
    const label = root.querySelector('label');
    const input = root.querySelector('input');
    if (label && label.scrollWidth > label.clientWidth + 0.5) out.push(`label "${label.textContent}" ${label.scrollWidth} > ${label.clientWidth}`);
    if (input && input.scrollWidth > input.clientWidth + 0.5) out.push(`value "${input.value}" ${input.scrollWidth} > ${input.clientWidth}`);
    // A number field's text must leave room for its spin buttons: measure the text itself.
    if (input && input.value) {
      const style = getComputedStyle(input);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (input.type === 'number' ? 16 : 0);
      if (ctx.measureText(input.value).width > room + 0.5) out.push(`value "${input.value}" needs ${Math.ceil(ctx.measureText(input.value).width)} px of ${room}`);
    }
    return out;
  });
}

/** A picker's visible text, without the direction marks MUI puts around its sections. */
const shownTime = async (group: Locator) => ((await group.locator('.MuiPickersSectionList-root').textContent()) ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').trim();

/**
 * /geofence's fields as a carer reads them: at 1366 x 850 and at 360 px the circle's fields show
 * their whole value and label (in English and in Danish); the schedule's times are on the 24-hour
 * clock in a browser whose own clock is 12-hour (en-US); the schedule's zone starts as the
 * tenant's, not the browser's, and the list says it.
 */
describe('/geofence fields in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { tileUrl: UNREACHABLE_TILES }), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'en-US', timezoneId: 'America/New_York' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await server.database.db.deleteFrom('geofences').execute();
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/geofence');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const circleFields = (labels: string[]) => labels.map((label) => page.locator('.MuiTextField-root').filter({ has: page.getByLabel(label, { exact: true }) }));

  for (const { lng, labels, viewport } of [
    { lng: 'en', labels: ['Centre latitude', 'Centre longitude', 'Radius (metres)'], viewport: { width: 1366, height: 850 } },
    { lng: 'da', labels: ['Midtpunktets breddegrad', 'Midtpunktets længdegrad', 'Radius (meter)'], viewport: { width: 1366, height: 850 } },
    { lng: 'en', labels: ['Centre latitude', 'Centre longitude', 'Radius (metres)'], viewport: { width: 360, height: 740 } },
    { lng: 'da', labels: ['Midtpunktets breddegrad', 'Midtpunktets længdegrad', 'Radius (meter)'], viewport: { width: 360, height: 740 } },
  ]) {
    it(`shows the circle's whole values and labels at ${viewport.width} px (${lng})`, async () => {
      await page.setViewportSize(viewport);
      await page.evaluate((language) => localStorage.setItem('i18nextLng', language), lng);
      await page.reload();
      const fields = circleFields(labels);
      await fields[0]!.waitFor(WAIT);
      // Empty fields: the labels sit inside, at full size.
      for (const field of fields.slice(0, 2)) expect(await cut(field)).toEqual([]);
      await page.getByLabel(labels[0]!, { exact: true }).fill('-55.676098');
      await page.getByLabel(labels[1]!, { exact: true }).fill('-112.568337');
      await page.getByLabel(labels[2]!, { exact: true }).fill('1200');
      for (const field of fields) expect(await cut(field), await field.textContent() ?? '').toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  it("types and shows the schedule on the 24-hour clock in the tenant's zone, and the list says when and where", async () => {
    await page.setViewportSize({ width: 1366, height: 850 });
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await page.getByLabel('Name').waitFor(WAIT);
    await page.getByLabel('Name').fill('Night');
    await page.getByLabel('Centre latitude', { exact: true }).fill('55.676098');
    await page.getByLabel('Centre longitude', { exact: true }).fill('12.568337');
    await page.getByRole('checkbox', { name: 'Alert only at certain times' }).check();
    const from = page.getByRole('group', { name: 'From', exact: true });
    const to = page.getByRole('group', { name: 'To', exact: true });
    expect(await shownTime(from)).toBe('22:00');
    expect(await shownTime(to)).toBe('06:00');
    // The browser is in New York: the zone is still the tenant's.
    expect(await page.getByLabel('Time zone').inputValue()).toBe(TENANT_ZONE);
    // Typed on the 24-hour clock: 23:30 is 23:30, never an hour of the morning.
    await from.locator('[role="spinbutton"]').first().click();
    await page.keyboard.type('2330');
    expect(await shownTime(from)).toBe('23:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Geofence saved').waitFor(WAIT);
    const row = await server.database.db.selectFrom('geofences').select('schedule').where('name', '=', 'Night').executeTakeFirstOrThrow();
    expect(row.schedule).toEqual({ from: '23:30', to: '06:00', timeZone: TENANT_ZONE });
    const list = page.getByRole('list', { name: 'Your geofences' });
    await list.getByText(`Alerts only 23:30–06:00 (${TENANT_ZONE})`, { exact: false }).waitFor(WAIT);
    // Opened again: the same times, on the same clock.
    await page.getByRole('button', { name: 'Edit Night' }).click();
    expect(await shownTime(page.getByRole('group', { name: 'From', exact: true }))).toBe('23:30');
    expect(await page.getByText(/\b(AM|PM)\b/).count()).toBe(0);
  });
});
