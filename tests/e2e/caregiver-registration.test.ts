import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/browser';
import { usePhoneBrowser } from '../support/phone-browser';

const PASSWORD = 'Newcomer-Pass-2026!';

/** A newcomer on a 360 px phone registers, gets the mail over real SMTP, opens the link, activates and signs in. */
describe('caregiver registration in a real browser', () => {
  const env = usePhoneBrowser({ mail: true });

  it('registers, follows the mailed link, is greeted by name, activates and signs in', async () => {
    const page = await env.phone();
    await page.goto(`${env.server.url}/registration`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The browser checks with the server's rules and messages first.
    await page.locator('#registration-userName').fill('nora.newcomer');
    await page.locator('#registration-fullName').fill('Nora Newcomer');
    await page.locator('#registration-email').fill('nora@example');
    await page.locator('#registration-phoneNumber').fill('12 ab');
    await page.locator('#registration-password').fill('short');
    await page.locator('#registration-confirmPassword').fill('different');
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of ['Email must be valid!', 'Phone number must only contain digits!', 'You must agree to the policy and terms', 'Passwords must match']) {
      await page.getByText(message).waitFor();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.locator('#registration-email').fill('nora@example.org');
    await page.locator('#registration-phoneNumber').fill('+4512345678');
    await page.locator('#registration-password').fill(PASSWORD);
    await page.locator('#registration-confirmPassword').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await expect(page.getByText('Passwords must match').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The same words whether or not the address already has an account (docs/decisions/027-mail-abuse.md).
    await page.getByText('If nora@example.org can be used for a new account, we have sent an activation link there.', { exact: false }).waitFor();

    const mail = await env.mailbox.waitFor((m) => m.subject === 'Confirm your Vigil account');
    const link = /http\S+\/registration\?token=\S+/.exec(mail.text ?? '')![0];
    await page.goto(link);
    await page.getByRole('heading', { name: 'Welcome, Nora Newcomer!' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await page.getByText('Your account is active. You can sign in now.').waitFor();

    // The link is single-use.
    await page.goto(link);
    await page.getByText('This registration link has already been used. Your account is active: sign in.').waitFor();

    await signInAs(page, env.server.url, 'nora.newcomer', PASSWORD, '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('offers to send the link again without a token, and says the same for any address', async () => {
    const page = await env.phone();
    await page.goto(`${env.server.url}/registration?token=not-a-real-token`);
    await page.getByText(/This registration link is not valid/).waitFor();
    await page.locator('#resend-email').fill('somebody@example.org');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await page.getByText('If an account is waiting for confirmation at this address, we have sent it a new link.').waitFor();
  });
});
