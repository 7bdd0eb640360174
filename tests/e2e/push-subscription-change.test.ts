import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo';
import { alarmPayload, sendPushToUsers } from '../../server/push';
import { vapidKeys } from '../../server/push/keys';
import { PUSH_STATE_CACHE, PUSH_STATE_KEY, type PushState } from '../../src/providers/pushState';
import { launchBrowser, signInAs } from '../support/browser';
import { startPushService, type PushServiceStandIn, type TestSubscription } from '../support/push-service';
import type { TestServer } from '../support/server';
import { handedSubscription, serviceWorkerPush, useStandInPushService, type ServiceWorkerPush } from '../support/sw-push';
import { appWorker, changeSubscription, subscribedWith } from '../support/sw-push-change';
import { startWebServer } from '../support/web-server';

/**
 * The browser replaces its push subscription (issue 16): the service worker's
 * pushsubscriptionchange re-subscribes with the server's VAPID key and tells the server, which
 * puts the new subscription in place of the old one for the same user; alarms then go to the new
 * one. Also when the browser does not say which subscription it replaced (oldSubscription null),
 * and when the worker could not tell the server (offline): the dashboard, opened later, puts the
 * new subscription in place of the old one rather than beside it (src/providers/push.ts).
 *
 * Real: the server, the built app and its worker in Chromium (its pushsubscriptionchange handler,
 * its Cache Storage state, its fetch of POST /api/app/push/subscriptions/renew), the dashboard's
 * switch, the server's push sending (VAPID, aes128gcm) to the push service stand-in, which checks
 * and decrypts as a browser's push service would, and the worker's push handler showing it.
 * Driven (tests/support/sw-push.ts and sw-push-change.ts say why): PushManager.subscribe in the
 * page and in the worker answers with stand-in subscriptions; the event is dispatched in the
 * worker; pushes are handed to the worker through the DevTools protocol.
 */
const WAIT = { timeout: 20_000 };

describe('pushsubscriptionchange in a real browser', () => {
  let server: TestServer;
  let browser: Browser;
  let push: PushServiceStandIn;
  let context: BrowserContext;

  beforeAll(async () => {
    push = await startPushService();
    [server, browser] = await Promise.all([
      startWebServer('', { push: { vapidSubject: 'mailto:alarms@vigil.example', timeoutMs: 5000, allowLocalHttp: true } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await push?.stop();
  });

  const rowsOf = (userId: string) => server.database.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth', 'device_name']).where('user_id', '=', userId).execute();
  const rowsAt = (endpoint: string) => server.database.db.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', endpoint).execute();
  const row = (s: TestSubscription) => ({ endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth, device_name: 'Chrome on Linux' });
  /** What the page and the worker share about this browser's subscription (src/providers/pushState.ts). */
  const stateOf = (page: Page) =>
    page.evaluate(
      async ([cacheName, key]) => {
        const response = await (await caches.open(cacheName!)).match(key!);
        return response ? ((await response.json()) as PushState) : null;
      },
      [PUSH_STATE_CACHE, PUSH_STATE_KEY],
    );

  /**
   * An alarm sent to the user reaches `to` at the push service (and nothing goes to `notTo`); the
   * worker shows it. As in alarm-journey.test.ts (handOver), a worker that shows nothing 8 s after
   * the hand-off (seen once under load) is handed the push once more, and a warning says so.
   */
  const alarmReaches = async (userId: string, to: TestSubscription, notTo: TestSubscription[], sw: ServiceWorkerPush, page: Page) => {
    await page.evaluate(async () => {
      for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
    });
    const since = Date.now();
    const payload = alarmPayload({ eventId: randomUUID(), messageId: randomUUID(), type: 'sos', deviceName: "Mum's watch", time: new Date(), title: "SOS from Mum's watch", body: 'The SOS button was pressed.' });
    expect((await sendPushToUsers(server.database.db, [userId], payload, { config: server.config })).map((o) => o.status)).toEqual(['sent']);
    const received = await push.next(to, 10_000, since);
    expect(received.vapid.ok).toBe(true);
    expect(received.answered).toBe(201);
    expect(received.payload).toEqual(payload);
    expect(push.received.filter((r) => r.at >= since && notTo.some((s) => s.id === r.subscriptionId))).toEqual([]);
    const expected = [{ title: payload.title, body: payload.body, tag: payload.eventId, data: { url: payload.url, eventId: payload.eventId } }];
    await sw.deliver(received.payload);
    try {
      await expect.poll(() => sw.shown(), { timeout: 8000 }).toEqual(expected);
      return;
    } catch {
      console.warn('no notification 8 s after handing the alarm to the worker; handing it over again');
    }
    await sw.deliver(received.payload);
    await expect.poll(() => sw.shown(), WAIT).toEqual(expected);
  };

  it('the worker re-subscribes and the server moves the subscription to it, same user, with or without oldSubscription', async () => {
    const { db } = server.database;
    const carer = await db.selectFrom('users').select('id').where('user_name', '=', DEMO_USERS.caregiver.userName).executeTakeFirstOrThrow();
    const { publicKey } = await vapidKeys(db);
    context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB' });
    await context.grantPermissions(['notifications'], { origin: server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));

    // Push on with the dashboard's switch: the server has the first subscription for the carer.
    const first = push.subscribe();
    await page.addInitScript(useStandInPushService, handedSubscription(first));
    await signInAs(page, server.url, DEMO_USERS.caregiver.userName, DEMO_PASSWORD, '/dashboard');
    const sw = await serviceWorkerPush(context, page, server.url);
    const section = page.getByTestId('push-section');
    const toggle = section.getByRole('switch', { name: 'Push notifications on this device' });
    await expect.poll(() => toggle.isEnabled(), WAIT).toBe(true);
    await toggle.click();
    await expect.poll(() => section.getAttribute('data-state'), WAIT).toBe('on');
    expect(await rowsOf(carer.id)).toEqual([row(first)]);
    const before = await stateOf(page);
    expect(before).toMatchObject({ endpoint: first.endpoint, auth: first.keys.auth, applicationServerKey: publicKey });
    // Away from the switch: this page's stand-in would go on reporting the first subscription,
    // which the browser no longer has once it is replaced.
    await page.goto(`${server.url}/geofence`);

    // 1. The browser replaced the first subscription and says so (oldSubscription set).
    const second = push.subscribe();
    const one = await changeSubscription(await appWorker(context, server.url), handedSubscription(first), handedSubscription(second));
    console.info(`pushsubscriptionchange with oldSubscription dispatched as ${one.event} (the browser's constructor exposed: ${one.browserConstructor}; ${one.refused ?? 'accepted'})`);
    await expect.poll(() => rowsOf(carer.id), WAIT).toEqual([row(second)]);
    expect(await rowsAt(first.endpoint)).toEqual([]);
    // It re-subscribed with the server's VAPID key, and keeps the new subscription for next time.
    expect(await subscribedWith(await appWorker(context, server.url))).toEqual([publicKey]);
    // The worker stores what it now holds after the server's answer: awaited, not read at once.
    await expect.poll(() => stateOf(page), WAIT).toEqual({ ...before, endpoint: second.endpoint, auth: second.keys.auth });
    await alarmReaches(carer.id, second, [first], sw, page);

    // 2. Replaced again, and this time the browser does not say which one it replaced.
    const third = push.subscribe();
    const two = await changeSubscription(await appWorker(context, server.url), null, handedSubscription(third));
    console.info(`pushsubscriptionchange without oldSubscription dispatched as ${two.event} (the browser's constructor exposed: ${two.browserConstructor}; ${two.refused ?? 'accepted'})`);
    await expect.poll(() => rowsOf(carer.id), WAIT).toEqual([row(third)]);
    expect(await rowsAt(second.endpoint)).toEqual([]);
    // The worker stores what it now holds after the server's answer: awaited, not read at once.
    await expect.poll(() => stateOf(page), WAIT).toEqual({ ...before, endpoint: third.endpoint, auth: third.keys.auth });
    await alarmReaches(carer.id, third, [first, second], sw, page);

    // 3. The dashboard, where the browser now reports the third subscription, says push is on and
    // registers nothing more.
    const later = await context.newPage();
    later.on('pageerror', (err) => errors.push(err.message));
    await later.addInitScript(useStandInPushService, handedSubscription(third));
    await later.goto(`${server.url}/dashboard`);
    await expect.poll(() => later.getByTestId('push-section').getAttribute('data-state'), WAIT).toBe('on');
    expect(await rowsOf(carer.id)).toEqual([row(third)]);
    // (Closed: its stand-in would go on reporting the third subscription.)
    await later.close();

    // 4. Replaced while the browser is offline: the worker cannot tell the server, which keeps the
    // third. The dashboard, once the browser reports the fourth, puts it in place of the third
    // (its name kept), not beside it.
    await context.setOffline(true);
    const fourth = push.subscribe();
    await changeSubscription(await appWorker(context, server.url), handedSubscription(third), handedSubscription(fourth));
    await expect.poll(async () => (await subscribedWith(await appWorker(context, server.url))).length, WAIT).toBe(3);
    // The worker's POST follows its subscribe at once and fails at once offline; a second's margin.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await context.setOffline(false);
    expect(await rowsOf(carer.id)).toEqual([row(third)]);
    expect(await stateOf(page)).toMatchObject({ endpoint: third.endpoint });
    const back = await context.newPage();
    back.on('pageerror', (err) => errors.push(err.message));
    await back.addInitScript(useStandInPushService, handedSubscription(fourth));
    await back.goto(`${server.url}/dashboard`);
    await expect.poll(() => back.getByTestId('push-section').getAttribute('data-state'), WAIT).toBe('on');
    await expect.poll(() => rowsOf(carer.id), WAIT).toEqual([row(fourth)]);
    expect(await stateOf(back)).toEqual({ ...before, endpoint: fourth.endpoint, auth: fourth.keys.auth });
    await alarmReaches(carer.id, fourth, [first, second, third], sw, page);
    expect(errors).toEqual([]);
    await sw.detach();
  }, 120_000);
});
