import { loadRuntimeConfig } from '../config/runtime';
import { apiUrl } from './apiFetch';
import { api, type AnswerOf } from './openapi/typedApi';
import { fromBase64Url, readPushState, subscriptionBody, writePushState } from './pushState';

/**
 * Push notifications on this device (issue 16): whether the browser can have them, and turning
 * them on (permission, PushManager.subscribe with the server's VAPID key, POST to the server) and
 * off (DELETE, unsubscribe). All calls go through httpClient (typed by the API's description, typedApi.ts), so they carry the session's DPoP
 * proof like every other API call.
 */
const BASE = '/api/app/push';
const SW_URL = '/sw.js';
/** How long to wait for the service worker to be active before giving up. */
const READY_TIMEOUT_MS = 10_000;

export type PushSupport = 'supported' | 'unsupported' | 'insecure' | 'needsInstall';

/** Whether this browser can receive push here; 'needsInstall': iPhone/iPad Safari outside a home-screen app. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (!window.isSecureContext) return 'insecure';
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (capable) return 'supported';
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return ios ? 'needsInstall' : 'unsupported';
}

export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission;
}

/** Why turning push on did not work, for the screen to say. */
export class PushSetupError extends Error {
  constructor(
    readonly reason: 'denied' | 'blocked' | 'noService' | 'server',
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // Normally /registerSW.js registered it after the page loaded; registering again returns the same.
  const existing = (await navigator.serviceWorker.getRegistration('/')) ?? (await navigator.serviceWorker.register(SW_URL, { scope: '/' }));
  if (existing.active) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new PushSetupError('noService', 'service worker not active')), READY_TIMEOUT_MS)),
  ]);
}

/** This browser's push subscription, if it has one (without registering anything). */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** A device's push subscription as the server keeps it (server/push/routes.ts). */
export type ServerSubscription = AnswerOf<'/api/app/push/subscriptions'>['items'][number];

export async function fetchServerSubscriptions(signal?: AbortSignal): Promise<ServerSubscription[]> {
  return (await api('get', '/api/app/push/subscriptions', { tenant: false, ...(signal ? { signal } : {}) })).items;
}

async function postSubscription(subscription: PushSubscription, deviceName: string | undefined): Promise<void> {
  await api('post', '/api/app/push/subscriptions', { tenant: false, body: { ...subscriptionBody(subscription), ...(deviceName ? { deviceName } : {}) } });
}

/** The server forgets one of the user's subscriptions; one already gone (404) is fine. */
async function removeServerSubscription(endpoint: string): Promise<void> {
  try {
    await api('delete', '/api/app/push/subscriptions', { tenant: false, query: { endpoint } });
  } catch (error) {
    // Already gone from the server (another account took it, or it expired).
    if ((error as { status?: number }).status !== 404) throw error;
  }
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((v, i) => v === b[i]);

/**
 * Turns push on for this browser and the signed-in user: asks for permission (from the click
 * that calls this), subscribes with the server's key and registers the subscription there.
 */
export async function enablePush(opts: { deviceName?: string; userId?: string } = {}): Promise<void> {
  if (notificationPermission() === 'denied') throw new PushSetupError('blocked', 'notifications blocked');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError(permission === 'denied' ? 'blocked' : 'denied', `notification permission ${permission}`);
  const json = await api('get', '/api/app/push/public-key', { tenant: false });
  if (!json.publicKey) throw new PushSetupError('server', 'no public key');
  const key = fromBase64Url(json.publicKey);
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another key (the server's keys were replaced) cannot be used.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe().catch(() => undefined);
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch (cause) {
      // AbortError / NotAllowedError: the browser's push service could not be reached or refused.
      throw new PushSetupError('noService', cause instanceof Error ? cause.message : String(cause), cause);
    }
  }
  await postSubscription(subscription, opts.deviceName);
  const apiBase = (await loadRuntimeConfig()).apiBase;
  await writePushState({
    endpoint: subscription.endpoint,
    auth: subscriptionBody(subscription).keys.auth,
    applicationServerKey: json.publicKey,
    renewUrl: apiUrl(apiBase, `${BASE}/subscriptions/renew`),
    ...(opts.userId ? { userId: opts.userId } : {}),
  });
}

/** Turns push off for this browser: the server forgets the subscription, the browser drops it. */
export async function disablePush(): Promise<void> {
  const subscription = await browserSubscription();
  if (subscription) {
    await removeServerSubscription(subscription.endpoint);
    await subscription.unsubscribe().catch(() => undefined);
  }
  await writePushState(undefined);
}

/**
 * Whether this browser gets the signed-in user's pushes: it has a subscription and the server has
 * it for the user. A subscription the browser renewed while the worker could not report it (the
 * state says this user turned push on) is registered here in place of the one it replaced.
 */
export async function pushEnabledHere(userId: string | undefined, signal?: AbortSignal): Promise<boolean> {
  const subscription = await browserSubscription();
  if (!subscription || notificationPermission() !== 'granted') return false;
  const mine = await fetchServerSubscriptions(signal);
  if (mine.some((s) => s.endpoint === subscription.endpoint)) return true;
  const state = await readPushState();
  if (userId && state?.userId === userId) {
    // The one it replaced is this browser's no more: it goes, and the new one keeps its name.
    const replaced = mine.find((s) => s.endpoint === state.endpoint);
    await postSubscription(subscription, replaced?.deviceName ?? undefined);
    if (replaced) await removeServerSubscription(replaced.endpoint);
    await writePushState({ ...state, endpoint: subscription.endpoint, auth: subscriptionBody(subscription).keys.auth });
    return true;
  }
  return false;
}
