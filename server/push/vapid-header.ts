import webpush from 'web-push';

/** How long a VAPID token is valid (RFC 8292 allows at most 24 hours) and how early before its end a new one is made. */
const VALID_SECONDS = 12 * 60 * 60;
const RENEW_BEFORE_SECONDS = 60 * 60;

const cache = new Map<string, { authorization: string; expires: number }>();

/**
 * The `Authorization` header of a push to `endpoint`: a VAPID JWT for the push service's origin,
 * signed once and reused until an hour before it ends (RFC 8292 section 2: a token may be reused).
 * web-push signs a new one for every push, re-encoding the private key each time: 386 ms of CPU
 * for 3,000 pushes on this machine, against 868 ms for their encryption (docs/decisions/033-alarms-a-carer-can-act-on.md).
 */
export function vapidAuthorization(endpoint: string, vapid: { subject: string; publicKey: string; privateKey: string }, now = Date.now()): string {
  const audience = new URL(endpoint).origin;
  const key = `${audience} ${vapid.subject} ${vapid.publicKey}`;
  const seconds = Math.floor(now / 1000);
  const hit = cache.get(key);
  if (hit && hit.expires - RENEW_BEFORE_SECONDS > seconds) return hit.authorization;
  const expires = seconds + VALID_SECONDS;
  const { Authorization } = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expires);
  // A bounded cache: push services are a handful of origins, but endpoints come from browsers.
  if (cache.size >= 1000) cache.clear();
  cache.set(key, { authorization: Authorization, expires });
  return Authorization;
}
