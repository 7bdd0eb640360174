import webpush from 'web-push';
import { importJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { vapidAuthorization } from '../../server/push/vapid-header';

const keys = webpush.generateVAPIDKeys();
const vapid = { subject: 'mailto:alarms@vigil.example', ...keys };
const HOUR = 60 * 60 * 1000;

/** The token's claims, checked against the VAPID public key (an uncompressed P-256 point). */
async function claims(authorization: string) {
  const [, token, k] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)!;
  expect(k).toBe(keys.publicKey);
  const point = Buffer.from(k!, 'base64url');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, 'ES256');
  return (await jwtVerify(token!, key, { currentDate: new Date(0) })).payload;
}

describe('the VAPID header of a push', () => {
  it('is one signed token per push service, reused, valid for 12 hours, and renewed an hour before it ends', async () => {
    const now = Date.UTC(2026, 10, 25, 12);
    const first = vapidAuthorization('https://push.example/send/abc', vapid, now);
    const payload = await claims(first);
    expect(payload).toMatchObject({ aud: 'https://push.example', sub: vapid.subject, exp: now / 1000 + 12 * 60 * 60 });
    // Another subscription at the same service, hours later: the same token.
    expect(vapidAuthorization('https://push.example/send/def', vapid, now + 10 * HOUR)).toBe(first);
    // Another service gets its own audience.
    expect((await claims(vapidAuthorization('https://other.example:8443/x', vapid, now))).aud).toBe('https://other.example:8443');
    // Within the last hour of its 12: a new one, valid 12 hours from then.
    const renewed = vapidAuthorization('https://push.example/send/abc', vapid, now + 11 * HOUR + 1000);
    expect(renewed).not.toBe(first);
    expect((await claims(renewed)).exp).toBe(Math.floor((now + 11 * HOUR + 1000) / 1000) + 12 * 60 * 60);
  });

  it('is signed again for another key pair', () => {
    const other = { subject: vapid.subject, ...webpush.generateVAPIDKeys() };
    expect(vapidAuthorization('https://push.example/a', other)).not.toBe(vapidAuthorization('https://push.example/a', vapid));
  });
});
