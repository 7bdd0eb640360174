import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/browser';
import { usePhoneBrowser } from '../support/phone-browser';
import { DEMO_STOCK_DEVICES } from '../../server/seed/demo';

const PASSWORD = 'Journey-Pass-2026!';
// Significantly different from the first (SPEC section 5): a new word, not a new last character.
const NEW_PASSWORD = 'Harbour-Lights-2027?';
const WAIT = { timeout: 20_000 };
const WATCH = "Grandma's watch";

/**
 * Issue 5's whole journey on a 360 px phone, with mail through a real SMTP server: a newcomer
 * registers, opens the mailed link, signs in, adds a watch, adds a card (declined, then good),
 * starts, pauses and renews the subscription, changes the plan, downloads an invoice, changes the
 * password and cannot delete the account while the subscription is active.
 */
describe('a newcomer from registration to a paid, paused and renewed watch', () => {
  const env = usePhoneBrowser({ mail: true });
  const stock = DEMO_STOCK_DEVICES[1]!;

  async function deviceAction(page: Page, action: string) {
    await page.getByRole('button', { name: `Actions for ${WATCH}` }).first().click();
    await page.getByRole('menuitem', { name: action }).click();
  }

  it('goes all the way', { timeout: 300_000 }, async () => {
    const page = await env.phone();
    // Registration and the mailed link.
    await page.goto(`${env.server.url}/registration`);
    await page.locator('#registration-userName').fill('journey.jens');
    await page.locator('#registration-fullName').fill('Jens Journey');
    await page.locator('#registration-email').fill('jens@example.org');
    await page.locator('#registration-phoneNumber').fill('4512345678');
    await page.locator('#registration-password').fill(PASSWORD);
    await page.locator('#registration-confirmPassword').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('If jens@example.org can be used for a new account, we have sent an activation link there.', { exact: false }).waitFor(WAIT);
    const mail = await env.mailbox.waitFor((m) => m.subject === 'Confirm your Vigil account' && (m.text ?? '').includes('Jens'));
    await page.goto(/http\S+\/registration\?token=\S+/.exec(mail.text ?? '')![0]);
    await page.getByRole('heading', { name: 'Welcome, Jens Journey!' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await page.getByText('Your account is active. You can sign in now.').waitFor(WAIT);
    await signInAs(page, env.server.url, 'journey.jens', PASSWORD, '/dashboard');

    // A watch from the stock, typed in.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Add device' }).click();
    const add = page.getByRole('dialog', { name: 'Add a device' });
    await add.getByRole('textbox', { name: 'IMEI or serial number' }).fill(stock.imei);
    await add.getByRole('textbox', { name: 'Device ID' }).fill(stock.deviceId!);
    await add.getByRole('textbox', { name: 'Name' }).fill(WATCH);
    await add.getByRole('button', { name: 'Add device' }).click();
    await add.waitFor({ state: 'hidden', ...WAIT });
    await page.getByText('1 of 5 devices').waitFor(WAIT);
    // Adding started no subscription: the watch's card says what that means, with the action that changes it.
    const watchCard = () => page.getByTestId('device-row').filter({ has: page.getByRole('heading', { name: WATCH }) });
    await watchCard().getByText('No subscription', { exact: true }).waitFor(WAIT);
    const notice = watchCard().getByTestId('subscription-notice');
    await notice.getByText('No subscription: alarms show only in the app. No mails, push messages or text messages are sent.').waitFor(WAIT);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The notice and its button fit the 360 px card: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Starting the subscription needs a card first.
    await notice.getByRole('button', { name: 'Start subscription' }).click();
    let renew = page.getByRole('dialog', { name: `Start a subscription for ${WATCH}?` });
    await renew.getByText(/is charged to your default card now and again at each renewal/).waitFor(WAIT);
    await renew.getByTestId('test-payments').getByText(/^Test payments: no money moves\./).waitFor(WAIT);
    await renew.getByRole('button', { name: 'Start subscription' }).click();
    await renew.getByText("You don't have a payment method. You need to add a default card to continue.").waitFor(WAIT);
    await renew.getByRole('link', { name: 'Add a payment card' }).click();

    // Cards: a declined one changes nothing, a good one is kept. The built-in gateway runs: the page says no money moves.
    await page.getByRole('heading', { name: 'Subscriptions' }).waitFor(WAIT);
    await page.getByTestId('test-payments').getByText(/^Test payments: no money moves\./).waitFor(WAIT);
    await page.getByRole('button', { name: 'Add card' }).click();
    const card = page.getByRole('dialog', { name: 'Add a card' });
    await card.getByLabel('Card number').fill('4000 0000 0000 0002');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('Security code (CVC)').fill('123');
    await card.getByRole('button', { name: 'Save card' }).click();
    await card.getByRole('alert').filter({ hasText: 'The card was declined.' }).waitFor(WAIT);
    await card.getByLabel('Card number').fill('4242 4242 4242 4242');
    await card.getByRole('button', { name: 'Save card' }).click();
    await card.waitFor({ state: 'hidden', ...WAIT });
    await page.getByText(/4242/).first().waitFor(WAIT);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Start, pause, renew, change the plan on the dashboard.
    await page.goto(`${env.server.url}/dashboard`);
    await deviceAction(page, 'Start subscription');
    renew = page.getByRole('dialog', { name: `Start a subscription for ${WATCH}?` });
    await renew.getByRole('button', { name: 'Start subscription' }).dblclick();
    await page.getByText(`The subscription for ${WATCH} has started.`).waitFor(WAIT);
    await watchCard().getByText('Active · Monthly').waitFor(WAIT);
    expect(await watchCard().getByTestId('subscription-notice').count()).toBe(0);
    await deviceAction(page, 'Pause subscription');
    await page.getByRole('dialog', { name: `Pause the subscription for ${WATCH}?` }).getByRole('button', { name: 'Pause' }).click();
    await page.getByText(`The subscription for ${WATCH} is paused.`).waitFor(WAIT);
    await watchCard().getByTestId('subscription-notice').getByRole('button', { name: 'Renew subscription' }).click();
    renew = page.getByRole('dialog', { name: `Renew the subscription for ${WATCH}?` });
    // Within the paid period renewing charges nothing, and the dialog says so.
    await renew.getByText(/Nothing is charged now: the period until \d\d\/\d\d\/\d\d is paid\./).waitFor(WAIT);
    await renew.getByRole('button', { name: 'Renew' }).click();
    await page.getByText(`The subscription for ${WATCH} is active again.`).waitFor(WAIT);
    await deviceAction(page, 'Change plan');
    const plan = page.getByRole('dialog', { name: `Change the plan for ${WATCH}` });
    await plan.getByRole('radio', { name: 'Annual' }).check();
    await plan.getByRole('button', { name: 'Change plan' }).click();
    await page.getByText(`The plan for ${WATCH} was changed.`).waitFor(WAIT);
    // The plan in force stays until the renewal; the change shows with its date.
    await watchCard().getByText(/^Active · Monthly · Annual from \d\d\/\d\d\/\d\d$/).waitFor(WAIT);
    const { db } = env.server.database;
    const device = await db.selectFrom('devices').select('id').where('imei', '=', stock.imei).executeTakeFirstOrThrow();
    const mine = await db.selectFrom('billing_subscriptions').select(['status', 'plan', 'next_plan']).where('device_id', '=', device.id).execute();
    expect(mine).toEqual([expect.objectContaining({ status: 'active', plan: 'monthly', next_plan: 'annual' })]); // a double click started it once

    // The first period's invoice, as a PDF.
    await page.goto(`${env.server.url}/subscription/billing`);
    const download = page.getByRole('button', { name: /^Download invoice VIG-.* as PDF$/ }).first();
    const [file] = await Promise.all([page.waitForEvent('download', WAIT), download.click()]);
    expect((await fs.readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // The password, and the account that cannot go while a subscription runs.
    await page.goto(`${env.server.url}/account`);
    await page.getByRole('heading', { name: 'Profile' }).waitFor(WAIT);
    await page.locator('#account-currentPassword').fill(PASSWORD);
    await page.locator('#account-newPassword').fill(NEW_PASSWORD);
    await page.locator('#account-confirmPassword').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor(WAIT);
    await expect(page.getByRole('button', { name: 'Delete my account' }).isDisabled()).resolves.toBe(true);
    await page.getByText("Your account can't be deleted while 1 subscription is active.").waitFor(WAIT);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const again = await env.phone();
    await signInAs(again, env.server.url, 'journey.jens', NEW_PASSWORD, '/dashboard');
    await again.getByText(WATCH).first().waitFor(WAIT);
  });
});
