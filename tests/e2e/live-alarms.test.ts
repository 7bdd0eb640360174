import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pageAtRest, axeScan } from '../support/axe';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import type { TestServer } from '../support/server';
import { DEMO_HOME, DEMO_PASSWORD, DEMO_WATCHES } from '../../server/seed/demo';
import { simulate } from '../../scripts/simulate';

/** A carer at night on a phone: the dashboard is open, the watch walks out of its safe zone. */
describe('live alarms on the dashboard', () => {
  let server: TestServer;
  let browser: Browser;
  let mailbox: TestMailbox;

  beforeAll(async () => {
    mailbox = await startSmtpServer();
    [server, browser] = await Promise.all([startWebServer('', { smtpUrl: mailbox.url, ingestPort: 0 }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.stop();
  });

  it('shows the exit alarm without reload, announces it, mails the receiver once, and acknowledges it', async () => {
    const { db } = server.database;
    // The safe zone around the caregiver's home, linked to Mum's watch.
    const zone = await db.selectFrom('geofences').innerJoin('geofence_links', 'geofence_links.geofence_id', 'geofences.id').innerJoin('devices', 'devices.id', 'geofence_links.device_id').select(['geofences.name', 'geofences.radius_m']).where('devices.imei', '=', DEMO_WATCHES[0].imei).executeTakeFirstOrThrow();
    expect(zone).toEqual({ name: 'Home', radius_m: DEMO_HOME.radius });

    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
    const alarms = page.getByRole('region', { name: 'Alarms' });
    await alarms.getByText('No alarms waiting for you.').waitFor();
    await alarms.getByText('Live updates on').waitFor();
    await pageAtRest(page);
    const axe = await axeScan(page, { include: ['section[aria-labelledby]'] });
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    let reloaded = false;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloaded = true;
    });
    const walk = simulate({ url: `http://127.0.0.1:${server.config.ingestPort}`, imeis: [DEMO_WATCHES[0].imei], intervalMs: 400, steps: 16, home: DEMO_HOME, log: () => undefined });

    const exit = alarms.getByRole('listitem').filter({ hasText: "Mum's watch has left Home" });
    await exit.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('[aria-live="assertive"]').textContent()).toBe("New alarm: Mum's watch has left Home");
    const mail = await mailbox.waitFor((m) => m.subject === "Mum's watch has left Home", 20_000);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('caregiver@example.com');

    const { sent, failed } = await walk;
    expect([sent, failed]).toEqual([16, 0]);
    await alarms.getByRole('listitem').filter({ hasText: "Mum's watch is back in Home" }).waitFor({ timeout: 15_000 });
    expect(reloaded).toBe(false);
    // The caregiver owns the watch: one mail, not one per role.
    expect(mailbox.messages.filter((m) => m.subject === "Mum's watch has left Home")).toHaveLength(1);

    // On the phone: the text says where, without the raw link; both buttons keep their label on
    // one line under it (beside the text they were squeezed into a column a few letters wide).
    expect(await exit.textContent()).not.toContain('dashboard?alarm=');
    await pageAtRest(page);
    const withAlarms = await axeScan(page, { include: ['section[aria-labelledby]'] });
    expect(withAlarms.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    for (const name of ["Show on the map: Mum's watch has left Home", "Acknowledge alarm: Mum's watch has left Home"]) {
      const box = await exit.getByRole(name.startsWith('Show') ? 'link' : 'button', { name }).boundingBox();
      expect(box!.height, name).toBeLessThan(48);
      expect(box!.width, name).toBeGreaterThan(80);
    }
    // Show on map: the alarm's place on the map, scrolled into view with its heading focused.
    await exit.getByRole('link', { name: "Show on the map: Mum's watch has left Home" }).click();
    await page.waitForURL(/\/dashboard\?alarm=[0-9a-f-]{36}$/);
    const focus = page.getByTestId('alarm-focus');
    await focus.getByTestId('alarm-facts').waitFor();
    await expect.poll(async () => (await focus.getByRole('heading', { level: 3 }).boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((await focus.getByRole('heading', { level: 3 }).boundingBox())!.y).toBeLessThan(780 / 2);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Alarm details: Left safe zone · Mum's watch");
    // Back up to the alarms and Show on map once more for the same alarm: the map comes into view again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await exit.getByRole('link', { name: "Show on the map: Mum's watch has left Home" }).click();
    await expect.poll(async () => (await focus.getByRole('heading', { level: 3 }).boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((await focus.getByRole('heading', { level: 3 }).boundingBox())!.y).toBeLessThan(780 / 2);

    // The card goes at once; the reload waits for the server's answer, or it would cancel the request.
    const acknowledged = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/acknowledge'));
    await alarms.getByRole('button', { name: "Acknowledge alarm: Mum's watch has left Home" }).click();
    await exit.waitFor({ state: 'detached' });
    expect((await acknowledged).status()).toBe(200);
    await page.reload();
    await alarms.getByRole('listitem').filter({ hasText: "Mum's watch is back in Home" }).waitFor();
    expect(await alarms.getByRole('listitem').filter({ hasText: "Mum's watch has left Home" }).count()).toBe(0);
    await context.close();
  });
});
