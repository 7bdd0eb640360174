import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/** A newcomer on a phone-sized screen, using Vigil as a person would. */
describe('signing in and out in a real browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    return page;
  }

  async function signInThroughIssuer(page: Page, login: string, password: string) {
    await page.getByLabel('User name or email').fill(login);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  it('signs in from the home page, lands on the dashboard, switches theme and language, signs out', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Sign in' }).first().click();

    // The issuer's own sign-in page.
    await page.waitForURL(/\/oidc\/interaction\//);
    await expect(page.title()).resolves.toContain('Sign in');
    await signInThroughIssuer(page, 'caregiver', DEMO_PASSWORD);

    await page.waitForURL(`${server.url}/dashboard`);
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Clara').first().waitFor();

    // Theme: dark, kept in localStorage 'theme'.
    await page.getByTestId('theme-switcher').first().click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(150);

    // Language: Danish, kept in localStorage 'i18nextLng'.
    await page.getByTestId('language-switcher').first().click();
    await page.getByRole('menuitem', { name: 'Dansk' }).click();
    await page.getByRole('heading', { name: 'Oversigt' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('da-DK');

    // A reload keeps the session, the theme and the language.
    await page.reload();
    await page.getByRole('heading', { name: 'Oversigt' }).waitFor();

    // Sign out through the issuer, back to the public home page.
    await page.getByRole('button', { name: 'Profil' }).click();
    await page.getByRole('menuitem', { name: 'Log ud' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/oidc\/interaction\/|\/login/);
    await page.context().close();
  });

  it('sends no API call without the access token: no 401 from /api/ while signing in and on the first page', async () => {
    const page = await newPage();
    const unauthorised: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/') && response.status() === 401) unauthorised.push(`${response.request().method()} ${url.pathname}`);
    });
    // A bookmarked back-office page: the shell starts, finds nobody signed in and sends them to sign in.
    await page.goto(`${server.url}/customers`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await signInThroughIssuer(page, 'admin', DEMO_PASSWORD);
    await page.waitForURL(`${server.url}/customers`);
    await page.getByRole('combobox', { name: 'Tenant' }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(unauthorised).toEqual([]);
    await page.context().close();
  });

  it('shows the error on the sign-in page for a wrong password', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    await page.waitForURL(/\/oidc\/interaction\//);
    await signInThroughIssuer(page, 'caregiver', 'Not-The-Pass-2026');
    await expect(page.getByRole('alert').textContent()).resolves.toContain('The user name, email or password is not correct.');
    // The right password on the same page still works.
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.context().close();
  });

  it('shows the not-found page for an unknown route', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: /not found/i }).waitFor();
    await page.context().close();
  });
});
