import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/browser';
import { usePhoneBrowser } from '../support/phone-browser';

const WAIT = { timeout: 20_000 };
const codeAt = (secret: string, timestamp = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });

/**
 * The authenticator app in a real browser on a phone (issue 15 item 6): the carer sets it up on
 * /account from the QR code's key, keeps the recovery codes, and the next sign-in asks for the
 * app's code after the password; a recovery code does too; then she turns it off again.
 */
describe('the authenticator app in a real browser', () => {
  const env = usePhoneBrowser();
  const section = (page: Page) => page.getByRole('region', { name: 'Authenticator app' });

  const passwordStep = async (page: Page) => {
    await page.goto(`${env.server.url}/login?returnTo=/account`);
    await page.waitForURL(/\/oidc\/interaction\//, WAIT);
    await page.getByLabel('User name or email').fill('caregiver');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Enter the code from your app' }).waitFor(WAIT);
  };
  const signOut = async (page: Page) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${env.server.url}/`, WAIT);
  };

  it('sets the app up, signs in with its code and with a recovery code, and turns it off', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'caregiver', DEMO_PASSWORD, '/account');
    await section(page).getByText('The authenticator app is off.').waitFor(WAIT);
    // The current password first, in a dialog that fits the phone: a wrong one shows on the field.
    await section(page).getByRole('button', { name: 'Set up the app' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Set up the app' });
    const password = confirmDialog.getByLabel('Password');
    await password.fill('not-the-password');
    await password.press('Enter');
    await confirmDialog.getByText('The current password is not correct.').waitFor(WAIT);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    const box = (await confirmDialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await password.fill(DEMO_PASSWORD);
    await confirmDialog.getByRole('button', { name: 'Continue' }).click();
    const qr = section(page).getByRole('img', { name: 'QR code for the authenticator app' });
    await qr.waitFor(WAIT);
    expect(await qr.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    const secret = (await section(page).locator('[data-secret]').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await section(page).getByLabel('Code from the app').fill(codeAt(secret));
    await section(page).getByRole('button', { name: 'Turn on' }).click();
    const codesDialog = page.getByRole('dialog', { name: 'Your recovery codes' });
    await codesDialog.waitFor(WAIT);
    const recoveryCodes = await codesDialog.getByRole('listitem').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
    await section(page).getByText('Recovery codes left: 10').waitFor(WAIT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The next sign-in asks for the app's code after the password.
    await signOut(page);
    await passwordStep(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Code', { exact: true }).fill(codeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${env.server.url}/account`, WAIT);
    await section(page).getByText('Recovery codes left: 10').waitFor(WAIT);

    // And a recovery code instead, once.
    await signOut(page);
    await passwordStep(page);
    await page.getByLabel('Code', { exact: true }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${env.server.url}/account`, WAIT);
    await section(page).getByText('Recovery codes left: 9').waitFor(WAIT);

    // Off with the password: the password alone signs in again.
    await section(page).getByRole('button', { name: 'Turn off' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off the authenticator app?' });
    await off.getByLabel('Password').fill(DEMO_PASSWORD);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await section(page).getByText('The authenticator app is off.').waitFor(WAIT);
    await signOut(page);
    await signInAs(page, env.server.url, 'caregiver', DEMO_PASSWORD, '/account');
  });
});
