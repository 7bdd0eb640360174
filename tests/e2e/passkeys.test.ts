import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, signInAs } from '../support/browser';
import { startLocalhostWebServer } from '../support/localhost-web-server';
import type { TestServer } from '../support/server';

const WAIT = { timeout: 20_000 };

/**
 * Passkeys in a real browser (issue 15 item 6): Chromium's virtual authenticator (DevTools
 * protocol) stands in for the phone's or laptop's. The carer adds a passkey on /account, signs out,
 * signs in with the passkey alone and lands signed in; once removed, it signs in no more.
 */
describe('passkeys in a real browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startLocalhostWebServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A desk browser with a virtual platform authenticator that verifies its user (a fingerprint, say). */
  async function withAuthenticator(): Promise<{ context: BrowserContext; page: Page; credentials: () => Promise<number> }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
    return { context, page, credentials };
  }

  const passkeysOf = (page: Page) => page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem');

  const signOut = async (page: Page) => {
    // The app bar hides while the page is scrolled down; it is back at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Profile', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${server.url}/`, WAIT);
  };

  it('adds a passkey on /account, signs in with it alone, and not once it is removed', async () => {
    const { context, page, credentials } = await withAuthenticator();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
    });

    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/account');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('You have no passkeys yet.').waitFor(WAIT);
    // The current password first, by keyboard: a wrong one shows on the field, focused, and adds nothing.
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Add a passkey' });
    const password = confirmDialog.getByLabel('Password');
    await password.waitFor(WAIT);
    expect(await password.evaluate((input) => input === document.activeElement && input.getAttribute('autocomplete'))).toBe('current-password');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await confirmDialog.getByText('The current password is not correct.').waitFor(WAIT);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await credentials()).toBe(0);
    // Cancel closes it with nothing added; the right password then goes on to the browser's passkey dialog.
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await confirmDialog.waitFor({ state: 'hidden', ...WAIT });
    expect(await credentials()).toBe(0);
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await password.waitFor(WAIT);
    expect(await password.inputValue()).toBe('');
    await password.fill(DEMO_PASSWORD);
    await password.press('Enter');
    await page.getByText('The passkey has been added.').waitFor(WAIT);
    await expect.poll(() => passkeysOf(page).count(), WAIT).toBe(1);
    await passkeysOf(page).getByText('Chrome on Linux').waitFor();
    await passkeysOf(page).getByText('Not used yet').waitFor();
    expect(await credentials()).toBe(1);

    // Renamed with the keyboard.
    await passkeysOf(page).getByRole('button', { name: 'Rename the passkey Chrome on Linux' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await dialog.getByLabel('Name').fill('Work laptop');
    await dialog.getByLabel('Name').press('Enter');
    await page.getByText('The passkey has been renamed.').waitFor(WAIT);
    await passkeysOf(page).getByText('Work laptop').waitFor(WAIT);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Signed out, then in with the passkey alone: no name, no password, no code.
    await signOut(page);
    await page.goto(`${server.url}/login?returnTo=/account`);
    await page.waitForURL(/\/oidc\/interaction\//, WAIT);
    const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
    await passkeyButton.waitFor(WAIT);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await passkeyButton.click();
    await page.waitForURL(`${server.url}/account`, WAIT);
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor(WAIT);
    await passkeysOf(page).getByText(/^Last used /).waitFor(WAIT);

    // Removed: the browser still holds it, but it signs in no more.
    await passkeysOf(page).getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('The passkey has been removed.').waitFor(WAIT);
    await page.getByRole('region', { name: 'Passkeys' }).getByText('You have no passkeys yet.').waitFor(WAIT);

    await signOut(page);
    await page.goto(`${server.url}/login?returnTo=/account`);
    await page.waitForURL(/\/oidc\/interaction\//, WAIT);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'That passkey could not sign you in.' }).waitFor(WAIT);
    expect(page.url()).toMatch(/\/oidc\/interaction\//);
    // The password still works.
    await page.getByLabel('User name or email').fill('caregiver');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.url}/account`, WAIT);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
