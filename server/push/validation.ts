import { ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { isRecord } from '../../common/is-record';

/**
 * The pure checks of Web Push (no database, no network): a subscription's endpoint and keys as a
 * browser's PushSubscription.toJSON() gives them, and the payloads the server sends.
 */

/** Longer than any push service's endpoint (FCM, Mozilla autopush, Apple, WNS are 150 to 500 characters). */
export const MAX_ENDPOINT_LENGTH = 2048;
export const MAX_DEVICE_NAME_LENGTH = 128;
/** Payload texts are cut to these lengths: a push message carries at most 4 kB. */
export const MAX_TITLE_LENGTH = 120;
export const MAX_BODY_LENGTH = 600;

export type EndpointProblem = 'invalid' | 'tooLong' | 'notHttps' | 'privateHost';
export type KeyProblem = 'p256dh' | 'auth';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Why an endpoint is refused, or undefined when it is acceptable: https only, to a public host
 * name (the server makes requests to it: no IP literals, no localhost or single-label intranet
 * names, no credentials in the URL). `allowLocalHttp` (tests) also accepts http to localhost.
 */
export function endpointProblem(endpoint: string, allowLocalHttp = false): EndpointProblem | undefined {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return 'tooLong';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password || url.hash) return 'invalid';
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:' || (url.protocol === 'https:' && LOCAL_HOSTS.has(host))) {
    return allowLocalHttp && LOCAL_HOSTS.has(host) ? undefined : url.protocol === 'http:' ? 'notHttps' : 'privateHost';
  }
  if (url.protocol !== 'https:') return 'notHttps';
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0 || !host.includes('.') || /\.(local|localhost|internal|lan|home\.arpa)$/.test(host)) return 'privateHost';
  return undefined;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** base64url (padding allowed, as some browsers' toJSON gives it) to bytes; undefined when it is not base64url. */
export function fromBase64Url(text: string): Buffer | undefined {
  if (!BASE64URL.test(text)) return undefined;
  return Buffer.from(text.replace(/=+$/, ''), 'base64url');
}

/** Whether p256dh is an uncompressed P-256 point on the curve (65 bytes, 0x04 first). */
export function isP256PublicKey(p256dh: string): boolean {
  const bytes = fromBase64Url(p256dh);
  if (!bytes || bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1', undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}

/** Whether auth is a 16-byte secret in base64url. */
export function isAuthSecret(auth: string): boolean {
  return fromBase64Url(auth)?.length === 16;
}

/** The subscription keys that are wrong, in the order of the body. */
export function keyProblems(keys: { p256dh: string; auth: string }): KeyProblem[] {
  const problems: KeyProblem[] = [];
  if (!isP256PublicKey(keys.p256dh)) problems.push('p256dh');
  if (!isAuthSecret(keys.auth)) problems.push('auth');
  return problems;
}

/** An alarm as the service worker shows it: texts already in the receiver's language. */
export interface AlarmPushPayload {
  kind: 'alarm';
  eventId: string;
  messageId: string;
  /** The event type ('sos', 'fall', 'geofenceExit', 'lowBattery', ...). */
  type: string;
  deviceName: string;
  /** When it happened (ISO 8601). */
  time: string;
  title: string;
  body: string;
  /** Where a tap leads: '/dashboard?alarm=<eventId>'. */
  url: string;
}

/** An alarm acknowledged (by anyone): every device closes its notification with that event's tag. */
export interface AckPushPayload {
  kind: 'ack';
  eventId: string;
  /** Who acknowledged it (a display name). */
  by: string;
}

export type PushPayload = AlarmPushPayload | AckPushPayload;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Builds an alarm payload from its parts: the url made from the event id, long texts cut. */
export function alarmPayload(input: Omit<AlarmPushPayload, 'kind' | 'url' | 'time'> & { time: Date | string }): AlarmPushPayload {
  return {
    kind: 'alarm',
    eventId: input.eventId,
    messageId: input.messageId,
    type: input.type,
    deviceName: cut(input.deviceName, MAX_DEVICE_NAME_LENGTH),
    time: new Date(input.time).toISOString(),
    title: cut(input.title, MAX_TITLE_LENGTH),
    body: cut(input.body, MAX_BODY_LENGTH),
    url: `/dashboard?alarm=${encodeURIComponent(input.eventId)}`,
  };
}

export function ackPayload(eventId: string, by: string): AckPushPayload {
  return { kind: 'ack', eventId, by: cut(by, MAX_DEVICE_NAME_LENGTH) };
}

const isString = (value: unknown, max = 2000): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * Whether a value (a job's stored JSON, a decrypted message) is a payload the service worker
 * understands. An alarm's url must be a path of this app: a push can never send a tap elsewhere.
 */
export function isPushPayload(value: unknown): value is PushPayload {
  if (!isRecord(value) || !isString(value.eventId, 64)) return false;
  if (value.kind === 'ack') return typeof value.by === 'string' && value.by.length <= MAX_DEVICE_NAME_LENGTH;
  if (value.kind !== 'alarm') return false;
  return (
    isString(value.messageId, 64) &&
    isString(value.type, 64) &&
    typeof value.deviceName === 'string' &&
    value.deviceName.length <= MAX_DEVICE_NAME_LENGTH &&
    isString(value.time, 64) &&
    !Number.isNaN(Date.parse(value.time)) &&
    isString(value.title, MAX_TITLE_LENGTH) &&
    typeof value.body === 'string' &&
    value.body.length <= MAX_BODY_LENGTH &&
    isString(value.url, 512) &&
    /^\/(?!\/)/.test(value.url) &&
    !value.url.includes('\\')
  );
}

/**
 * The Topic header of a push about one event (RFC 8030 section 5.4: at most 32 base64url
 * characters): a later message with the same topic (the acknowledgment) replaces an undelivered
 * earlier one (the alarm) at the push service. A UUID without its hyphens is exactly 32.
 */
export function topicOf(eventId: string): string {
  const clean = eventId.replace(/[^A-Za-z0-9_]/g, '');
  return clean.slice(0, 32) || 'vigil';
}
