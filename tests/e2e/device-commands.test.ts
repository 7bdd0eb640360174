import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { DynamicDb } from '../../server/schema-engine/resource-model';
import { DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import { demoDevices } from '../support/osmand';
import type { TestServer } from '../support/server';
import { watchFrame, WatchClient } from '../support/watch-client';
import { startWebServer } from '../support/web-server';

const MUM = DEMO_WATCHES[0].imei;
const WAIT = { timeout: 20_000 };

/**
 * Staff send a command template from a device's page to a 3G watch on a real socket: they pick
 * the template, fill its variable and send; the watch gets the command, echoes it, and the
 * device's command log follows it from queued through sent to acknowledged. On the shared
 * command templates and guides, which only the provider writes, staff are offered no Create.
 */
describe('commands from the device page, to a watch on a real socket', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let watch: WatchClient;
  let mumId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer('', { watchPort: 0 }), launchBrowser()]);
    mumId = (await demoDevices(server.database.db)).mum.id;
    watch = await WatchClient.connect(server.config.watchPort);
    watch.send(watchFrame(MUM, 'LK,10,0,90'));
    await watch.next((f) => f.endsWith('*LK]'));
    context = await browser.newContext({ viewport: { width: 1366, height: 850 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'staff', DEMO_PASSWORD, `/devices/${mumId}/show`);
  });
  afterAll(async () => {
    watch?.end();
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('sends a template with its variable; the log shows it queued, sent, then acknowledged by the watch', async () => {
    await page.getByRole('heading', { name: 'Send to the watch', level: 2 }).waitFor(WAIT);
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Set upload interval' }).click();
    await page.getByRole('textbox', { name: 'seconds' }).fill('300');
    const seen = watch.frames.length;
    await page.getByRole('button', { name: 'Send template' }).click();

    expect(await watch.next((f) => f.includes('*UPLOAD,'), seen)).toBe(`[SG*${MUM}*000a*UPLOAD,300]`);
    const latest = page.getByRole('table', { name: 'Latest commands' }).locator('tbody tr').first();
    await expect.poll(async () => (await latest.locator('td').allTextContents()).slice(1, 4), WAIT).toEqual(['TemplateUPLOAD,300', 'To the watch', 'Sent']);

    watch.send(watchFrame(MUM, 'UPLOAD'));
    await expect.poll(async () => (await latest.locator('td').allTextContents())[3], WAIT).toBe('Confirmed by the watch');
    // Every state it took, in order.
    const states = (await latest.locator('td').nth(4).getByRole('listitem').allTextContents()).map((s) => s.split(':')[0]);
    expect(states).toEqual(['Waiting to be sent', 'Sent', 'Confirmed by the watch']);
  });

  it('refuses a template sent without its variable, on the field, in the staff member’s language', async () => {
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Set upload interval' }).click();
    const rows = await page.getByRole('table', { name: 'Latest commands' }).locator('tbody tr').count();
    await page.getByRole('button', { name: 'Send template' }).click();
    const field = page.getByRole('textbox', { name: 'seconds' });
    await expect.poll(() => field.getAttribute('aria-invalid'), WAIT).toBe('true');
    expect(await page.getByRole('table', { name: 'Latest commands' }).locator('tbody tr').count()).toBe(rows);
  });

  it('sends a template from its own page to a device picked by IMEI; the device page shows it acknowledged', async () => {
    const templates = server.database.db as unknown as DynamicDb;
    const template = (await templates.selectFrom('command_templates').select('id').where('name', '=', 'Request position').executeTakeFirstOrThrow()) as { id: string };
    await page.goto(`${server.url}/command-templates/${template.id}/show`);
    await page.getByRole('button', { name: 'Send to a device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this template to a device' });
    await dialog.getByLabel('Search by IMEI or name').fill(MUM.slice(-6));
    await page.getByRole('option', { name: new RegExp(MUM) }).click();
    const seen = watch.frames.length;
    await dialog.getByRole('button', { name: 'Send template' }).click();
    expect(await watch.next((f) => f.endsWith('*CR]'), seen)).toBe(`[SG*${MUM}*0002*CR]`);
    watch.send(watchFrame(MUM, 'CR'));

    await dialog.getByRole('link', { name: /Follow it in the command log of/ }).click();
    const latest = page.getByRole('table', { name: 'Latest commands' }).locator('tbody tr').first();
    await expect.poll(async () => (await latest.locator('td').allTextContents()).slice(1, 4), WAIT).toEqual(['TemplateCR', 'To the watch', 'Confirmed by the watch']);
  });

  it('sends a template to the devices selected in the list; the device page shows it acknowledged', async () => {
    await page.goto(`${server.url}/devices`);
    await page.getByRole('textbox', { name: 'Search' }).fill(MUM);
    const row = page.getByRole('row').filter({ hasText: MUM });
    await row.waitFor(WAIT);
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send command' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a command to 1 device' });
    await dialog.getByRole('combobox', { name: 'Template' }).click();
    // Each template names its model as the devices list does, not by its stored value ('watch4').
    await page.getByRole('option', { name: 'Set upload interval (Vigil Watch 4)' }).click();
    await dialog.getByRole('textbox', { name: 'seconds' }).fill('600');
    const seen = watch.frames.length;
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    expect(await watch.next((f) => f.includes('*UPLOAD,600'), seen)).toBe(`[SG*${MUM}*000a*UPLOAD,600]`);
    await expect.poll(() => dialog.getByRole('status').textContent(), WAIT).toBe('Sent to 1 device.');
    // Sent once: the same command is not offered again (a second tap would send it twice), until a value changes.
    const sendButton = dialog.getByRole('button', { name: 'Send', exact: true });
    expect(await sendButton.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'seconds' }).fill('900');
    expect(await sendButton.isEnabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'seconds' }).fill('600');
    watch.send(watchFrame(MUM, 'UPLOAD'));

    await page.goto(`${server.url}/devices/${mumId}/show`);
    const latest = page.getByRole('table', { name: 'Latest commands' }).locator('tbody tr').first();
    await expect.poll(async () => (await latest.locator('td').allTextContents()).slice(1, 4), WAIT).toEqual(['TemplateUPLOAD,600', 'To the watch', 'Confirmed by the watch']);
  });

  it('offers staff no Create on command templates and guides, which only the provider writes', async () => {
    for (const path of ['/command-templates', '/guides']) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('table').first().waitFor(WAIT);
      expect(await page.getByRole('link', { name: 'Create' }).count(), path).toBe(0);
      expect(await page.getByRole('button', { name: 'Create' }).count(), path).toBe(0);
    }
  });
});
