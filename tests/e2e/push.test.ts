import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { launchBrowser, signInAs } from '../support/browser';
import { startWebServer } from '../support/web-server';
import type { TestServer } from '../support/server';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { alarmPayload, ackPayload } from '../../server/push/validation';

/**
 * Push notifications in a real Chromium (issue 16), against the real server and the built app.
 *
 * What is real: the built app and its manifest, /registerSW.js registering the built /sw.js, the
 * service worker's own push and notificationclick handlers, the notifications it shows and closes
 * (read back with registration.getNotifications()), the switch on the dashboard with the real
 * Notification permission (granted to the context) and the real PushManager.subscribe.
 *
 * What is driven: Chromium here has no push service to reach (no network), so pushes are handed
 * to the worker through the DevTools protocol (ServiceWorker.deliverPushMessage: the browser's
 * own push-event dispatch, with the payload the server would send, unencrypted). The server's
 * sending and encryption are covered in tests/api/push.test.ts. A notification click cannot be
 * made through DevTools: a NotificationEvent for the shown notification is dispatched in the
 * worker (Playwright's worker.evaluate); being synthetic it carries no user activation, so the
 * window is navigated, not focused, and clients.openWindow (which needs that activation) is not
 * exercised.
 */
interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  requireInteraction: boolean;
  data: { url?: string; eventId?: string } | null;
}

describe('push notifications in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startWebServer(''), launchBrowser()]);
    context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB' });
    await context.grantPermissions(['notifications'], { origin: server.url });
    page = await context.newPage();
    await signInAs(page, server.url, 'caregiver', DEMO_PASSWORD, '/dashboard');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        icon: n.icon,
        badge: n.badge,
        requireInteraction: n.requireInteraction,
        data: n.data as { url?: string; eventId?: string } | null,
      }));
    }) as Promise<ShownNotification[]>;

  it('serves the worker and manifest as an installable app allows', async () => {
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    const csp = sw.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/manifest-src 'self'/);
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    const body = (await manifest.json()) as { icons: { src: string; purpose: string }[]; display: string; start_url: string };
    expect(body).toMatchObject({ display: 'standalone', start_url: '/dashboard' });
    expect(body.icons.map((i) => i.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of body.icons) expect((await fetch(`${server.url}${icon.src}`)).headers.get('content-type')).toBe('image/png');
    const index = await (await fetch(`${server.url}/dashboard`)).text();
    expect(index).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(index).toContain('src="/registerSW.js"');
  });

  it('shows an alarm pushed to the worker, closes it on the ack, and a click opens the alarm', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${server.url}/dashboard`);
    const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptURL).toBe(`${server.url}/sw.js`);
    // A page loaded while the worker activated is claimed by it; a fresh load is controlled from the start.
    await page.reload();
    await page.getByTestId('push-section').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${server.url}/sw.js`);

    const cdp = await context.newCDPSession(page);
    const registrations = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.get(`${server.url}/`)).toBeTruthy();
    const deliver = (data: unknown) => cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId: registrations.get(`${server.url}/`)!, data: JSON.stringify(data) });

    const eventId = randomUUID();
    const alarm = alarmPayload({ eventId, messageId: randomUUID(), type: 'sos', deviceName: "Mum's watch", time: new Date(), title: "SOS from Mum's watch", body: 'The SOS button was pressed.' });
    await deliver(alarm);
    await expect.poll(shown, { timeout: 10_000 }).toHaveLength(1);
    const [notification] = await shown();
    expect(notification).toEqual({
      title: "SOS from Mum's watch",
      body: 'The SOS button was pressed.',
      tag: eventId,
      icon: `${server.url}/icons/icon-192.png`,
      badge: `${server.url}/icons/badge-96.png`,
      requireInteraction: true,
      data: { url: `/dashboard?alarm=${eventId}`, eventId },
    });

    // Another alarm stays; the ack of the first closes only the first.
    const other = alarmPayload({ ...alarm, eventId: randomUUID(), messageId: randomUUID(), title: 'Low battery' });
    await deliver(other);
    await expect.poll(async () => (await shown()).map((n) => n.tag).sort()).toEqual([eventId, other.eventId].sort());
    await deliver(ackPayload(eventId, 'Anna'));
    await expect.poll(async () => (await shown()).map((n) => n.tag)).toEqual([other.eventId]);
    // Something that is not a Vigil message shows nothing and breaks nothing.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId: registrations.get(`${server.url}/`)!, data: 'not json' });

    // The click: the worker's notificationclick handler runs for the shown notification.
    const worker: Worker = context.serviceWorkers().find((w) => w.url() === `${server.url}/sw.js`) ?? (await context.waitForEvent('serviceworker'));
    await page.goto(`${server.url}/account`);
    await worker.evaluate(async (tag) => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
      const [target] = await scope.registration.getNotifications({ tag });
      const NotificationEventCtor = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
      scope.dispatchEvent(new NotificationEventCtor('notificationclick', { notification: target! }));
    }, other.eventId);
    await page.waitForURL(`${server.url}/dashboard?alarm=${other.eventId}`);
    // The handler closed what was clicked.
    await expect.poll(shown).toEqual([]);
    expect(errors).toEqual([]);
    await cdp.detach();
  });

  it('the switch asks, subscribes and reports honestly when the browser has no push service', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(`${server.url}/dashboard`);
    const section = page.getByTestId('push-section');
    await section.waitFor();
    await expect.poll(() => section.getAttribute('data-state')).toBe('off');
    const toggle = section.getByRole('switch', { name: 'Push notifications on this device' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    // Nothing at 360 px is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await toggle.click();
    // Either the real PushManager.subscribe works (a push service is reachable) and the server
    // has the subscription, or it fails and the page says so and goes on working.
    const outcome = await Promise.race([
      section.getByRole('alert').waitFor({ timeout: 90_000 }).then(() => 'error' as const),
      expect.poll(() => section.getAttribute('data-state'), { timeout: 90_000 }).toBe('on').then(() => 'on' as const),
    ]);
    const caregiver = await server.database.db.selectFrom('users').select('id').where('user_name', '=', 'caregiver').executeTakeFirstOrThrow();
    const rows = await server.database.db.selectFrom('push_subscriptions').select(['endpoint', 'device_name']).where('user_id', '=', caregiver.id).execute();
    if (outcome === 'on') {
      const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint);
      expect(rows.map((r) => r.endpoint)).toEqual([endpoint]);
      await toggle.click();
      await expect.poll(() => section.getAttribute('data-state')).toBe('off');
      expect(await server.database.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', caregiver.id).execute()).toEqual([]);
    } else {
      expect(await section.getByRole('alert').textContent()).toMatch(/^Push notifications could not be turned on here: .* Your alarms still reach you by e-mail and in Vigil\.$/);
      expect(await toggle.isChecked()).toBe(false);
      expect(rows).toEqual([]);
      // The page still works: the rest of the dashboard is there and the switch can be tried again.
      await page.getByRole('button', { name: 'Add device' }).waitFor();
      expect(await toggle.isEnabled()).toBe(true);
    }
    expect(errors).toEqual([]);
  });
});
