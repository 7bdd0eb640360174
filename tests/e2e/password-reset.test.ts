import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { mailTo } from '../support/accounts';
import { usePhoneBrowser } from '../support/phone-browser';

const NEW_PASSWORD = 'Found-My-Way-Back-2026!';
const { caregiver } = DEMO_USERS;

/** A carer on a 360 px phone forgot the password: from the sign-in page, by mail over real SMTP, to a new password and signed in. */
describe('a forgotten password in a real browser', () => {
  const env = usePhoneBrowser({ mail: true });

  it('asks for a link from the sign-in page, sets a new password with the mailed link, and signs in with it', async () => {
    const page = await env.phone();
    await page.goto(`${env.server.url}/login`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();

    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText('Email or user name is required').waitFor();
    await page.getByLabel('Email or user name').fill(caregiver.userName);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    // The same words whatever was typed (docs/decisions/027-mail-abuse.md).
    await page.getByText('If an account exists for that email address or user name, we have sent a link').waitFor();

    const mail = await env.mailbox.waitFor((m) => mailTo(caregiver.email)(m) && m.subject === 'Reset your Vigil password');
    const link = /http\S+\/password-reset#token=\S+/.exec(mail.text ?? '')![0];
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByText(`A new password for the account “${caregiver.userName}”`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The browser checks the rules first; the server refuses a remembered password, at the field.
    await page.locator('#password-reset-newPassword').fill('short');
    await page.locator('#password-reset-confirmPassword').fill('other');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Passwords must match').waitFor();
    await page.locator('#password-reset-newPassword').fill(DEMO_PASSWORD);
    await page.locator('#password-reset-confirmPassword').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('The new password must differ from your previous passwords').waitFor();

    await page.locator('#password-reset-newPassword').fill(NEW_PASSWORD);
    await page.locator('#password-reset-confirmPassword').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password has been changed and every session of the account has ended.').waitFor();
    // The spent link is gone from the address bar.
    expect(new URL(page.url()).hash).toBe('');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('User name or email').fill(caregiver.userName);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${env.server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // The link works once, and says so.
    const again = await env.phone();
    await again.goto(link);
    await again.getByText('This password reset link has already been used.').waitFor();
    await again.getByRole('link', { name: 'Ask for a new link' }).click();
    await again.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  });
});
