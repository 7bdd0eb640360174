import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/browser';
import { usePhoneBrowser } from '../support/phone-browser';

const WAIT = { timeout: 20_000 };

/**
 * "Sign out everywhere" (issue 15) in a real browser on a 360 px phone: the carer sees where she
 * is signed in on /account and ends another browser's session, which is then signed out there;
 * ending this browser's own session signs it out; staff end all of a user's sessions from the
 * users screen.
 */
describe('sessions in a real browser', () => {
  const env = usePhoneBrowser();

  const sessionsOf = (page: Page) => page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem');
  /**
   * A browser whose session was ended elsewhere can no longer load data: the API refuses its token
   * (401, "your sign-in has ended"), and the browser is taken to sign in again.
   */
  const refusedOnReload = async (page: Page) => {
    // The page leaves for the sign-in page at once, so each API answer is read on its way in.
    const refused = new Promise<string>((resolve) => {
      void page.route('**/api/**', async (route) => {
        const response = await route.fetch();
        if (response.status() === 401) resolve(((await response.json()) as { error: { code: string } }).error.code);
        await route.fulfill({ response }).catch(() => undefined);
      });
    });
    await page.reload();
    expect(await refused).toBe('Vigil:SessionEnded');
    await page.unroute('**/api/**');
    await page.waitForURL(/\/oidc\/interaction\//, WAIT);
    await page.getByLabel('User name or email').waitFor(WAIT);
  };

  it('lists the carer\'s sessions, ends another browser\'s with the keyboard, then signs out here', async () => {
    const first = await env.phone();
    const second = await env.phone();
    await signInAs(first, env.server.url, 'caregiver', DEMO_PASSWORD, '/account');
    await signInAs(second, env.server.url, 'caregiver', DEMO_PASSWORD, '/account');
    await second.getByRole('heading', { name: 'Where you are signed in' }).waitFor(WAIT);

    await first.reload();
    await first.getByRole('heading', { name: 'Where you are signed in' }).waitFor(WAIT);
    await expect.poll(() => sessionsOf(first).count(), WAIT).toBe(2);
    const current = sessionsOf(first).filter({ hasText: 'This device' });
    await expect(current.count()).resolves.toBe(1);
    await current.getByText('Chrome on Linux').waitFor();
    await current.getByText(/^Address: /).waitFor();
    // The session in use is in use now, not "last used 13 minutes ago"; the other one says when.
    await current.getByText('In use now').waitFor();
    expect(await current.getByText(/^Last used /).count()).toBe(0);
    await sessionsOf(first).filter({ hasNotText: 'This device' }).getByText(/^Last used /).waitFor();
    expect(await seriousAxeViolations(first)).toEqual([]);
    expect(await first.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The other browser's session, ended with the keyboard after a confirmation.
    const other = sessionsOf(first).filter({ hasNotText: 'This device' });
    const end = other.getByRole('button', { name: 'End the session on Chrome on Linux' });
    await end.focus();
    await first.keyboard.press('Enter');
    const dialog = first.getByRole('dialog', { name: 'End this session?' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(first)).toEqual([]);
    const ended = first.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/account/sessions/'));
    await dialog.getByRole('button', { name: 'End session' }).focus();
    await first.keyboard.press('Enter');
    expect((await ended).status()).toBe(204);
    await first.getByText('The session has been ended.').waitFor(WAIT);
    await expect.poll(() => sessionsOf(first).count(), WAIT).toBe(1);

    // The other browser can no longer load data.
    await refusedOnReload(second);

    // Ending this browser's own session signs it out of the app.
    await sessionsOf(first).filter({ hasText: 'This device' }).getByRole('button', { name: 'Sign out on this device' }).click();
    const here = first.getByRole('dialog', { name: 'Sign out on this device?' });
    await here.getByRole('button', { name: 'Sign out' }).click();
    await first.waitForURL(/\/oidc\/interaction\//, WAIT);
    await first.getByLabel('User name or email').waitFor(WAIT);
    // Back on /account, nobody is signed in any more: the app sends the browser to sign in.
    await first.goto(`${env.server.url}/account`);
    await first.waitForURL(/\/oidc\/interaction\//, WAIT);
  });

  it('lets staff end all of a carer\'s sessions from the users screen', async () => {
    const carer = await env.phone();
    await signInAs(carer, env.server.url, 'caregiver', DEMO_PASSWORD, '/account');
    await carer.getByRole('heading', { name: 'Where you are signed in' }).waitFor(WAIT);

    const staff = await env.phone();
    await signInAs(staff, env.server.url, 'staff', DEMO_PASSWORD, '/identity-management/users');
    await staff.getByPlaceholder('Search').fill('caregiver');
    // On a phone each user is a block of the list, with its actions under it.
    const row = staff.getByTestId('phone-record-list').locator('li[data-record-id]').filter({ hasText: 'caregiver@example.com' });
    await row.waitFor(WAIT);
    await row.getByRole('button', { name: 'End all sessions of caregiver' }).click();
    const dialog = staff.getByRole('dialog', { name: 'End all sessions of caregiver?' });
    await dialog.getByText('caregiver is signed out on every device at once').waitFor();
    expect(await seriousAxeViolations(staff)).toEqual([]);
    const ended = staff.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/end-sessions'));
    await dialog.getByRole('button', { name: 'End all sessions' }).click();
    expect((await ended).status()).toBe(204);
    await staff.getByText('All sessions of caregiver ended. The user is signed out everywhere.').waitFor(WAIT);

    await refusedOnReload(carer);
    // Staff themselves stay signed in.
    await staff.reload();
    await staff.getByTestId('phone-record-list').locator('li[data-record-id]').first().waitFor(WAIT);
  });
});
