import fs from 'node:fs/promises';
import { pageAtRest, axeScan } from '../support/axe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo';

/** The demo caregiver's billing page on a phone: cards, pause and renew, plan change, invoice PDF, axe. */
describe('caregiver billing in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const WAIT = { timeout: 15_000 };
  const email = DEMO_USERS.caregiver.email;
  const mails = async (subject: string) => (await server.database.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute()).filter((m) => m.subject.startsWith(subject)).length;
  const cards = () =>
    server.database.db
      .selectFrom('billing_cards as k')
      .innerJoin('billing_customers as c', 'c.id', 'k.customer_id')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['k.last4', 'k.is_default', 'k.creation_time'])
      .where('u.user_name', '=', 'caregiver')
      .orderBy('k.creation_time')
      .execute();
  const mum = () => page.getByRole('article', { name: "Mum's watch" });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { workers: false }), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB', acceptDownloads: true });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/subscription/billing');
    await page.getByRole('heading', { name: 'Subscriptions' }).waitFor(WAIT);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows a declined card\'s message and saves nothing, then adds a good card and makes it the default', async () => {
    await page.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
    await dialog.getByLabel('Security code (CVC)').fill('123');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The card was declined.' }).waitFor(WAIT);
    expect((await cards()).length).toBe(1);

    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await page.getByRole('button', { name: 'Make the card ending in 4242 the default' }).click();
    await expect.poll(async () => (await cards()).map((c) => c.is_default), WAIT).toEqual([false, true]);
    await expect.poll(() => page.getByRole('button', { name: 'Make the card ending in 4242 the default' }).count(), WAIT).toBe(1);
  });

  it('pauses and renews a subscription through the dialogs, a double click counting once', async () => {
    await mum().getByRole('button', { name: "Pause: Mum's watch" }).click();
    const pause = page.getByRole('dialog', { name: "Pause the subscription for Mum's watch?" });
    await pause.getByRole('button', { name: 'Pause subscription' }).dblclick();
    await mum().getByText('Paused', { exact: true }).waitFor(WAIT);
    expect(await mails('Subscription paused')).toBe(1);

    await mum().getByRole('button', { name: "Renew: Mum's watch" }).click();
    const renew = page.getByRole('dialog', { name: "Renew the subscription for Mum's watch?" });
    await renew.getByRole('button', { name: 'Renew subscription' }).dblclick();
    await mum().getByText('Active', { exact: true }).waitFor(WAIT);
    expect(await mails('Subscription active')).toBe(1);
    const status = await server.database.db.selectFrom('devices').select('subscription_status').where('name', '=', "Mum's watch").executeTakeFirstOrThrow();
    expect(status.subscription_status).toBe('active');
  });

  it('changes the plan to annual', async () => {
    await mum().getByRole('button', { name: "Change plan: Mum's watch" }).click();
    const dialog = page.getByRole('dialog', { name: "Change the plan for Mum's watch" });
    await dialog.getByRole('radio', { name: /Annual subscription/ }).check();
    await dialog.getByRole('button', { name: 'Change plan' }).click();
    await mum().getByText(/Annual subscription/).waitFor(WAIT);
  });

  it('downloads an invoice as a PDF', async () => {
    const button = page.getByRole('button', { name: /^Download invoice VIG-.* as PDF$/ }).first();
    const [download] = await Promise.all([page.waitForEvent('download', WAIT), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^VIG-\d{4}-\d{6}\.pdf$/);
    const file = await download.path();
    expect((await fs.readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows a refused VAT number on its field, then saves the billing details and shows them after a reload', async () => {
    const details = page.getByRole('region', { name: 'Billing details' });
    const vat = details.getByLabel('VAT number');
    await vat.fill('<script>');
    await details.getByRole('button', { name: 'Save billing details' }).click();
    await details.getByText('VAT number is invalid').waitFor(WAIT);
    await expect.poll(() => vat.getAttribute('aria-invalid'), WAIT).toBe('true');
    await expect.poll(() => vat.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    // On the field, not in a toast (one would be on screen by now).
    await page.waitForTimeout(1_000);
    expect(await page.getByText(/check the highlighted fields/i).count()).toBe(0);

    await vat.fill('DK12345678');
    await expect.poll(() => vat.getAttribute('aria-invalid'), WAIT).toBe('false');
    await details.getByLabel('Company name').fill('Clara Care ApS');
    await details.getByRole('button', { name: 'Save billing details' }).click();
    await page.getByText('The billing details are saved.').waitFor(WAIT);
    const saved = () =>
      server.database.db
        .selectFrom('billing_customers as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['c.company_name', 'c.vat_number'])
        .where('u.user_name', '=', 'caregiver')
        .executeTakeFirstOrThrow();
    expect(await saved()).toEqual({ company_name: 'Clara Care ApS', vat_number: 'DK12345678' });

    await page.reload();
    await page.getByRole('heading', { name: 'Subscriptions' }).waitFor(WAIT);
    await expect.poll(() => page.getByRole('region', { name: 'Billing details' }).getByLabel('Company name').inputValue(), WAIT).toBe('Clara Care ApS');
    expect(await page.getByRole('region', { name: 'Billing details' }).getByLabel('VAT number').inputValue()).toBe('DK12345678');
  });

  it('has no serious or critical accessibility problems at 360 px', async () => {
    // A notification still fading in is half transparent: check it once it is fully shown.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('.MuiSnackbarContent-root')].every((el) => {
            for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).opacity !== '1') return false;
            return true;
          }),
        ),
      )
      .toBe(true);
    await pageAtRest(page);
    const results = await axeScan(page);
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
