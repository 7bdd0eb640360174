/**
 * What the page and the service worker share about this browser's push subscription, kept in
 * Cache Storage (both can read it; the worker has no localStorage): the subscription's endpoint
 * and auth secret, and the server's key it was made with. The worker needs them when the browser
 * replaces the subscription (pushsubscriptionchange) without telling it the old one.
 * No access token is kept here or anywhere the worker can read.
 */
export const PUSH_STATE_CACHE = 'vigil-push';
export const PUSH_STATE_KEY = '/__vigil/push-subscription';

export interface PushState {
  endpoint: string;
  auth: string;
  /** The VAPID public key (base64url) the subscription was made with. */
  applicationServerKey: string;
  /** The signed-in user who turned push on in this browser. */
  userId?: string;
  /** Where the worker reports a renewed subscription (the API may be on another origin). */
  renewUrl?: string;
}

export async function readPushState(): Promise<PushState | undefined> {
  try {
    const cache = await caches.open(PUSH_STATE_CACHE);
    const response = await cache.match(PUSH_STATE_KEY);
    const value = response ? ((await response.json()) as Partial<PushState>) : undefined;
    return value && typeof value.endpoint === 'string' && typeof value.auth === 'string' && typeof value.applicationServerKey === 'string' ? (value as PushState) : undefined;
  } catch {
    return undefined;
  }
}

export async function writePushState(state: PushState | undefined): Promise<void> {
  try {
    const cache = await caches.open(PUSH_STATE_CACHE);
    if (state) await cache.put(PUSH_STATE_KEY, new Response(JSON.stringify(state), { headers: { 'content-type': 'application/json' } }));
    else await cache.delete(PUSH_STATE_KEY);
  } catch {
    // Cache Storage unavailable (a private window): renewal then waits for the next visit.
  }
}

export function toBase64Url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let text = '';
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A subscription as the server takes it (PushSubscription.toJSON()'s endpoint and keys). */
export function subscriptionBody(subscription: PushSubscription): { endpoint: string; keys: { p256dh: string; auth: string } } {
  return { endpoint: subscription.endpoint, keys: { p256dh: toBase64Url(subscription.getKey('p256dh')), auth: toBase64Url(subscription.getKey('auth')) } };
}

/** What the server pushes (server/push/validation.ts), as the worker reads it. */
export type PushMessage =
  | { kind: 'alarm'; eventId: string; messageId: string; type: string; deviceName: string; time: string; title: string; body: string; url: string }
  | { kind: 'ack'; eventId: string; by: string };

/** A pushed message the worker acts on; anything else is ignored. An alarm's url must be a path of this app. */
export function readPushMessage(value: unknown): PushMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Record<string, unknown>;
  if (typeof m.eventId !== 'string' || !m.eventId) return undefined;
  if (m.kind === 'ack') return { kind: 'ack', eventId: m.eventId, by: typeof m.by === 'string' ? m.by : '' };
  if (m.kind !== 'alarm' || typeof m.title !== 'string') return undefined;
  const url = typeof m.url === 'string' && /^\/(?![/\\])/.test(m.url) ? m.url : `/dashboard?alarm=${encodeURIComponent(m.eventId)}`;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { kind: 'alarm', eventId: m.eventId, messageId: text(m.messageId), type: text(m.type), deviceName: text(m.deviceName), time: text(m.time), title: m.title, body: text(m.body), url };
}
