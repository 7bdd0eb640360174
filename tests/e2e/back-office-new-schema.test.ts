import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import { schemaFolderWith } from '../support/schema-folder';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/seed/demo';

/**
 * One file is enough, in the browser too: a schema file the built web app has never seen gets a
 * menu entry, a list and a create form, with no code change and no rebuild.
 */
describe('a resource added by one schema file, in a real browser', () => {
  const folder = schemaFolderWith(path.join(import.meta.dirname, '..', 'fixtures', 'visit-notes.schema.json'));
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { schemasDir: folder.dir }), launchBrowser()]);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'admin', DEMO_PASSWORD, '/dashboard');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    folder.remove();
  });

  it('shows the new resource in the menu, creates a record through its form and lists it', async () => {
    await page.getByRole('menuitem', { name: 'Visit notes' }).click();
    await page.waitForURL(`${server.url}/visit-notes`);
    await page.goto(`${server.url}/visit-notes/create`);
    // The host admin's tenant filter is on All: a tenant resource's create asks where to save (decision 055).
    await page.getByLabel(/^Save in/).click();
    await page.getByRole('option', { name: DEMO_TENANT, exact: true }).click();
    await page.getByLabel(/^Title/).fill('First visit after the move');
    // The date field is MUI X's: typed as a person does, dd/MM/yy.
    await page.getByRole('group', { name: /^Visit date/ }).click();
    await page.keyboard.type('201126');
    await page.getByLabel(/^Mood/).click();
    await page.getByRole('option', { name: 'Calm', exact: true }).click();
    await page.getByLabel(/^Notes/).fill('Settled in well; walked to the bakery.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/visit-notes\/[0-9a-f-]{36}/, { timeout: 15_000 });

    await page.goto(`${server.url}/visit-notes`);
    await page.getByText('First visit after the move').waitFor({ timeout: 15_000 });
    const sunrise = (await server.database.db.selectFrom('tenants').select('id').where('name', '=', DEMO_TENANT).executeTakeFirstOrThrow()).id;
    const stored = await server.database.db.selectFrom('visit_notes' as never).select(['title' as never, 'mood' as never, 'visit_date' as never, 'tenant_id' as never]).execute();
    expect(stored).toEqual([{ title: 'First visit after the move', mood: 'calm', visit_date: '2026-11-20', tenant_id: sunrise }]);
  });

  it('shows a user without the resource\'s policy Access denied at its paths, not a missing page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const carer = await context.newPage();
    await signInAs(carer, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
    const calls: string[] = [];
    carer.on('request', (req) => {
      if (req.url().includes('/api/app/visit-notes')) calls.push(req.url());
    });
    for (const path of ['/visit-notes', '/visit-notes/create']) {
      await carer.goto(`${server.url}${path}`);
      await carer.getByText('Access denied').first().waitFor({ timeout: 15_000 });
      expect(await carer.getByText(/not found/i).count()).toBe(0);
    }
    expect(calls).toEqual([]);
    await context.close();
  });

  // An empty required field refused before anything is sent, in two languages, is a component
  // test (tests/component/schema-form.test.tsx, on the care-visits fixture schema); that the served
  // check runs in a real browser under the Content-Security-Policy is tests/e2e/csp.test.ts.
});
