import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { launchBrowser, signInAs } from '../support/browser';
import type { TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { startWebServer } from '../support/web-server';

/** The payload, written straight into the table as rich text stored before the server cleaned it. */
const PAYLOAD = '<style>body{display:none}</style><form action=//evil><input></form><img src=x onerror=alert(1)><p>Kept</p>';

describe('a guide stored with a style, a form and a script shows safely in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let id = '';
  const dialogs: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(''), launchBrowser()]);
    const admin = (await tokensFor(server.url, 'admin', DEMO_PASSWORD)).access_token;
    const created = await caller(() => server)(admin, 'POST', '/api/app/guides', { title: 'Old guide', language: 'en', body: '<p>Clean</p>', published: true, sortOrder: 1 });
    id = String(created.body.id);
    // Past the API: as a row stored before the server cleaned rich text on write.
    await sql`update guides set body = ${PAYLOAD} where id = ${id}`.execute(server.database.db);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInAs(page, server.url, 'admin', DEMO_PASSWORD, '/dashboard');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The page is shown, and nothing of the payload but its paragraph reached the document. */
  async function expectSafe(): Promise<void> {
    await page.waitForTimeout(500);
    expect(await page.locator('body').isVisible()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe('none');
    expect(await page.evaluate(() => [...document.querySelectorAll('style')].some((s) => (s.textContent ?? '').includes('display:none')))).toBe(false);
    expect(await page.locator('form[action="//evil"]').count()).toBe(0);
    expect(await page.locator('img[onerror]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  }

  it('the show page shows the paragraph and keeps the page visible', async () => {
    await page.goto(`${server.url}/guides/${id}/show`);
    await page.getByText('Kept', { exact: true }).waitFor({ timeout: 15_000 });
    await expectSafe();
    expect(await page.getByText('Old guide').first().isVisible()).toBe(true);
  });

  it('the edit page loads the text into the editor without its style or form', async () => {
    await page.goto(`${server.url}/guides/${id}`);
    await page.getByText('Kept', { exact: true }).waitFor({ timeout: 15_000 });
    await expectSafe();
  });
});
