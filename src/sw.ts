import { fromBase64Url, readPushMessage, readPushState, subscriptionBody, toBase64Url, writePushState, type PushMessage } from './providers/pushState';

/**
 * Vigil's service worker (issue 16), built by vite-plugin-pwa (injectManifest, nothing
 * precached) into /sw.js:
 * - push: an alarm becomes a notification that stays until handled (tag = the event, so a
 *   repeat replaces it and still rings); an acknowledgment closes that event's notification, so
 *   handling an alarm on one device clears it on the others;
 * - notificationclick: focuses an open Vigil window and takes it to the alarm, or opens one;
 * - pushsubscriptionchange: the browser replaced the subscription; the worker has no access token
 *   (tokens live in the page's storage, out of its reach), so it proves the change with the old
 *   subscription's auth secret (POST /api/app/push/subscriptions/renew, server/push/routes.ts).
 * It has no fetch handler: no request of the app ever goes through it.
 *
 * The worker's global types are declared here rather than through the WebWorker lib, which
 * cannot share one TypeScript program with the DOM lib the app uses.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
  readonly action: string;
}
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}
interface WindowClient {
  readonly url: string;
  readonly focused: boolean;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface Clients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
  openWindow(url: string): Promise<WindowClient | null>;
  claim(): Promise<void>;
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly clients: Clients;
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'pushsubscriptionchange', listener: (event: PushSubscriptionChangeEvent) => void): void;
}

const sw = self as unknown as ServiceWorkerScope;
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
const RENEW = '/api/app/push/subscriptions/renew';

// A new worker takes over at once, and controls the open windows (so a click can navigate them).
sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

function messageOf(event: PushEvent): PushMessage | undefined {
  try {
    return readPushMessage(event.data?.json());
  } catch {
    return undefined;
  }
}

async function show(message: Extract<PushMessage, { kind: 'alarm' }>): Promise<void> {
  const time = Date.parse(message.time);
  // requireInteraction: an alarm stays until someone looks; renotify: a repeat with the same tag rings again.
  const options: NotificationOptions & { renotify: boolean; timestamp?: number } = {
    body: message.body,
    tag: message.eventId,
    data: { url: message.url, eventId: message.eventId },
    requireInteraction: true,
    renotify: true,
    icon: ICON,
    badge: BADGE,
    ...(Number.isNaN(time) ? {} : { timestamp: time }),
  };
  await sw.registration.showNotification(message.title, options);
}

async function closeTagged(eventId: string): Promise<void> {
  for (const notification of await sw.registration.getNotifications({ tag: eventId })) notification.close();
}

sw.addEventListener('push', (event) => {
  const message = messageOf(event);
  if (!message) return;
  event.waitUntil(message.kind === 'alarm' ? show(message) : closeTagged(message.eventId));
});

/** The notification's page, on this origin only. */
function targetOf(notification: Notification): string {
  const data = notification.data as { url?: unknown } | null;
  const path = typeof data?.url === 'string' && /^\/(?![/\\])/.test(data.url) ? data.url : '/dashboard';
  return new URL(path, sw.location.origin).href;
}

async function openTarget(url: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const mine = windows.filter((client) => new URL(client.url).origin === sw.location.origin);
  const existing = mine.find((client) => client.focused) ?? mine[0];
  if (existing) {
    // Focusing needs the click's user activation; navigating needs a window this worker controls
    // (it claims them on activation). Either may fail: then a new window is opened.
    await existing.focus().catch(() => undefined);
    const there = existing.url === url ? existing : await existing.navigate(url).catch(() => null);
    if (there) return;
  }
  await sw.clients.openWindow(url);
}

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTarget(targetOf(event.notification)));
});

async function renew(event: PushSubscriptionChangeEvent): Promise<void> {
  const stored = await readPushState();
  const oldEndpoint = event.oldSubscription?.endpoint ?? stored?.endpoint;
  const oldAuth = event.oldSubscription ? toBase64Url(event.oldSubscription.getKey('auth')) : stored?.auth;
  if (!oldEndpoint || !oldAuth || !stored) return;
  const fresh =
    event.newSubscription ??
    (await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(stored.applicationServerKey) }));
  const body = subscriptionBody(fresh);
  const response = await fetch(stored.renewUrl ?? RENEW, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ oldEndpoint, oldAuth, ...body }) });
  if (response.ok) await writePushState({ ...stored, endpoint: body.endpoint, auth: body.keys.auth });
}

sw.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(renew(event).catch(() => undefined)));

