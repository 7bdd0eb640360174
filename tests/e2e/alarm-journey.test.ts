import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { DEMO_HOME, DEMO_PASSWORD, DEMO_USERS, DEMO_WATCHES } from '../../server/seed/demo';
import { launchBrowser, signInAs } from '../support/browser';
import { createTenantUser } from '../support/fixtures';
import { startPushService, type PushServiceStandIn, type ReceivedPush, type TestSubscription } from '../support/push-service';
import type { TestServer } from '../support/server';
import { handedSubscription, serviceWorkerPush, useStandInPushService, type ServiceWorkerPush } from '../support/sw-push';
import { startWebServer } from '../support/web-server';
import { route } from '../../scripts/simulate';

/**
 * The journey of the issue, as a new user makes it on a phone at 360 px: push on, a watch walked
 * out of its zone with `npm run simulate`, the notification, the tap, where the person is, the
 * acknowledgment; the notification closes on every device and the other receiver is told who took it.
 *
 * Real: the server (ingest port, zone evaluation, alarm, escalation, push jobs with VAPID and
 * aes128gcm encryption, acknowledgment, in-app messages, live stream), the built app and its
 * service worker in Chromium, signing in through the issuer's pages, the dashboard's switch with
 * the notification permission (granted to the contexts) and the real PushManager.subscribe in
 * the first attempt, `npm run simulate` itself as a child process (its --url, --imei, --steps and
 * --interval point it at this server's ingest port, Mum's watch only), the worker's push and
 * notificationclick handlers, its notifications (read back with getNotifications()), the alarm
 * panel and the acknowledge button, three browsers (the carer's phone and laptop, the second
 * receiver's phone), each a context of its own.
 *
 * Driven, and why:
 * - Chromium here cannot reach a push service, so the real subscribe fails (checked: the switch
 *   says so at 360 px). Then PushManager.subscribe/getSubscription are made to answer with a
 *   subscription at the local push stand-in (tests/support/push-service.ts, keys made as a
 *   browser makes them); the switch's own code registers it on POST /api/app/push/subscriptions
 *   with the session's DPoP proof (tests/support/sw-push.ts, useStandInPushService).
 * - The server's pushes go to the stand-in, which checks VAPID and decrypts them as a browser's
 *   push service and browser would; the test hands that exact decrypted payload to each
 *   browser's worker with CDP ServiceWorker.deliverPushMessage (the browser's own push dispatch).
 * - The tap is a notificationclick event dispatched in the worker for the shown notification
 *   (DevTools cannot click a notification); it carries no user activation, so the open window is
 *   navigated, not focused.
 * - The second receiver is added as an accepted alarm receiver in the database (the invitation
 *   flow has its own tests), as are its account and the clearing of Mum's last hours of seeded
 *   positions (so the trail is this walk's).
 * - If a worker shows nothing 8 s after a hand-off, the same payload is handed over once more and
 *   a warning says so (see handOver): seen twice under load before the logging, never since.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const MUM = DEMO_WATCHES[0];
const WAIT = { timeout: 20_000 };
/** `npm run simulate` with these options: 10 fixes a second apart (the ingest keeps one fix per second), 330 m out and back. */
const WALK = { steps: 10, intervalMs: 1000 };
/** simulate's accuracy (6 m): a fix counts as outside when its accuracy circle is wholly outside. */
const ACCURACY = 6;
/**
 * The fixes up to the exit alarm on simulate's own route (bearing 45° for the first watch): the
 * zone is left for sure at the second fix in a row wholly outside.
 */
function fixesUpToExit(): number {
  const metres = route(DEMO_HOME, 45, WALK.steps).map((p) => Math.hypot((p.lat - DEMO_HOME.lat) * 111_195, (p.lon - DEMO_HOME.lon) * 111_195 * Math.cos((DEMO_HOME.lat * Math.PI) / 180)));
  const firstOutside = metres.findIndex((m) => m - ACCURACY > DEMO_HOME.radius);
  return firstOutside + 2;
}

interface Walk {
  code: number | null;
  output: string;
}

/** `npm run simulate` against this server's ingest port, for one watch. */
function simulate(ingestUrl: string, imei: string): Promise<Walk> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'simulate', '--', '--url', ingestUrl, '--imei', imei, '--steps', String(WALK.steps), '--interval', String(WALK.intervalMs)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

interface Payload {
  kind: string;
  eventId: string;
  type?: string;
  title?: string;
  body?: string;
  url?: string;
  by?: string;
}
const payloadOf = (p: ReceivedPush) => p.payload as Payload;

describe('the alarm journey of a new user on a 360 px phone', () => {
  let server: TestServer;
  let browser: Browser;
  let push: PushServiceStandIn;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    push = await startPushService();
    [server, browser] = await Promise.all([
      startWebServer('', { ingestPort: 0, push: { vapidSubject: 'mailto:alarms@vigil.example', timeoutMs: 5000, allowLocalHttp: true } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await push?.stop();
  });

  /** A new browser (context) signed in on /dashboard, notifications allowed, its worker controlling the page. */
  const openBrowser = async (userName: string, password: string, viewport: { width: number; height: number }, subscription?: TestSubscription) => {
    const context = await browser.newContext({ viewport, locale: 'en-GB' });
    contexts.push(context);
    await context.grantPermissions(['notifications'], { origin: server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    if (subscription) await page.addInitScript(useStandInPushService, handedSubscription(subscription));
    await signInAs(page, server.url, userName, password, '/dashboard');
    const sw = await serviceWorkerPush(context, page, server.url);
    return { context, page, sw, errors };
  };

  /** Turns the dashboard's switch on and waits until the server has this browser's subscription. */
  const switchOn = async (page: Page) => {
    const section = page.getByTestId('push-section');
    const toggle = section.getByRole('switch', { name: 'Push notifications on this device' });
    await expect.poll(() => toggle.isEnabled(), WAIT).toBe(true);
    await toggle.click();
    await expect.poll(() => section.getAttribute('data-state'), WAIT).toBe('on');
    await section.getByText('Alarms are sent to this device.').waitFor(WAIT);
  };

  const subscriptionsOf = (userId: string) => server.database.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth', 'device_name']).where('user_id', '=', userId).orderBy('endpoint').execute();

  /** The first push to `subscription` received after `since` that `match` accepts. */
  const pushTo = async (subscription: TestSubscription, since: number, match: (p: Payload) => boolean) => {
    const find = () => push.received.find((r) => r.subscriptionId === subscription.id && r.at >= since && match(payloadOf(r)));
    await expect.poll(() => find() !== undefined, WAIT).toBe(true);
    const found = find()!;
    expect(found.vapid.ok).toBe(true);
    expect(found.answered).toBe(201);
    return payloadOf(found);
  };

  /**
   * Hands a push to a device's worker and waits until its notifications are `expected`. Twice on
   * this loaded machine one of three workers showed nothing for 20 s after the hand-off (not seen
   * again with logging on); the hand-off, the driven step, is then made once more, and said so.
   */
  const handOver = async (label: string, sw: ServiceWorkerPush, data: Payload, expected: unknown[]) => {
    await sw.deliver(data);
    try {
      await expect.poll(() => sw.shown(), { timeout: 8000 }).toEqual(expected);
      return;
    } catch {
      console.warn(`${label}: no effect 8 s after handing the ${data.kind} push to the worker; handing it over again`);
    }
    await sw.deliver(data);
    await expect.poll(() => sw.shown(), { ...WAIT, message: label }).toEqual(expected);
  };

  it('push on, the watch walks out, the notification, the tap, the place, the acknowledgment; the other receiver is told', async () => {
    const { db } = server.database;
    const mum = await db.selectFrom('devices').select(['id', 'tenant_id', 'owner_user_id']).where('imei', '=', MUM.imei).executeTakeFirstOrThrow();
    const carer = await db.selectFrom('users').select(['id']).where('user_name', '=', DEMO_USERS.caregiver.userName).executeTakeFirstOrThrow();
    expect(mum.owner_user_id).toBe(carer.id);
    // The second receiver: Bo, with an account of his own, has accepted Mum's alarms.
    const bo = await createTenantUser(db, { tenantId: mum.tenant_id, userName: 'bo-brother', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    await db.updateTable('users').set({ name: 'Bo', surname: 'Brother' }).where('id', '=', bo.userId).execute();
    await db
      .insertInto('device_alarm_receivers')
      .values({ id: randomUUID(), tenant_id: mum.tenant_id, device_id: mum.id, user_id: bo.userId, email: `${bo.userName}@fixtures.vigil.local`, name: 'Bo Brother', language: 'en', status: 'active', invited_by_user_id: carer.id })
      .execute();
    // The seeded week ends about half an hour ago: its last hours are cleared, so the trail is this walk's.
    await db.deleteFrom('positions').where('device_id', '=', mum.id).where('fix_time', '>', new Date(Date.now() - 2 * 3600_000)).execute();

    // 1. The carer's phone at 360 px: the switch first tries the browser's real push service.
    const phone = await openBrowser(DEMO_USERS.caregiver.userName, DEMO_PASSWORD, { width: 360, height: 740 });
    const section = phone.page.getByTestId('push-section');
    await expect.poll(() => section.getAttribute('data-state'), WAIT).toBe('off');
    const toggle = section.getByRole('switch', { name: 'Push notifications on this device' });
    await expect.poll(() => toggle.isEnabled(), WAIT).toBe(true);
    const scrollWidth = () => phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(360);
    await toggle.click();
    const refusal = section.getByRole('alert');
    await refusal.waitFor({ timeout: 90_000 });
    expect(await refusal.textContent()).toMatch(/^Push notifications could not be turned on here: .* Your alarms still reach you by e-mail and in Vigil\.$/);
    expect(await toggle.isChecked()).toBe(false);
    expect(await toggle.isEnabled()).toBe(true);
    // The message wraps within the phone's width; nothing on the page is wider than the screen.
    expect(await scrollWidth()).toBeLessThanOrEqual(360);
    const box = await refusal.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await subscriptionsOf(carer.id)).toEqual([]);

    // 2. Subscriptions at the push stand-in, registered by the switch itself: the phone, then the
    // carer's laptop and Bo's phone.
    const phoneSub = push.subscribe();
    await phone.page.addInitScript(useStandInPushService, handedSubscription(phoneSub));
    await phone.page.reload();
    await switchOn(phone.page);
    expect(await subscriptionsOf(carer.id)).toEqual([{ endpoint: phoneSub.endpoint, p256dh: phoneSub.keys.p256dh, auth: phoneSub.keys.auth, device_name: 'Chrome on Linux' }]);
    // The alert is gone, and on again after a reload (the server has this browser's subscription).
    expect(await section.getByRole('alert').count()).toBe(0);
    const laptopSub = push.subscribe();
    const laptop = await openBrowser(DEMO_USERS.caregiver.userName, DEMO_PASSWORD, { width: 1280, height: 800 }, laptopSub);
    await switchOn(laptop.page);
    const boSub = push.subscribe();
    const boPhone = await openBrowser(bo.userName, bo.password, { width: 360, height: 740 }, boSub);
    await switchOn(boPhone.page);
    expect((await subscriptionsOf(carer.id)).map((s) => s.endpoint).sort()).toEqual([phoneSub.endpoint, laptopSub.endpoint].sort());
    expect((await subscriptionsOf(bo.userId)).map((s) => s.endpoint)).toEqual([boSub.endpoint]);
    await phone.page.reload();
    await expect.poll(() => section.getAttribute('data-state'), WAIT).toBe('on');
    const boAlarms = boPhone.page.getByRole('region', { name: 'Alarms', exact: true });
    await boAlarms.getByText('Live updates on').waitFor(WAIT);
    const phoneAlarms = phone.page.getByRole('region', { name: 'Alarms', exact: true });
    await phoneAlarms.getByText('Live updates on').waitFor(WAIT);

    // 3. `npm run simulate` walks Mum's watch out of Home (and back) through the ingest port.
    const since = Date.now();
    const walking = simulate(`http://127.0.0.1:${server.config.ingestPort}`, MUM.imei);
    const isExit = (p: Payload) => p.kind === 'alarm' && p.type === 'geofenceExit';
    const alarm = await pushTo(phoneSub, since, isExit);
    expect(alarm.title).toBe(`${MUM.name} has left Home`);
    expect(alarm.url).toBe(`/dashboard?alarm=${alarm.eventId}`);
    const place = /\b(\d+ m north-east of Home)\b/.exec(alarm.body ?? '')?.[1];
    expect(place, alarm.body).toBeDefined();
    // Every device of every receiver gets the same alarm.
    for (const sub of [laptopSub, boSub]) expect(await pushTo(sub, since, isExit)).toEqual(alarm);

    // 4. Each browser's worker gets its decrypted push and shows the notification the server wrote.
    const notification = { title: alarm.title, body: alarm.body, tag: alarm.eventId, data: { url: alarm.url, eventId: alarm.eventId } };
    const devices = { "the carer's phone": phone, "the carer's laptop": laptop, "Bo's phone": boPhone };
    for (const [label, device] of Object.entries(devices)) await handOver(label, device.sw, alarm, [notification]);

    // 5. The tap opens /dashboard?alarm=<id>: the alarm panel with the place and the trail.
    await phone.sw.tap(alarm.eventId);
    await phone.page.waitForURL(`${server.url}${alarm.url}`, WAIT);
    await expect.poll(() => phone.sw.shown()).toEqual([]);
    const focus = phone.page.getByTestId('alarm-focus');
    await focus.waitFor(WAIT);
    await expect.poll(() => focus.getByRole('heading').textContent(), WAIT).toBe(`Alarm details: Left safe zone · ${MUM.name}`);
    await expect.poll(() => phone.page.getByTestId('alarm-facts').textContent(), WAIT).toContain(place!);
    // The walk's fixes up to the alarm (the seeded ones of the last hours were cleared).
    await expect.poll(() => phone.page.getByTestId('alarm-trail').textContent(), WAIT).toBe(`Trail of ${MUM.name}: ${fixesUpToExit()} positions · The 30 minutes before the alarm`);
    const map = focus.getByRole('region', { name: 'Position at the alarm' });
    await map.locator('.leaflet-container').waitFor(WAIT);
    await expect.poll(() => map.locator('.vigil-alarm-marker').count(), WAIT).toBe(1);
    // Zone and trail are drawn on the map.
    expect(await map.locator('path.leaflet-interactive').count()).toBeGreaterThanOrEqual(2);
    expect(await scrollWidth()).toBeLessThanOrEqual(360);

    const walked = await walking;
    expect(walked.code, walked.output).toBe(0);
    expect(walked.output).toContain(`${WALK.steps} fixes stored, 0 refused or failed.`);
    expect(walked.output).toContain(`(${DEMO_HOME.radius} m)`);

    // 6. The carer acknowledges on the dashboard's alarm list.
    const exit = phoneAlarms.getByRole('listitem').filter({ hasText: `${MUM.name} has left Home` });
    await exit.waitFor(WAIT);
    const acked = Date.now();
    await phoneAlarms.getByRole('button', { name: `Acknowledge alarm: ${MUM.name} has left Home` }).click();
    await exit.waitFor({ state: 'detached', ...WAIT });
    // The list drops the item at once (optimistic); the acknowledgment lands when the POST is answered.
    let taken: { user_id: string } | undefined;
    for (const end = Date.now() + 15_000; !taken && Date.now() < end; ) {
      taken = await db.selectFrom('alarm_acknowledgments').select('user_id').where('event_id', '=', alarm.eventId).executeTakeFirst();
      if (!taken) await new Promise((r) => setTimeout(r, 100));
    }
    expect(taken?.user_id).toBe(carer.id);

    // 7. The acknowledgment reaches every device at the stand-in; delivered, it closes the notification.
    const isAck = (p: Payload) => p.kind === 'ack' && p.eventId === alarm.eventId;
    // (The tap already closed the phone's; the laptop's and Bo's close now.)
    for (const [label, device, sub] of [
      ["the carer's phone", phone, phoneSub],
      ["the carer's laptop", laptop, laptopSub],
      ["Bo's phone", boPhone, boSub],
    ] as const) {
      const ack = await pushTo(sub, acked, isAck);
      expect(ack).toEqual({ kind: 'ack', eventId: alarm.eventId, by: 'Clara Carer' });
      await handOver(label, device.sw, ack, []);
    }

    // 8. Bo is told who took it, live, on his phone: an information to dismiss, not a new alarm,
    // and his own "has left Home" is closed, since it is taken.
    const told = boAlarms.getByRole('listitem').filter({ hasText: `Clara Carer took the alarm from ${MUM.name}` });
    await told.waitFor(WAIT);
    expect(await told.textContent()).toContain(`Clara Carer acknowledged the zone exit alarm from ${MUM.name} and is taking care of it. You need not do anything.`);
    expect(await told.textContent()).toContain('Taken');
    expect(await told.getByRole('button', { name: `Dismiss: Clara Carer took the alarm from ${MUM.name}` }).count()).toBe(1);
    await boAlarms.getByRole('button', { name: `Acknowledge alarm: ${MUM.name} has left Home` }).waitFor({ state: 'detached', timeout: 15_000 });
    // Nothing sticks out on his phone (the elements that do are named if something does).
    const overflowing = await boPhone.page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > 360.5 && getComputedStyle(el).visibility !== 'hidden')
        // The innermost: what makes its parents wide.
        .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > 360.5))
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').slice(0, 40)}" ${Math.round(el.getBoundingClientRect().right)}`)
        .slice(0, 5),
    );
    expect(overflowing).toEqual([]);

    for (const device of [phone, laptop, boPhone]) {
      expect(device.errors).toEqual([]);
      await device.sw.detach();
    }
  }, 240_000);
});
