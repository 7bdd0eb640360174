import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import type { TestSubscription } from './push-service';

/**
 * The browser side of Web Push in a real Chromium that cannot reach a push service: the app's
 * service worker is handed pushes through the DevTools protocol, its notifications are read back,
 * and a notification tap is dispatched in the worker. See tests/e2e/push.test.ts for why each is so.
 */

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url?: string; eventId?: string } | null;
}

export interface ServiceWorkerPush {
  /** Hands `data` (as JSON) to the worker as a push message: the browser's own push-event dispatch. */
  deliver(data: unknown): Promise<void>;
  /** The worker registration's notifications now (registration.getNotifications()). */
  shown(): Promise<ShownNotification[]>;
  /** A tap on the shown notification with this tag: a notificationclick event in the worker. */
  tap(tag: string): Promise<void>;
  detach(): Promise<void>;
}

/**
 * The worker at `${origin}/sw.js` of `page`'s context, once it controls the page: the page is
 * reloaded if it was loaded before the worker activated (the switch and a tap need a controlled window).
 */
export async function serviceWorkerPush(context: BrowserContext, page: Page, origin: string): Promise<ServiceWorkerPush> {
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  if (scriptURL !== `${origin}/sw.js`) throw new Error(`the active worker is ${scriptURL}`);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();

  const cdp: CDPSession = await context.newCDPSession(page);
  let registrationId: string | undefined;
  const registered = new Promise<void>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
      if (mine) {
        registrationId = mine.registrationId;
        resolve();
      }
    });
  });
  await cdp.send('ServiceWorker.enable');
  await Promise.race([registered, new Promise((_, reject) => setTimeout(() => reject(new Error('no worker registration reported')), 10_000))]);

  const worker = async (): Promise<Worker> => context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`) ?? (await context.waitForEvent('serviceworker', { timeout: 10_000 }));

  return {
    async deliver(data) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registrationId!, data: JSON.stringify(data) });
    },
    shown: () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as { url?: string; eventId?: string } | null }));
      }),
    async tap(tag) {
      await (await worker()).evaluate(async (wanted) => {
        const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
        const [target] = await scope.registration.getNotifications({ tag: wanted });
        if (!target) throw new Error(`no notification tagged ${wanted}`);
        const NotificationEventCtor = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
        scope.dispatchEvent(new NotificationEventCtor('notificationclick', { notification: target }));
      }, tag);
    },
    async detach() {
      await cdp.detach().catch(() => undefined);
    },
  };
}

/** What the page is given in place of a push service's subscription: the stand-in's endpoint and keys. */
export interface HandedSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const handedSubscription = (s: TestSubscription): HandedSubscription => ({ endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth });

/**
 * Runs in the page (page.addInitScript): PushManager.subscribe and getSubscription answer with the
 * push service stand-in's subscription instead of asking the browser's push service, which is
 * out of reach here. Everything around them is the app's own: the permission, the server's key,
 * the worker registration, the POST of the subscription with the session's DPoP proof, the
 * worker's push state. The subscription lasts while the page's localStorage does.
 */
export function useStandInPushService(handed: HandedSubscription): void {
  const KEY = 'vigil-test:push-subscription-key';
  const bytes = (text: string): ArrayBuffer => {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out.buffer;
  };
  const text = (source: BufferSource | string | null | undefined): string => {
    if (typeof source === 'string') return source;
    if (!source) return '';
    const view = source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    let binary = '';
    for (const byte of view) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  const subscription = (serverKey: string) =>
    ({
      endpoint: handed.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey) },
      getKey: (name: PushEncryptionKeyName) => (name === 'p256dh' ? bytes(handed.p256dh) : name === 'auth' ? bytes(handed.auth) : null),
      toJSON: () => ({ endpoint: handed.endpoint, expirationTime: null, keys: { p256dh: handed.p256dh, auth: handed.auth } }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const serverKey = text(options?.applicationServerKey);
    localStorage.setItem(KEY, serverKey);
    return subscription(serverKey);
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    const serverKey = localStorage.getItem(KEY);
    return serverKey ? subscription(serverKey) : null;
  };
}
