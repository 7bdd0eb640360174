import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import type { TestServer } from '../support/server';
import { startWebServer } from '../support/web-server';

/** A 2x2 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==', 'base64');

/** The app bar's user menu button (named 'Profile', showing the user's name). */
const userButton = (page: Page) => page.getByRole('button', { name: 'Profile', exact: true });

/** Waits until the user button holds an <img> the browser really decoded, and returns its natural width. */
async function loadedAvatarWidth(page: Page): Promise<number> {
  const img = userButton(page).locator('img');
  await img.waitFor({ timeout: 10_000 });
  await page.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await img.elementHandle(), { timeout: 10_000 });
  return img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
}

/** The demo carer on a desktop screen: the picture uploaded on /account shows in the app bar at once and after a reload. */
describe('the signed-in user picture in the app bar', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the default icon without a picture, then the uploaded picture right away and after a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
    });

    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/account');
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await userButton(page).waitFor();
    // No picture yet: the default icon, no image.
    await userButton(page).locator('svg').first().waitFor();
    expect(await userButton(page).locator('img').count()).toBe(0);

    await page.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Your picture has been saved.').waitFor();
    expect(await loadedAvatarWidth(page)).toBe(2);

    await page.reload();
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    expect(await loadedAvatarWidth(page)).toBe(2);

    // Another screen keeps it (the app bar is the same on every page).
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await loadedAvatarWidth(page)).toBe(2);

    // Removed: back to the default icon, without a reload.
    await page.goto(`${server.url}/account`);
    await page.getByRole('button', { name: 'Remove picture' }).click();
    await userButton(page).locator('img').waitFor({ state: 'detached', timeout: 10_000 });
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
