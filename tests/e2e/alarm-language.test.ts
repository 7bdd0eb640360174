import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { translate } from '../../server/localization/texts';
import { DEMO_HOME, DEMO_PASSWORD, DEMO_USERS, DEMO_WATCHES } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import { north, queryFix, sendQuery } from '../support/osmand';
import type { TestServer } from '../support/server';
import { startSmtpServer, type TestMailbox } from '../support/smtp';
import { startWebServer } from '../support/web-server';

/**
 * A carer on a phone switches the app to Dansk: from then on the watch's alarms reach them in
 * Danish, the live card on the dashboard and the mail alike, and /account shows Dansk as their
 * language (server/accounts/user-language.ts).
 */
describe('the alarm language follows the app language', () => {
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

  it('shows a carer who chose Dansk the live alarm in Danish and mails it in Danish', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, DEMO_USERS.caregiver.userName, DEMO_PASSWORD, '/dashboard');
    await page.getByRole('region', { name: 'Alarms' }).getByText('Live updates on').waitFor();

    // The app bar's switch, as a person uses it; the choice is saved as the carer's language.
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/plugandplay/profile/language'));
    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.locator('[role="menuitem"][lang="da"]').click();
    const answer = await saved;
    expect([answer.status(), await answer.json()]).toEqual([200, { language: 'da-DK' }]);
    const alarms = page.getByRole('region', { name: 'Alarmer' });
    await alarms.getByText('Direkte opdatering er slået til').waitFor();

    // Mum's watch walks out of the demo's safe zone: a fix inside, then two outside (the second confirms).
    const port = `http://127.0.0.1:${server.config.ingestPort}`;
    const start = Date.now() - 3 * 60_000;
    for (const [i, metres] of [0, 400, 420].entries()) {
      expect(await sendQuery(port, queryFix(DEMO_WATCHES[0].imei, { ...north(DEMO_HOME.lat, DEMO_HOME.lon, metres), accuracy: 10, time: new Date(start + i * 60_000) }))).toBe(200);
    }

    const subject = translate('tracking:alarm.geofenceExit.subject', 'da-DK', { device: "Mum's watch", zone: DEMO_HOME.name });
    expect(subject).toBe("Mum's watch har forladt Home");
    const card = alarms.getByRole('listitem').filter({ hasText: subject });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.textContent()).toContain("Mum's watch forlod den sikre zone Home kl.");
    // The tag is a state, not an order; the buttons are Danish too.
    await card.getByText('Uden for sikker zone', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Kvittér for alarm: ${subject}` }).waitFor();
    expect(await card.textContent()).not.toContain('has left');

    const mail = await mailbox.waitFor((m) => m.subject === subject, 20_000);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(DEMO_USERS.caregiver.email);
    expect(mailbox.messages.filter((m) => m.subject === "Mum's watch has left Home")).toHaveLength(0);

    // /account shows the same language as the carer's.
    await page.goto(`${server.url}/account`);
    const choice = page.getByRole('combobox', { name: 'Sprog for appen, alarmer og e-mails' });
    await expect.poll(() => choice.inputValue(), { timeout: 15_000 }).toBe('da-DK');
    await context.close();
  });

  it('tells a carer whose browser speaks another language than their alarms, and writes them in it on request', async () => {
    // The same carer, whose alarms are now Danish, on an English browser that never chose a language.
    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB' });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(page, server.url, DEMO_USERS.caregiver.userName, DEMO_PASSWORD, '/dashboard');
    const notice = page.getByRole('status').filter({ hasText: 'Your alarms and emails are written in another language: Dansk.' });
    await notice.waitFor({ timeout: 15_000 });

    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/plugandplay/profile/language'));
    // On a phone the notice is one line, its button named short.
    await notice.getByRole('button', { name: 'Use this language' }).click();
    const answer = await saved;
    expect([answer.status(), await answer.json()]).toEqual([200, { language: 'en' }]);
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
    // The server holds it: a reload shows no notice, and /account names English.
    await page.goto(`${server.url}/account`);
    const choice = page.getByRole('combobox', { name: 'Language for the app, alarms and emails' });
    await expect.poll(() => choice.inputValue(), { timeout: 15_000 }).toBe('en');
    expect(await page.getByText('Your alarms and emails are written in another language', { exact: false }).count()).toBe(0);
    await context.close();
  });
});
