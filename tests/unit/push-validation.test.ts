import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultVapidSubject } from '../../server/config';
import { ackPayload, alarmPayload, endpointProblem, isAuthSecret, isP256PublicKey, isPushPayload, keyProblems, MAX_BODY_LENGTH, MAX_ENDPOINT_LENGTH, topicOf } from '../../server/push/validation';
import { readPushMessage } from '../../src/providers/pushState';

/** The pure parts of Web Push (issue 16): endpoint and key checks, payloads, topics, the VAPID subject. */
const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

describe('push endpoints', () => {
  it('accepts the push services browsers use', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMcinvC4T_6hy',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAAD',
    ]) expect(endpointProblem(endpoint), endpoint).toBeUndefined();
  });

  it('refuses what is not a public https push service', () => {
    expect(endpointProblem('http://fcm.googleapis.com/fcm/send/x')).toBe('notHttps');
    expect(endpointProblem('ftp://push.example.com/x')).toBe('notHttps');
    expect(endpointProblem('not a url')).toBe('invalid');
    expect(endpointProblem('https://user:pw@push.example.com/x')).toBe('invalid');
    expect(endpointProblem(`https://push.example.com/${'x'.repeat(MAX_ENDPOINT_LENGTH)}`)).toBe('tooLong');
    for (const host of ['https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://[::1]/x', 'https://[fd00::1]/x', 'https://localhost/x', 'https://intranet/x', 'https://printer.local/x', 'https://db.internal/x']) {
      expect(endpointProblem(host), host).toBe('privateHost');
    }
  });

  it('accepts http to localhost only when tests allow it', () => {
    expect(endpointProblem('http://127.0.0.1:4000/push/1')).toBe('notHttps');
    expect(endpointProblem('http://127.0.0.1:4000/push/1', true)).toBeUndefined();
    expect(endpointProblem('http://localhost:4000/push/1', true)).toBeUndefined();
    expect(endpointProblem('http://push.example.com/1', true)).toBe('notHttps');
    expect(endpointProblem('http://10.0.0.1/1', true)).toBe('notHttps');
  });
});

describe('push subscription keys', () => {
  it('accepts a browser key pair, with or without padding', () => {
    const keys = browserKeys();
    expect(keyProblems(keys)).toEqual([]);
    expect(isP256PublicKey(Buffer.from(keys.p256dh, 'base64url').toString('base64').replace(/\+/g, '-').replace(/\//g, '_'))).toBe(true);
    expect(isAuthSecret(`${keys.auth}==`)).toBe(true);
  });

  it('refuses compressed, off-curve, wrong-length and non-base64url keys', () => {
    const { p256dh } = browserKeys();
    const raw = Buffer.from(p256dh, 'base64url');
    const offCurve = Buffer.from(raw);
    offCurve[64] = offCurve[64]! ^ 1;
    const notUncompressed = Buffer.from(raw);
    notUncompressed[0] = 2;
    expect(isP256PublicKey(raw.subarray(0, 33).toString('base64url'))).toBe(false);
    expect(isP256PublicKey(offCurve.toString('base64url'))).toBe(false);
    expect(isP256PublicKey(notUncompressed.toString('base64url'))).toBe(false);
    expect(isP256PublicKey('a+b/c')).toBe(false);
    expect(isP256PublicKey('')).toBe(false);
    expect(isAuthSecret(randomBytes(15).toString('base64url'))).toBe(false);
    expect(isAuthSecret(randomBytes(17).toString('base64url'))).toBe(false);
    expect(isAuthSecret('not base64!')).toBe(false);
    expect(keyProblems({ p256dh: 'x', auth: 'y' })).toEqual(['p256dh', 'auth']);
  });
});

describe('push payloads', () => {
  const eventId = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const base = { eventId, messageId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', type: 'sos', deviceName: 'Watch', time: new Date('2026-01-02T03:04:05Z'), title: 'SOS', body: 'Pressed' };

  it('builds an alarm with its dashboard link, and cuts long texts to fit a push message', () => {
    const alarm = alarmPayload(base);
    expect(alarm).toEqual({ kind: 'alarm', ...base, time: '2026-01-02T03:04:05.000Z', url: `/dashboard?alarm=${eventId}` });
    expect(isPushPayload(alarm)).toBe(true);
    const long = alarmPayload({ ...base, title: 't'.repeat(500), body: 'b'.repeat(5000) });
    expect(long.body).toHaveLength(MAX_BODY_LENGTH);
    expect(isPushPayload(long)).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThan(3000);
  });

  it('accepts acks and refuses anything else, and alarms that would lead elsewhere', () => {
    expect(isPushPayload(ackPayload(eventId, 'Anna'))).toBe(true);
    const alarm = alarmPayload(base);
    for (const bad of [null, [], 'x', { kind: 'other', eventId }, { kind: 'ack' }, { ...alarm, url: 'https://evil.example/' }, { ...alarm, url: '//evil.example/' }, { ...alarm, time: 'yesterday' }, { ...alarm, title: '' }, { ...alarm, messageId: 5 }]) {
      expect(isPushPayload(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('the service worker reads the same payloads and never follows a link off the app', () => {
    const alarm = alarmPayload(base);
    expect(readPushMessage(alarm)).toEqual(alarm);
    expect(readPushMessage(ackPayload(eventId, 'Anna'))).toEqual({ kind: 'ack', eventId, by: 'Anna' });
    for (const url of ['https://evil.example/', '//evil.example/', '/\\evil.example/']) {
      expect(readPushMessage({ ...alarm, url }), url).toEqual(alarm);
    }
    expect(readPushMessage({ kind: 'alarm', eventId })).toBeUndefined();
    expect(readPushMessage('text')).toBeUndefined();
  });

  it('gives every event one topic of at most 32 base64url characters', () => {
    expect(topicOf(eventId)).toBe('0f8fad5bd9cb469fa16570867728950e');
    expect(topicOf('a'.repeat(50))).toHaveLength(32);
    expect(topicOf('é/+')).toBe('vigil');
  });
});

describe('VAPID subject', () => {
  it('defaults to a mailto of the mail sender, else the https public URL', () => {
    expect(defaultVapidSubject('Vigil <alarms@vigil.example>', 'http://localhost:3000')).toBe('mailto:alarms@vigil.example');
    expect(defaultVapidSubject('alarms@vigil.example', 'http://localhost:3000')).toBe('mailto:alarms@vigil.example');
    expect(defaultVapidSubject('Vigil', 'https://vigil.example')).toBe('https://vigil.example');
    expect(defaultVapidSubject('', 'http://localhost:3000')).toBe('mailto:no-reply@localhost');
  });
});
