import fs from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium, started the way this machine allows (no sandbox as root, no background traffic). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`No browser at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * Signs in as a person would: the app's /login sends the browser to the issuer's sign-in page,
 * the form is filled, and the app opens `returnTo`.
 */
export async function signInAs(page: Page, baseUrl: string, userName: string, password: string, returnTo: string): Promise<void> {
  await page.goto(`${baseUrl}/login?returnTo=${returnTo}`);
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl}${returnTo}`);
}
