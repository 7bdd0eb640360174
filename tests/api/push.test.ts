import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { normalize } from '../../server/identity/user-records';
import { DEMO_TENANT } from '../../server/seed/demo';
import { notifyAck, PUSH_JOB, runPushJob, sendPushToUsers } from '../../server/push';
import { alarmPayload, type AlarmPushPayload } from '../../server/push/validation';
import { MAX_SUBSCRIPTIONS_PER_USER } from '../../server/push/routes';
import { caller, type Json } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { startPushService, type PushServiceStandIn, type TestSubscription } from '../support/push-service';
import { DATABASES, startServer, startSecondNode, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/**
 * Web Push for alarms (issue 16): the server's VAPID key, a user's own subscriptions, and sending
 * through a real (local) push service that checks VAPID and decrypts like a browser. Everything
 * on the server is real; the push service is the stand-in in tests/support/push-service.ts.
 */
const BASE = '/api/app/push';
/** The per-push deadline in these tests (production: 10 s). */
const TIMEOUT_MS = 1500;

describe.each(DATABASES)('web push on $name', ({ url }) => {
  let server: TestServer;
  let push: PushServiceStandIn;
  let sunriseId: string;
  const call = caller(() => server);

  beforeAll(async () => {
    push = await startPushService();
    server = await startServer(url, {
      signInLimit: { perIp: 10_000, perLogin: 10_000, windowSeconds: 300 },
      push: { vapidSubject: 'mailto:alarms@vigil.example', timeoutMs: TIMEOUT_MS, allowLocalHttp: true },
    });
    sunriseId = (await server.database.db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await server?.stop();
    await push?.stop();
  });

  const carer = async () => {
    const user = await createTenantUser(server.database.db, { tenantId: sunriseId, userName: `push-${randomUUID().slice(0, 8)}`, role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    return { ...user, token: (await tokensFor(server.url, user.userName, user.password)).access_token };
  };
  const subscribeAs = (token: string, subscription: Pick<TestSubscription, 'endpoint' | 'keys'>, extra: Record<string, unknown> = {}, lang = 'en') =>
    call(token, 'POST', `${BASE}/subscriptions`, { endpoint: subscription.endpoint, keys: subscription.keys, ...extra }, { lang });
  const listOf = async (token: string) => {
    const res = await call(token, 'GET', `${BASE}/subscriptions`);
    expect(res.status).toBe(200);
    return (res.body as { items: { id: string; endpoint: string; deviceName: string | null }[] }).items;
  };
  const alarm = (eventId: string = randomUUID()): AlarmPushPayload =>
    alarmPayload({ eventId, messageId: randomUUID(), type: 'sos', deviceName: 'Watch 1234', time: new Date('2026-03-01T07:30:00Z'), title: 'SOS from Watch 1234', body: 'Grandma pressed the SOS button.' });
  const config = () => server.config;

  it('hands out one VAPID public key, the same on every API node, to signed-in users only', async () => {
    const user = await carer();
    const first = await call(user.token, 'GET', `${BASE}/public-key`);
    expect(first.status).toBe(200);
    const key = Buffer.from(String(first.body.publicKey), 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    // Another API node on the same PostgreSQL database reads the same pair (on PGlite a second
    // node would have a database of its own, so this part runs on PostgreSQL only).
    if (url) {
      const second = await startSecondNode(server);
      try {
        const res = await fetch(`${second.url}${BASE}/public-key`, { headers: { authorization: `Bearer ${user.token}` } });
        expect(res.status).toBe(200);
        expect(((await res.json()) as Json).publicKey).toBe(first.body.publicKey);
      } finally {
        await second.close();
      }
    }
    const stored = await server.database.db.selectFrom('push_vapid_keys').select('public_key').execute();
    expect(stored.map((r) => r.public_key)).toEqual([first.body.publicKey]);
  });

  it('refuses anonymous callers with 401 in ABP shape', async () => {
    for (const [method, path] of [
      ['GET', `${BASE}/public-key`],
      ['GET', `${BASE}/subscriptions`],
      ['POST', `${BASE}/subscriptions`],
      ['DELETE', `${BASE}/subscriptions?endpoint=https%3A%2F%2Fpush.example%2Fx`],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json' }, ...(method === 'POST' ? { body: JSON.stringify({ endpoint: 'https://push.example/x', keys: push.subscribe().keys }) } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers.get('_abperrorformat')).toBe('true');
      expect(((await res.json()) as Json).error?.message).toBeTruthy();
    }
  });

  it('subscribes, sends an alarm that the push service decrypts with the subscription keys, and an ack', async () => {
    const user = await carer();
    const phone = push.subscribe();
    const saved = await subscribeAs(user.token, phone, { deviceName: 'Pixel 8' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ endpoint: phone.endpoint, deviceName: 'Pixel 8' });
    // Posting it again (the app does on every start) keeps one row.
    expect((await subscribeAs(user.token, phone, { deviceName: 'Pixel 8' })).status).toBe(200);
    expect(await listOf(user.token)).toHaveLength(1);

    const publicKey = (await call(user.token, 'GET', `${BASE}/public-key`)).body.publicKey;
    const payload = alarm();
    const since = Date.now();
    const outcomes = await sendPushToUsers(server.database.db, [user.userId], payload, { config: config() });
    expect(outcomes).toEqual([expect.objectContaining({ userId: user.userId, status: 'sent', statusCode: 201 })]);
    const got = await push.next(phone, 5000, since);
    expect(got.vapid).toMatchObject({ ok: true, aud: push.url, sub: 'mailto:alarms@vigil.example', publicKey });
    expect(got.contentEncoding).toBe('aes128gcm');
    expect(got.urgency).toBe('high');
    expect(Number(got.ttl)).toBeGreaterThan(0);
    expect(got.topic).toBe(payload.eventId.replace(/-/g, ''));
    expect(got.payload).toEqual({
      kind: 'alarm',
      eventId: payload.eventId,
      messageId: payload.messageId,
      type: 'sos',
      deviceName: 'Watch 1234',
      time: '2026-03-01T07:30:00.000Z',
      title: 'SOS from Watch 1234',
      body: 'Grandma pressed the SOS button.',
      url: `/dashboard?alarm=${payload.eventId}`,
    });

    // The acknowledgment has the same topic: it replaces the alarm if the phone has not had it yet.
    const ackSince = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 2));
    const acked = await notifyAck(server.database.db, config(), [user.userId], payload.eventId, 'Anna');
    expect(acked.map((o) => o.status)).toEqual(['sent']);
    const ack = await push.next(phone, 5000, ackSince);
    expect(ack.payload).toEqual({ kind: 'ack', eventId: payload.eventId, by: 'Anna' });
    expect(ack.topic).toBe(got.topic);

    // The job handler the job queue runs does the same, and drops data that is not a push.
    expect(PUSH_JOB).toBe('push.send');
    const jobSince = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await runPushJob(server.database.db, config(), { userIds: [user.userId], payload: alarm(payload.eventId) })).map((o) => o.status)).toEqual(['sent']);
    expect(((await push.next(phone, 5000, jobSince)).payload as { kind: string }).kind).toBe('alarm');
    expect(await runPushJob(server.database.db, config(), { userIds: [user.userId], payload: { kind: 'alarm', eventId: 'x' } as unknown as AlarmPushPayload })).toEqual([]);
  });

  it('removes subscriptions the push service answers 404 or 410 for, keeps them on 500', async () => {
    const user = await carer();
    const [gone, missing, broken, fine] = [push.subscribe(), push.subscribe(), push.subscribe(), push.subscribe()];
    for (const s of [gone, missing, broken, fine]) expect((await subscribeAs(user.token, s)).status).toBe(200);
    push.behave(gone, 410);
    push.behave(missing, 404);
    push.behave(broken, 500);
    const outcomes = await sendPushToUsers(server.database.db, [user.userId], alarm(), { config: config() });
    const byEndpoint = new Map(outcomes.map((o) => [o.subscriptionId, o]));
    const ids = new Map((await server.database.db.selectFrom('push_subscriptions').select(['id', 'endpoint']).where('user_id', '=', user.userId).execute()).map((r) => [r.endpoint, r.id]));
    expect(ids.has(gone.endpoint)).toBe(false);
    expect(ids.has(missing.endpoint)).toBe(false);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['failed', 'gone', 'gone', 'sent']);
    expect(byEndpoint.get(ids.get(broken.endpoint)!)).toMatchObject({ status: 'failed', statusCode: 500 });
    expect(byEndpoint.get(ids.get(fine.endpoint)!)).toMatchObject({ status: 'sent' });
    expect((await listOf(user.token)).map((s) => s.endpoint).sort()).toEqual([broken.endpoint, fine.endpoint].sort());
  });

  it('a push service that hangs delays no other push beyond the deadline', async () => {
    const [slow, quick] = [await carer(), await carer()];
    const hung = push.subscribe();
    const ok = push.subscribe();
    push.behave(hung, 'hang');
    expect((await subscribeAs(slow.token, hung)).status).toBe(200);
    expect((await subscribeAs(quick.token, ok)).status).toBe(200);
    const since = Date.now();
    const started = performance.now();
    const sending = sendPushToUsers(server.database.db, [slow.userId, quick.userId], alarm(), { config: config() });
    // The other user's push arrives at once, long before the hanging one is given up.
    await push.next(ok, TIMEOUT_MS, since);
    const arrivedAfter = performance.now() - started;
    expect(arrivedAfter).toBeLessThan(TIMEOUT_MS);
    const outcomes = await sending;
    const total = performance.now() - started;
    expect(outcomes.find((o) => o.userId === quick.userId)).toMatchObject({ status: 'sent' });
    expect(outcomes.find((o) => o.userId === slow.userId)).toMatchObject({ status: 'timeout' });
    // The whole send ends at the deadline (plus the database's few milliseconds), not later.
    expect(total).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(total).toBeLessThan(TIMEOUT_MS + 1500);
    // A hung push is not a gone subscription.
    expect(await listOf(slow.token)).toHaveLength(1);
    // A push service that is not even there fails fast, and is not thrown either.
    const nowhere = { endpoint: 'http://127.0.0.1:9/push/closed', keys: push.subscribe().keys };
    expect((await subscribeAs(quick.token, nowhere)).status).toBe(200);
    const outcome = await sendPushToUsers(server.database.db, [quick.userId], alarm(), { config: config() });
    expect(outcome.map((o) => o.status).sort()).toEqual(['failed', 'sent']);
  });

  it('refuses malformed endpoints and keys with 400 in ABP shape, in the caller’s language', async () => {
    const user = await carer();
    const good = push.subscribe();
    const shorter = Buffer.from(good.keys.p256dh, 'base64url').subarray(0, 33).toString('base64url');
    const offCurve = Buffer.from(good.keys.p256dh, 'base64url');
    offCurve[64] = offCurve[64]! ^ 1;
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['plain http to a public host', { endpoint: 'http://push.example.com/x', keys: good.keys }, ['endpoint']],
      ['not a URL', { endpoint: 'not a url', keys: good.keys }, ['endpoint']],
      ['an IP address', { endpoint: 'https://10.0.0.1/push', keys: good.keys }, ['endpoint']],
      ['too long', { endpoint: `https://push.example.com/${'a'.repeat(2100)}`, keys: good.keys }, ['endpoint']],
      ['a compressed key', { endpoint: 'https://push.example.com/a', keys: { ...good.keys, p256dh: shorter } }, ['keys.p256dh']],
      ['a point off the curve', { endpoint: 'https://push.example.com/b', keys: { ...good.keys, p256dh: offCurve.toString('base64url') } }, ['keys.p256dh']],
      ['a short auth', { endpoint: 'https://push.example.com/c', keys: { ...good.keys, auth: 'AAAA' } }, ['keys.auth']],
      ['not base64url', { endpoint: 'https://push.example.com/d', keys: { p256dh: 'a+b/c', auth: '!!' } }, ['keys.p256dh', 'keys.auth']],
      ['no keys', { endpoint: 'https://push.example.com/e' }, ['keys']],
      ['keys of the wrong type', { endpoint: 'https://push.example.com/f', keys: { p256dh: {}, auth: { x: 1 } } }, ['keys.p256dh', 'keys.auth']],
      ['unknown members', { endpoint: 'https://push.example.com/g', keys: good.keys, owner: 'someone' }, ['owner']],
    ];
    for (const [what, body] of cases) {
      const res = await call(user.token, 'POST', `${BASE}/subscriptions`, body);
      expect(res.status, what).toBe(400);
      expect(res.body.error?.validationErrors?.length, what).toBeGreaterThan(0);
    }
    for (const [what, body, members] of cases) {
      const res = await call(user.token, 'POST', `${BASE}/subscriptions`, body);
      expect(res.body.error?.validationErrors?.flatMap((e) => e.members).sort(), what).toEqual([...members].sort());
    }
    const danish = await subscribeAs(user.token, { endpoint: 'http://push.example.com/x', keys: good.keys }, {}, 'da');
    expect(danish.status).toBe(400);
    expect(danish.body.error?.validationErrors?.[0]?.message).toBe('Push-slutpunktet skal bruge https.');
    // Not JSON, an empty body, a body that is a list: 400 as well, never 500.
    for (const raw of ['{', '[]', '"x"', 'null']) expect((await call(user.token, 'POST', `${BASE}/subscriptions`, raw)).status, raw).toBe(400);
    expect((await call(user.token, 'DELETE', `${BASE}/subscriptions`)).status).toBe(400);
    expect(await listOf(user.token)).toHaveLength(0);
  });

  it('another user can neither see, remove nor take over your subscriptions', async () => {
    const [alice, mallory] = [await carer(), await carer()];
    const phone = push.subscribe();
    expect((await subscribeAs(alice.token, phone)).status).toBe(200);
    expect(await listOf(mallory.token)).toEqual([]);
    const removal = await call(mallory.token, 'DELETE', `${BASE}/subscriptions?endpoint=${encodeURIComponent(phone.endpoint)}`);
    expect(removal.status).toBe(404);
    expect(removal.body.error?.code).toBe('Vigil.Push:SubscriptionNotFound');
    // Knowing the endpoint is not enough to take it: other keys are refused and Alice keeps it.
    const stranger = push.subscribe();
    const takeover = await subscribeAs(mallory.token, { endpoint: phone.endpoint, keys: stranger.keys });
    expect(takeover.status).toBe(409);
    expect((await listOf(alice.token)).map((s) => s.endpoint)).toEqual([phone.endpoint]);
    const since = Date.now();
    expect((await sendPushToUsers(server.database.db, [alice.userId], alarm(), { config: config() })).map((o) => o.status)).toEqual(['sent']);
    expect((await push.next(phone, 5000, since)).payload).toMatchObject({ kind: 'alarm' });
    expect(await sendPushToUsers(server.database.db, [mallory.userId], alarm(), { config: config() })).toEqual([]);

    // The same browser subscription (same keys) signed in as another user moves to that user.
    expect((await subscribeAs(mallory.token, phone)).status).toBe(200);
    expect(await listOf(alice.token)).toEqual([]);
    expect((await listOf(mallory.token)).map((s) => s.endpoint)).toEqual([phone.endpoint]);
    // Alice can no longer remove it; its owner can.
    expect((await call(alice.token, 'DELETE', `${BASE}/subscriptions?endpoint=${encodeURIComponent(phone.endpoint)}`)).status).toBe(404);
    expect((await call(mallory.token, 'DELETE', `${BASE}/subscriptions?endpoint=${encodeURIComponent(phone.endpoint)}`)).status).toBe(204);
    expect(await listOf(mallory.token)).toEqual([]);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_USER} subscriptions per user, dropping the oldest`, async () => {
    const user = await carer();
    const subs = Array.from({ length: MAX_SUBSCRIPTIONS_PER_USER + 3 }, () => push.subscribe());
    for (const s of subs) {
      expect((await subscribeAs(user.token, s)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const kept = (await listOf(user.token)).map((s) => s.endpoint).sort();
    expect(kept).toEqual(subs.slice(3).map((s) => s.endpoint).sort());
  });

  it('a renewed browser subscription replaces the old one when the old auth secret is shown', async () => {
    const user = await carer();
    const old = push.subscribe();
    expect((await subscribeAs(user.token, old, { deviceName: 'Firefox on Android' })).status).toBe(200);
    const renewed = push.subscribe();
    const renew = (body: Record<string, unknown>) => fetch(`${server.url}${BASE}/subscriptions/renew`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // The endpoint alone (anyone who saw it) does not do it.
    expect((await renew({ oldEndpoint: old.endpoint, oldAuth: push.subscribe().keys.auth, endpoint: renewed.endpoint, keys: renewed.keys })).status).toBe(404);
    expect((await renew({ oldEndpoint: old.endpoint, oldAuth: old.keys.auth, endpoint: 'http://push.example.com/x', keys: renewed.keys })).status).toBe(400);
    expect((await renew({ oldEndpoint: old.endpoint, oldAuth: old.keys.auth, endpoint: renewed.endpoint, keys: renewed.keys })).status).toBe(204);
    expect((await listOf(user.token)).map((s) => [s.endpoint, s.deviceName])).toEqual([[renewed.endpoint, 'Firefox on Android']]);
    const since = Date.now();
    await sendPushToUsers(server.database.db, [user.userId], alarm(), { config: config() });
    expect((await push.next(renewed, 5000, since)).payload).toMatchObject({ kind: 'alarm' });
  });
});
