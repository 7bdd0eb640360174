import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pageAtRest, axeScan } from '../support/axe';
import { DEMO_PASSWORD, DEMO_USERS, DEMO_WATCHES } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';

/** The owner orders a watch's escalation with the keyboard, sets waits and channels, on a 360 px phone. */
describe('alarm escalation order in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let deviceId: string;
  let receiverId: string;
  const WAIT = { timeout: 15_000 };
  const watch = DEMO_WATCHES[0].name;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { workers: false }), launchBrowser()]);
    const { db } = server.database;
    const device = await db.selectFrom('devices').select(['id', 'tenant_id', 'owner_user_id']).where('imei', '=', DEMO_WATCHES[0].imei).executeTakeFirstOrThrow();
    deviceId = device.id;
    const staff = await db.selectFrom('users').select(['id', 'email']).where('user_name', '=', DEMO_USERS.staff.userName).executeTakeFirstOrThrow();
    receiverId = randomUUID();
    await db.deleteFrom('device_alarm_receivers').where('device_id', '=', deviceId).execute();
    await db
      .insertInto('device_alarm_receivers')
      .values({ id: receiverId, tenant_id: device.tenant_id, device_id: deviceId, user_id: staff.id, email: staff.email, name: 'Sam Staff', language: 'en', status: 'active', invited_by_user_id: device.owner_user_id })
      .execute();
    context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('moves a receiver up with the keyboard, sets a wait and SMS with a phone number, and saves', async () => {
    await page.getByRole('button', { name: `Actions for ${watch}` }).click();
    await page.getByRole('menuitem', { name: 'Alarm receivers' }).click();
    await page.getByRole('dialog', { name: `Alarm receivers for ${watch}` }).getByRole('button', { name: 'Escalation' }).click();
    const dialog = page.getByRole('dialog', { name: `Escalation for ${watch}` });
    const steps = dialog.getByRole('list', { name: 'Escalation order' }).getByRole('listitem');
    await expect.poll(() => steps.count(), WAIT).toBe(2);
    expect(await steps.first().getAttribute('aria-label')).toBe('Step 1: You (owner)');
    // Keyboard only: focus "Move Sam Staff up" and press Enter; the focus stays with Sam, now first.
    await dialog.getByRole('button', { name: 'Move Sam Staff up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => steps.first().getAttribute('aria-label'), WAIT).toBe('Step 1: Sam Staff');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Sam Staff down');
    await steps.first().getByRole('spinbutton', { name: 'Minutes before the next' }).fill('3');
    await steps.nth(1).getByRole('checkbox', { name: 'Text message' }).check();
    await steps.nth(1).getByRole('textbox', { name: 'Phone number for text messages' }).fill('+45 20304050');
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await pageAtRest(page);
    const axe = await axeScan(page, { include: ['[role="dialog"]'] });
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    const saved = await server.database.db.selectFrom('device_escalation').selectAll().where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    expect(saved.steps).toEqual([
      { receiver: receiverId, waitMinutes: 3 },
      { receiver: 'owner', waitMinutes: 5 },
    ]);
    expect(saved.channels.owner).toEqual({ channels: ['mail', 'push', 'sms', 'inApp'], phone: '+45 20304050' });
  });

  it('shows the server’s refusal on the field: a wait out of range', async () => {
    await page.getByRole('button', { name: 'Escalation' }).click();
    const dialog = page.getByRole('dialog', { name: `Escalation for ${watch}` });
    const first = dialog.getByRole('list', { name: 'Escalation order' }).getByRole('listitem').first();
    await expect.poll(() => first.getAttribute('aria-label'), WAIT).toBe('Step 1: Sam Staff');
    await first.getByRole('spinbutton', { name: 'Minutes before the next' }).fill('90');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await first.getByText(/60/).waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});
