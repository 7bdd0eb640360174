import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/browser-suite';

/**
 * The tenant filter keeps its "Tenant" label and its box after a choice (the own organisation, as
 * a host administrator picks it): the select keeps the focus, and a focused label drawn in the
 * primary colour vanished into the app bar of the same colour.
 */
describe('tenant filter label in a real browser', () => {
  const suite = browserSuite();
  const WAIT = { timeout: 20_000 };

  /** The colours of the label, the outline and the app bar behind them. */
  const colours = (page: Page) =>
    page.evaluate(() => {
      const box = document.querySelector('.MuiAppBar-root .MuiTextField-root');
      const label = box?.querySelector('label');
      const outline = box?.querySelector('fieldset');
      const bar = document.querySelector('.MuiAppBar-root');
      return {
        label: label ? getComputedStyle(label).color : null,
        outline: outline ? getComputedStyle(outline).borderTopColor : null,
        bar: bar ? getComputedStyle(bar).backgroundColor : null,
      };
    });

  it.each([
    [1366, 850],
    [360, 740],
  ])('shows "Tenant" and the box after choosing the own organisation (%ix%i)', async (width, height) => {
    const page = await suite.signedIn('admin', '/customers', { viewport: { width, height } });
    const filter = page.getByRole('combobox', { name: 'Tenant' });
    await filter.click(WAIT);
    await page.getByRole('option', { name: 'Own organisation' }).click();
    await expect.poll(() => filter.textContent(), WAIT).toBe('Own organisation');
    const { label, outline, bar } = await colours(page);
    expect(bar).toBeTruthy();
    expect(label, 'the label is drawn in the app bar colour').not.toBe(bar);
    expect(outline, 'the box is drawn in the app bar colour').not.toBe(bar);
    expect(await page.locator('.MuiAppBar-root label', { hasText: 'Tenant' }).isVisible()).toBe(true);
  });
});
