import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pageAtRest, axeScan } from '../support/axe';
import { FEATURES } from '../../common/features';
import { formatDateTime } from '../../common/dates';
import { normalize } from '../../server/identity/user-records';
import { DEMO_PASSWORD, DEMO_STOCK_DEVICES, DEMO_TENANT, DEMO_USERS, DEMO_WATCHES } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import { tokensFor } from '../support/sign-in';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import type { TestServer } from '../support/server';

/**
 * The demo caregiver on /dashboard in a real browser: the two watches with their state, adding a
 * stock watch by typing its numbers (the QR code's fallback), renaming it, adding an alarm
 * receiver, the device cap, removing a watch; and axe on a 360 px phone screen.
 */
describe('caregiver dashboard in a real browser', () => {
  let server: TestServer;
  let mailbox: TestMailbox;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tenantId: string;
  const WAIT = { timeout: 15_000 };
  const stock = DEMO_STOCK_DEVICES[0];
  const row = (name: string) => page.getByTestId('device-row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  const names = async () => (await page.getByTestId('device-row').getByRole('rowheader').allTextContents()).map((t) => t.trim()).sort();
  const openAction = async (device: string, action: string) => {
    await page.getByRole('button', { name: `Actions for ${device}` }).click();
    await page.getByRole('menuitem', { name: action }).click();
  };
  async function setCap(value: number | null) {
    const db = server.database.db;
    await db.deleteFrom('feature_values').where('name', '=', FEATURES.maxDevicesPerAccount.name).where('provider_key', '=', tenantId).execute();
    if (value !== null) await db.insertInto('feature_values').values({ id: randomUUID(), name: FEATURES.maxDevicesPerAccount.name, value: String(value), provider_name: 'T', provider_key: tenantId }).execute();
  }

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    [server, browser] = await Promise.all([startWebServer('', { smtpUrl: mailbox.url }), launchBrowser()]);
    tenantId = (await server.database.db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow()).id;
    const { db } = server.database;
    // The list as the devices row holds it: without the live state of the demo's seeded history (which would
    // win), Mum's watch online and Dad's never heard from.
    const watches = await db.selectFrom('devices').select('id').where('imei', 'in', DEMO_WATCHES.map((w) => w.imei)).execute();
    await db.deleteFrom('device_state').where('device_id', 'in', watches.map((w) => w.id)).execute();
    await db.updateTable('devices').set({ status: 'online', battery_level: 76, last_contact: '2026-11-21T21:05:00Z' }).where('imei', '=', DEMO_WATCHES[0].imei).execute();
    await db.updateTable('devices').set({ status: 'offline', battery_level: null, last_contact: null }).where('imei', '=', DEMO_WATCHES[1].imei).execute();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mailbox?.stop();
  });

  it('shows the two watches with connection, subscription, battery and last contact', async () => {
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(WAIT);
    await page.getByTestId('dashboard-greeting').getByText('Welcome, Clara Carer').waitFor(WAIT);
    await expect.poll(names, WAIT).toEqual(DEMO_WATCHES.map((w) => w.name).sort());
    await page.getByTestId('device-count').getByText('2 of 5 devices').waitFor(WAIT);
    const mum = row(DEMO_WATCHES[0].name);
    const cells = (await mum.getByRole('cell').allTextContents()).map((t) => t.trim());
    expect(cells.slice(0, 4)).toEqual(['Online', expect.stringMatching(/^(Active|No subscription)/), '76 %', formatDateTime('2026-11-21T21:05:00Z')]);
    expect((await row(DEMO_WATCHES[1].name).getByRole('cell').allTextContents()).map((t) => t.trim()).slice(0, 4)).toEqual(['Offline', expect.any(String), 'Not known', 'No contact yet']);
  });

  it('prompts to renew a paused watch and asks before renewing; cancelling sends nothing', async () => {
    // Paused through billing, as the carer would on the billing page.
    const token = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
    const api = async (path: string, body?: unknown) =>
      (await fetch(`${server.url}/api/stripe/subscription/${path}`, { method: body ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) })).json() as Promise<{ items: { id: string; deviceName: string }[] }>;
    const dads = (await api('subscriptions')).items.find((sub) => sub.deviceName === DEMO_WATCHES[1].name)!;
    await api('pause-subscription', { subscriptionId: dads.id });
    const billing: string[] = [];
    const watch = (r: { url: () => string; method: () => string }) => {
      if (r.url().includes('/api/stripe/subscription/') && r.method() === 'POST') billing.push(r.url());
    };
    page.on('request', watch);
    try {
      await page.reload();
      const prompt = page.getByTestId('device-row').filter({ hasText: DEMO_WATCHES[1].name }).getByTestId('subscription-notice');
      await prompt.getByText('Subscription paused: alarms show only in the app.', { exact: false }).waitFor(WAIT);
      await prompt.getByRole('button', { name: 'Renew subscription' }).click();
      const dialog = page.getByRole('dialog', { name: `Renew the subscription for ${DEMO_WATCHES[1].name}?` });
      // A paused subscription is resumed on its own plan: the dialog says what renewing does (within the paid period, nothing charged).
      await dialog.getByText(/start again at once\. Nothing is charged now/).waitFor(WAIT);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden', ...WAIT });
      // The same question from the watch's own menu.
      await openAction(DEMO_WATCHES[1].name, 'Renew subscription');
      await dialog.waitFor(WAIT);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(billing).toEqual([]);
    } finally {
      page.off('request', watch);
      await api('resume-subscription', { subscriptionId: dads.id });
      await page.reload();
    }
  });

  it('adds a stock watch by typing its numbers when the camera cannot be used, once for a double click', async () => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assignDeviceToUser')) sent.push(r.method());
    });
    await page.getByRole('button', { name: 'Add device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a device' });
    await dialog.getByRole('button', { name: 'Scan QR code' }).click();
    // Headless chromium has no camera: the form says so and typing goes on.
    await dialog.getByText(/Type the numbers instead/).waitFor(WAIT);
    await dialog.getByRole('textbox', { name: 'IMEI or serial number' }).fill('12345');
    await dialog.getByRole('textbox', { name: 'Name' }).fill("Grandpa's watch");
    await dialog.getByRole('button', { name: 'Add device' }).click();
    await dialog.getByText('Enter the 15-digit IMEI or the serial number (5 to 32 letters and digits).').waitFor(WAIT);
    expect(sent).toEqual([]);

    await dialog.getByRole('textbox', { name: 'IMEI or serial number' }).fill('356938035649999');
    await dialog.getByRole('textbox', { name: 'Device ID' }).focus();
    await dialog.getByText(/We don't know this IMEI or serial number/).waitFor(WAIT);
    await dialog.getByRole('textbox', { name: 'IMEI or serial number' }).fill(stock.imei);
    await dialog.getByRole('textbox', { name: 'Device ID' }).focus();
    await dialog.getByText('Found: Vigil Watch 4').waitFor(WAIT);
    await dialog.getByRole('textbox', { name: 'Device ID' }).fill('VW4-00000');
    await dialog.getByRole('button', { name: 'Add device' }).click();
    await dialog.getByText(/The device ID does not match this device/).waitFor(WAIT);

    await dialog.getByRole('textbox', { name: 'Device ID' }).fill(stock.deviceId);
    await dialog.getByRole('checkbox', { name: 'Send me news and offers about this device' }).check();
    sent.length = 0;
    await dialog.getByRole('button', { name: 'Add device' }).dblclick();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(names, WAIT).toEqual([...DEMO_WATCHES.map((w) => w.name), "Grandpa's watch"].sort());
    await page.getByText('3 of 5 devices').waitFor(WAIT);
    expect(sent).toEqual(['POST']);
  });

  it('renames the new watch', async () => {
    await openAction("Grandpa's watch", 'Rename');
    const dialog = page.getByRole('dialog', { name: "Rename Grandpa's watch" });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Grandad');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await row('Grandad').waitFor(WAIT);
    expect(await names()).toEqual([...DEMO_WATCHES.map((w) => w.name), 'Grandad'].sort());
  });

  it('adds an activated user as alarm receiver, who gets a mail; a pending account hears the same neutral answer and is not added', async () => {
    const pendingEmail = `pending-${Date.now()}@example.org`;
    await server.database.db
      .insertInto('users')
      .values({ id: randomUUID(), tenant_id: tenantId, user_name: `pending${Date.now()}`, normalized_user_name: normalize(`pending${Date.now()}`), email: pendingEmail, normalized_email: normalize(pendingEmail), email_confirmed: false, password_hash: 'x', security_stamp: randomUUID(), concurrency_stamp: randomUUID() })
      .execute();
    await openAction('Grandad', 'Alarm receivers');
    const dialog = page.getByRole('dialog', { name: 'Alarm receivers for Grandad' });
    await dialog.getByText("Only you receive this watch's alarms.").waitFor(WAIT);
    const email = dialog.getByRole('textbox', { name: 'Email of the person to add' });
    await email.fill(pendingEmail);
    await dialog.getByRole('button', { name: 'Add receiver' }).click();
    // The same neutral answer for any address (docs/decisions/027-mail-abuse.md); a pending account is not added.
    const neutral = "If this email belongs to an activated Vigil account here, that person now receives this watch's alarms and gets an email about it.";
    await page.getByText(neutral).first().waitFor(WAIT);
    await dialog.getByText("Only you receive this watch's alarms.").waitFor(WAIT);
    await email.fill(DEMO_USERS.staff.email);
    await dialog.getByRole('button', { name: 'Add receiver' }).click();
    // Listed by the address the owner typed, not by the account's name.
    const receiver = dialog.getByRole('listitem').filter({ hasText: DEMO_USERS.staff.email });
    await receiver.waitFor(WAIT);
    // The address once, and what the person is to the watch (it was shown twice).
    expect(await receiver.getByText(DEMO_USERS.staff.email).count()).toBe(1);
    await receiver.getByText("Receives this watch's alarms").waitFor(WAIT);
    const mail = await mailbox.waitFor((m) => m.subject === 'You now receive alarms from “Grandad”');
    expect(mail.text).toContain('“Clara Carer” has added you as an alarm receiver');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('shows the device cap message when the tenant allows no more devices', async () => {
    await setCap(3);
    try {
      await page.reload();
      await page.getByText('3 of 3 devices').waitFor(WAIT);
      await page.getByText("You've reached the maximum number of devices allowed for your account.").first().waitFor(WAIT);
      // Not offered, then refused after the form is filled: the button is off, with the reason as its description.
      const add = page.getByRole('button', { name: 'Add device' });
      expect(await add.isDisabled()).toBe(true);
      expect(await add.getAttribute('aria-describedby')).toBe('device-cap-reason');
      expect(await page.locator('#device-cap-reason').textContent()).toBe("You've reached the maximum number of devices allowed for your account.");
    } finally {
      await setCap(null);
    }
  });

  it('removes a watch after asking', async () => {
    await openAction('Grandad', 'Remove device');
    const dialog = page.getByRole('dialog', { name: 'Remove Grandad?' });
    await dialog.getByRole('button', { name: 'Remove device' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await expect.poll(names, WAIT).toEqual(DEMO_WATCHES.map((w) => w.name).sort());
    const released = await server.database.db.selectFrom('devices').select(['owner_user_id']).where('imei', '=', stock.imei).executeTakeFirstOrThrow();
    expect(released.owner_user_id).toBeNull();
  });

  it('has no serious or critical accessibility problems on a 360 px phone screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB' });
    try {
      const small = await phone.newPage();
      await signInAs(small, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
      await small.getByRole('heading', { name: "Mum's watch", level: 2 }).waitFor(WAIT);
      // Cards, not a table, and nothing wider than the screen.
      expect(await small.getByRole('table').count()).toBe(0);
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await pageAtRest(small);
      const results = await axeScan(small);
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await small.getByRole('button', { name: 'Add device' }).click();
      await small.getByRole('dialog', { name: 'Add a device' }).waitFor(WAIT);
      await pageAtRest(small);
      const dialogResults = await axeScan(small, { include: ['[role="dialog"]'] });
      expect(dialogResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
