import { describe, expect, it } from 'vitest';
import type { FileChooser, Page } from 'playwright-core';
import { browserSuite } from '../support/browser-suite';
import { wordsBrokenIn } from '../support/broken-words';

/**
 * Back-office polish: the Devices filters sit in one tidy row on a laptop and stay inside a
 * phone's width; the SIM card upload chooses its file with a labelled button (the bare file input
 * hidden), by keyboard or by dropping the file.
 */
describe('back-office polish in a real browser', () => {
  const suite = browserSuite();
  const WAIT = { timeout: 15_000 };

  // One page at a time: the browser opens a file chooser for the page in front only.
  const staffPage = (width: number, height: number, returnTo: string) => suite.signedIn('staff', returnTo, { viewport: { width, height }, alone: true });

  /** Each shown filter's box (react-admin's `.filter-field` wrappers in the list's filter form). */
  const filterBoxes = (page: Page) =>
    page.locator('.RaList-main .filter-field, .RaFilterForm-root .filter-field').evaluateAll((fields) =>
      fields.map((f) => {
        const r = f.getBoundingClientRect();
        return { source: f.getAttribute('data-source'), top: Math.round(r.top), bottom: Math.round(r.bottom), left: r.left, right: r.right };
      }),
    );
  type Box = Awaited<ReturnType<typeof filterBoxes>>[number];
  /** All boxes share one band of height: the lowest top is above the highest bottom. */
  const inOneRow = (boxes: Box[]) => Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom));
  /** Pairs of boxes drawn over each other. */
  const overlapping = (boxes: Box[]) =>
    boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1).map((b) => [a.source, b.source]));
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it('shows the Devices filters in one row at 1366×850, the others behind "Add filter"', async () => {
    const page = await staffPage(1366, 850, '/devices');
    await page.getByPlaceholder('Search').waitFor(WAIT);
    await expect.poll(async () => (await filterBoxes(page)).length, WAIT).toBeGreaterThanOrEqual(2);
    const boxes = await filterBoxes(page);
    // One row: every filter spans one shared band of height (no filter below another), none overlaps the next.
    expect(inOneRow(boxes), JSON.stringify(boxes)).toBe(true);
    expect(overlapping(boxes), JSON.stringify(boxes)).toEqual([]);
    expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(1366);
    expect(await overflow(page)).toBe(0);

    // The rest is one click away; an added one (a date picker) overlaps none and stays on the page.
    await page.getByRole('button', { name: 'Add filter' }).click();
    const menu = page.getByRole('menu');
    for (const name of ['Model', 'Subscription', 'Out of service', 'Citizen', 'Battery (%) from', 'Last contact from']) await menu.getByRole('menuitemcheckbox', { name }).waitFor(WAIT);
    await menu.getByRole('menuitemcheckbox', { name: 'Last contact from' }).click();
    await page.getByRole('group', { name: 'Last contact from', exact: true }).waitFor(WAIT);
    const withAdded = await filterBoxes(page);
    expect(withAdded.length).toBe(boxes.length + 1);
    expect(overlapping(withAdded), JSON.stringify(withAdded)).toEqual([]);
    expect(await overflow(page)).toBe(0);
  });

  it('shows names and identifiers whole at 1366×850, breaking only between words', async () => {
    // Each cell of a column: its text, whether the clamp cut it (more text than its box shows), and
    // its words laid out over two lines ('35693803 / 5643825').
    const cellsOf = async (page: Page, column: number) => {
      const cells = page.locator(`.RaDataTable-table tbody tr td:nth-child(${column})`);
      const found = [];
      for (const cell of await cells.all()) {
        const cut = await cell.locator('span').first().evaluate((s) => s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1);
        found.push({ text: await cell.textContent(), cut, broken: await wordsBrokenIn(cell) });
      }
      return found.filter((c) => c.text);
    };
    const customers = await staffPage(1366, 850, '/customers');
    await customers.getByRole('cell', { name: 'Copenhagen Municipality' }).waitFor(WAIT);
    // Column 2: the name (after the selection box); column 3: the customer number (an identifier).
    for (const column of [2, 3]) {
      const cells = await cellsOf(customers, column);
      expect(cells.length).toBeGreaterThan(0);
      expect(cells.filter((c) => c.cut || c.broken.length), JSON.stringify(cells)).toEqual([]);
    }
    const devices = await staffPage(1366, 850, '/devices');
    await devices.locator('.RaDataTable-table tbody tr').first().waitFor(WAIT);
    // A watch named by its IMEI, and the IMEI column: neither cut to '3569380…'.
    for (const column of [2, 3]) {
      const cells = await cellsOf(devices, column);
      expect(cells.length).toBeGreaterThan(0);
      expect(cells.filter((c) => c.cut || c.broken.length), JSON.stringify(cells)).toEqual([]);
    }
    expect(await overflow(devices)).toBe(0);
  });

  it('keeps the Devices list and its filters inside a 360×740 phone screen', async () => {
    const page = await staffPage(360, 740, '/devices');
    await page.getByPlaceholder('Search').waitFor(WAIT);
    expect(await overflow(page)).toBe(0);
    for (const box of await filterBoxes(page)) expect(box.right, JSON.stringify(box)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Last contact from' }).click();
    await page.getByRole('group', { name: 'Last contact from', exact: true }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    expect(await overflow(page)).toBe(0);
    for (const box of await filterBoxes(page)) expect(box.right, JSON.stringify(box)).toBeLessThanOrEqual(360);
  });

  it('chooses the SIM card CSV with a labelled button, by keyboard or by drop, and uploads it', async () => {
    const page = await staffPage(1280, 900, '/simcards');
    const tag = `POL${Date.now().toString(36)}`.toUpperCase();
    const digits = String(Date.now()).slice(-9);
    const csv = (n: number) => ['iccid;operator;status', `8947${digits}00000${n};${tag};active`].join('\r\n');

    await page.getByRole('button', { name: 'Upload CSV' }).click(WAIT);
    const dialog = page.getByRole('dialog');
    const choose = dialog.getByRole('button', { name: 'Choose file' });
    await choose.waitFor(WAIT);
    // The button's description names the chosen file: none yet.
    const zone = choose.locator('..');
    await zone.getByText('No file chosen').waitFor();
    expect(await choose.getAttribute('aria-describedby')).toBe(await zone.getByText('No file chosen').getAttribute('id'));
    await dialog.getByLabel('CSV file').waitFor({ state: 'attached' });
    // The browser's own file button is not on screen: the input is visually hidden and out of the tab order.
    const input = dialog.locator('input[type=file]');
    const box = await input.boundingBox();
    expect(box && box.width <= 1 && box.height <= 1, JSON.stringify(box)).toBe(true);
    expect(await input.getAttribute('tabindex')).toBe('-1');

    // Keyboard: the button takes focus and Enter opens the file chooser.
    // (The dialog's focus trap settles first; then the button keeps the focus it is given.)
    // A press made while the trap still moves focus goes elsewhere, so a press that opened no
    // chooser is made again on the focused button.
    let chooser: FileChooser | undefined;
    for (let attempt = 0; attempt < 5 && !chooser; attempt++) {
      await expect
        .poll(async () => {
          await choose.focus();
          return choose.evaluate((button) => button === document.activeElement);
        }, WAIT)
        .toBe(true);
      const opened = page.waitForEvent('filechooser', { timeout: 3_000 }).catch(() => undefined);
      await page.keyboard.press('Enter');
      chooser = await opened;
    }
    if (!chooser) throw new Error('Enter on the focused "Choose file" button opened no file chooser');
    await chooser.setFiles({ name: `cards-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv(1)) });
    await dialog.getByText(`cards-${tag}.csv`).waitFor(WAIT);

    // A dropped file replaces it.
    await zone.evaluate((target, text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'dropped.csv', { type: 'text/csv' }));
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, csv(2));
    await dialog.getByText('dropped.csv').waitFor(WAIT);

    const sent = page.waitForRequest((r) => r.url().includes('/simCardInstance/batchUpload'), WAIT);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await sent).headers()['content-type']).toBe('text/csv');
    await dialog.getByText('1 of 1 created').waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // What went up is the dropped file: its card is listed, the one chosen before is not.
    await page.goto(`${suite.server.url}/simcards?${new URLSearchParams({ filter: JSON.stringify({ q: tag }) })}`);
    const iccids = async () => (await page.locator('table tbody td.column-iccid').allTextContents()).map((t) => t.trim());
    await expect.poll(iccids, WAIT).toEqual([`8947${digits}000002`]);
  });

  it("keeps the users list's row buttons on one line at 1366×850 ('Logs', not 'Lo' over 'gs')", async () => {
    const page = await staffPage(1366, 850, '/users');
    const logs = page.getByRole('button', { name: /^Security log of / });
    await logs.first().waitFor(WAIT);
    const lines = await logs.evaluateAll((buttons) =>
      buttons.map((button) => {
        // The label's text only (the icon beside it is a box of its own).
        const tops = new Set<number>();
        const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
        }
        return tops.size;
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const count of lines) expect(count, 'lines of a Logs button').toBe(1);
  });
});
