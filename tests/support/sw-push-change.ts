import type { BrowserContext, Worker } from 'playwright-core';
import type { HandedSubscription } from './sw-push';

/**
 * A `pushsubscriptionchange` in the app's service worker, in a real Chromium that cannot reach a
 * push service (see tests/support/sw-push.ts for the page's side).
 *
 * Driven, and why: the browser fires this event only when its push service replaces or expires
 * the subscription, which cannot happen here, so the event is dispatched in the worker
 * (Playwright's worker.evaluate). A PushSubscriptionChangeEvent takes only the browser's own
 * PushSubscription objects, and the browser has none (its subscribe fails without a push
 * service), so with an oldSubscription the event is an ExtendableEvent of that type carrying
 * `oldSubscription` and `newSubscription` (Chromium 156 refuses the stand-in's: "Failed to convert
 * value to 'PushSubscription'"); without one it is the browser's own PushSubscriptionChangeEvent. Being synthetic, its waitUntil throws (the work it was handed
 * still runs), so the caller waits for the outcome on the server. The worker's
 * PushManager.subscribe answers with a subscription at the push service stand-in, and records the
 * applicationServerKey it was asked for.
 */

export interface SubscriptionChange {
  /** Which constructor made the event: the browser's own, or ExtendableEvent with the same properties. */
  event: 'PushSubscriptionChangeEvent' | 'ExtendableEvent';
  /** Whether the worker's global has PushSubscriptionChangeEvent at all. */
  browserConstructor: boolean;
  /** Why the browser's constructor refused the init, when it did. */
  refused?: string;
}

/** Runs in the worker: PushManager.subscribe/getSubscription answer with `fresh`, then the event is dispatched. */
function changeInWorker({ old, fresh }: { old: HandedSubscription | null; fresh: HandedSubscription }): SubscriptionChange {
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
  const subscription = (handed: HandedSubscription, serverKey: string) =>
    ({
      endpoint: handed.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: serverKey ? bytes(serverKey) : null },
      getKey: (name: PushEncryptionKeyName) => (name === 'p256dh' ? bytes(handed.p256dh) : name === 'auth' ? bytes(handed.auth) : null),
      toJSON: () => ({ endpoint: handed.endpoint, expirationTime: null, keys: { p256dh: handed.p256dh, auth: handed.auth } }),
      unsubscribe: async () => true,
    }) as unknown as PushSubscription;

  const scope = self as unknown as {
    __pushStandIn?: { subscribedWith: string[] };
    dispatchEvent(event: Event): boolean;
    PushSubscriptionChangeEvent?: new (type: string, init: { oldSubscription?: PushSubscription; newSubscription?: PushSubscription }) => Event;
    ExtendableEvent: new (type: string) => Event;
  };
  const record = (scope.__pushStandIn ??= { subscribedWith: [] });
  let current: PushSubscription | null = null;
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const serverKey = text(options?.applicationServerKey);
    record.subscribedWith.push(serverKey);
    current = subscription(fresh, serverKey);
    return current;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    return current;
  };

  const oldSubscription = old ? subscription(old, '') : null;
  // Chromium's init takes no null members: an absent one is null in the event.
  const init = oldSubscription ? { oldSubscription } : {};
  const browserConstructor = typeof scope.PushSubscriptionChangeEvent === 'function';
  let refused: string | undefined;
  if (scope.PushSubscriptionChangeEvent) {
    try {
      scope.dispatchEvent(new scope.PushSubscriptionChangeEvent('pushsubscriptionchange', init));
      return { event: 'PushSubscriptionChangeEvent', browserConstructor };
    } catch (error) {
      // The browser's constructor refuses an oldSubscription it did not make itself.
      refused = error instanceof Error ? error.message : String(error);
    }
  }
  const event = new scope.ExtendableEvent('pushsubscriptionchange');
  Object.defineProperties(event, { oldSubscription: { value: oldSubscription }, newSubscription: { value: null } });
  scope.dispatchEvent(event);
  return { event: 'ExtendableEvent', browserConstructor, ...(refused ? { refused } : {}) };
}

/** The app's worker at `${origin}/sw.js` in `context`. */
export async function appWorker(context: BrowserContext, origin: string): Promise<Worker> {
  return context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`) ?? (await context.waitForEvent('serviceworker', { timeout: 10_000 }));
}

/**
 * The browser replaced its push subscription: the worker gets a pushsubscriptionchange whose
 * oldSubscription is `old` (null: the browser did not say), and re-subscribing gives `fresh`.
 */
export async function changeSubscription(worker: Worker, old: HandedSubscription | null, fresh: HandedSubscription): Promise<SubscriptionChange> {
  return worker.evaluate(changeInWorker, { old, fresh });
}

/** The applicationServerKeys (base64url) the worker's PushManager.subscribe was called with, in order. */
export async function subscribedWith(worker: Worker): Promise<string[]> {
  return worker.evaluate(() => (self as unknown as { __pushStandIn?: { subscribedWith: string[] } }).__pushStandIn?.subscribedWith ?? []);
}
