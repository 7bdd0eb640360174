import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { normalize } from '../../server/identity/user-records';
import { DEMO_TENANT } from '../../server/seed/demo';
import { alarmPayload, sendPushToUsers } from '../../server/push';
import { caller } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { startPushService, type PushServiceStandIn, type TestSubscription } from '../support/push-service';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/**
 * The service worker's pushsubscriptionchange report (POST /api/app/push/subscriptions/renew,
 * anonymous: the worker has no token) against abuse: only the old subscription's auth secret
 * moves it, to its own owner; nobody can take or move another user's subscription with it,
 * whatever token they send; and a renewal never leaves the user a second copy.
 */
const BASE = '/api/app/push';

describe.each(DATABASES)('push subscription change on $name', ({ url }) => {
  let server: TestServer;
  let push: PushServiceStandIn;
  let tenantId: string;
  const call = caller(() => server);

  beforeAll(async () => {
    push = await startPushService();
    server = await startServer(url, {
      signInLimit: { perIp: 10_000, perLogin: 10_000, windowSeconds: 300 },
      push: { vapidSubject: 'mailto:alarms@vigil.example', timeoutMs: 1500, allowLocalHttp: true },
    });
    tenantId = (await server.database.db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await server?.stop();
    await push?.stop();
  });

  const carer = async () => {
    const user = await createTenantUser(server.database.db, { tenantId, userName: `change-${randomUUID().slice(0, 8)}`, role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    return { ...user, token: (await tokensFor(server.url, user.userName, user.password)).access_token };
  };
  const subscribe = async (token: string, s: TestSubscription) => expect((await call(token, 'POST', `${BASE}/subscriptions`, { endpoint: s.endpoint, keys: s.keys })).status).toBe(200);
  /** The worker's report: no token (as the worker sends it), or a token someone adds. */
  const renew = async (body: Record<string, unknown>, token?: string) => {
    if (token) return call(token, 'POST', `${BASE}/subscriptions/renew`, body);
    const res = await fetch(`${server.url}${BASE}/subscriptions/renew`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as { error?: { code: string | null } } };
  };
  const rowsAt = (endpoint: string) => server.database.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh', 'auth']).where('endpoint', '=', endpoint).execute();
  const endpointsOf = async (userId: string) =>
    (await server.database.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute()).map((r) => r.endpoint).sort();
  const alarm = () => alarmPayload({ eventId: randomUUID(), messageId: randomUUID(), type: 'sos', deviceName: 'Watch 1234', time: new Date(), title: 'SOS from Watch 1234', body: 'Grandma pressed the SOS button.' });

  it("cannot move another user's subscription, with or without a token of one's own", async () => {
    const [alice, mallory] = [await carer(), await carer()];
    const phone = push.subscribe();
    const own = push.subscribe();
    await subscribe(alice.token, phone);
    await subscribe(mallory.token, own);
    const elsewhere = push.subscribe();
    const alicesRow = { user_id: alice.userId, p256dh: phone.keys.p256dh, auth: phone.keys.auth };

    // Alice's endpoint with a secret that is not its own: Mallory's, or Alice's public key.
    for (const [oldAuth, token] of [
      [own.keys.auth, undefined],
      [own.keys.auth, mallory.token],
      [phone.keys.p256dh, undefined],
      [phone.keys.auth.slice(0, -1), undefined],
    ] as const) {
      const refused = await renew({ oldEndpoint: phone.endpoint, oldAuth, endpoint: elsewhere.endpoint, keys: elsewhere.keys }, token);
      expect(refused.status, `${oldAuth} ${token ? 'with' : 'without'} a token`).toBe(404);
      expect(refused.body.error?.code).toBe('Vigil.Push:SubscriptionNotFound');
    }
    expect(await rowsAt(elsewhere.endpoint)).toEqual([]);

    // Mallory's own subscription renewed into Alice's endpoint, with keys that are not Alice's
    // subscription's (her own, or Alice's public key with another secret): refused, nothing moves.
    for (const keys of [elsewhere.keys, { p256dh: phone.keys.p256dh, auth: elsewhere.keys.auth }]) {
      const taken = await renew({ oldEndpoint: own.endpoint, oldAuth: own.keys.auth, endpoint: phone.endpoint, keys });
      expect(taken.status).toBe(409);
      expect(taken.body.error?.code).toBe('Vigil.Push:SubscriptionTaken');
    }
    expect(await rowsAt(phone.endpoint)).toEqual([alicesRow]);
    expect(await endpointsOf(mallory.userId)).toEqual([own.endpoint]);

    // Alice's pushes still go to her phone only, Mallory's to Mallory's only.
    const since = Date.now();
    expect((await sendPushToUsers(server.database.db, [alice.userId], alarm(), { config: server.config })).map((o) => o.status)).toEqual(['sent']);
    expect((await push.next(phone, 5000, since)).answered).toBe(201);
    expect((await sendPushToUsers(server.database.db, [mallory.userId], alarm(), { config: server.config })).map((o) => o.status)).toEqual(['sent']);
    await push.next(own, 5000, since);
    expect(push.received.filter((r) => r.at >= since && r.subscriptionId === phone.id)).toHaveLength(1);

    // A real renewal stays with the subscription's owner, whoever's token comes with it.
    const renewed = await renew({ oldEndpoint: own.endpoint, oldAuth: own.keys.auth, endpoint: elsewhere.endpoint, keys: elsewhere.keys }, alice.token);
    expect(renewed.status).toBe(204);
    expect(await endpointsOf(mallory.userId)).toEqual([elsewhere.endpoint]);
    expect(await endpointsOf(alice.userId)).toEqual([phone.endpoint]);
  });

  it('a renewal to a subscription the user already registered leaves one, not two', async () => {
    const user = await carer();
    const [old, fresh] = [push.subscribe(), push.subscribe()];
    await subscribe(user.token, old);
    // The page registered the new subscription before the worker reported the change.
    await subscribe(user.token, fresh);
    expect((await renew({ oldEndpoint: old.endpoint, oldAuth: old.keys.auth, endpoint: fresh.endpoint, keys: fresh.keys })).status).toBe(204);
    expect(await endpointsOf(user.userId)).toEqual([fresh.endpoint]);
    // Reported twice (the worker ran again): the old one is gone, so the second report is refused and changes nothing.
    expect((await renew({ oldEndpoint: old.endpoint, oldAuth: old.keys.auth, endpoint: fresh.endpoint, keys: fresh.keys })).status).toBe(404);
    expect(await endpointsOf(user.userId)).toEqual([fresh.endpoint]);
  });
});
