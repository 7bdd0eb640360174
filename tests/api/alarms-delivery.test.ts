import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { recordEvents } from '../../server/alarms/record';
import { kickJobs } from '../../server/jobs';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller, type Json } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { startPushService, type PushServiceStandIn, type TestSubscription } from '../support/push-service';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/**
 * An alarm on every channel a receiver chose (server/alarms/deliver.ts, server/alarms/channels): push to every device of
 * every receiver with push (through the local push service, which checks VAPID and decrypts as
 * a browser would), SMS through the HTTP gateway, the street address from the geocoder in the
 * push, and the acknowledgment clearing the notification on every device. Everything on the
 * server is real; the push service, SMS gateway and geocoder are local stand-ins.
 */
interface Sms {
  auth: string | undefined;
  body: { to: string; text: string };
  at: number;
}

async function standIn(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DATABASES)('alarm delivery on every channel on $name', ({ url }) => {
  let server: TestServer;
  let push: PushServiceStandIn;
  let sms: Awaited<ReturnType<typeof standIn>>;
  let geocoder: Awaited<ReturnType<typeof standIn>>;
  const texts: Sms[] = [];
  const call = caller(() => server);
  const db = () => server.database.db;
  let tenantId: string | null;
  let deviceId: string;
  let ownerToken: string;
  const subs: Record<'owner' | 'ownerPhone' | 'b' | 'bHanging', TestSubscription> = {} as never;
  let b: { id: string; token: string; receiverId: string };

  beforeAll(async () => {
    push = await startPushService();
    sms = await standIn((req, body, res) => {
      texts.push({ auth: req.headers.authorization, body: JSON.parse(body) as Sms['body'], at: Date.now() });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    geocoder = await standIn((req, _body, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const danish = u.searchParams.get('accept-language')?.startsWith('da');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ display_name: 'x', address: { road: 'Vesterbrogade', house_number: '1', postcode: '1620', city: danish ? 'København' : 'Copenhagen' } }));
    });
    server = await startServer(url, {
      push: { vapidSubject: 'mailto:alarms@vigil.example', timeoutMs: 1500, allowLocalHttp: true },
      smsGateway: 'http',
      smsHttp: { url: `${sms.url}/send`, method: 'POST', auth: 'Bearer gateway-key', body: '', format: 'json', timeoutMs: 2000 },
      geocoder: { url: geocoder.url, timeoutMs: 1500, userAgent: 'Vigil-test/1', searchPerMinute: 30 },
    });
    const owner = await db().selectFrom('users').select(['id', 'tenant_id']).where('user_name', '=', 'caregiver').executeTakeFirstOrThrow();
    tenantId = owner.tenant_id;
    deviceId = randomUUID();
    await db().insertInto('devices').values({ id: deviceId, tenant_id: tenantId, owner_user_id: owner.id, name: 'Delivery watch', imei: '356938035640001', concurrency_stamp: randomUUID() }).execute();
    const u = await createTenantUser(db(), { tenantId, userName: 'delivery-b', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    const receiverId = randomUUID();
    await db()
      .insertInto('device_alarm_receivers')
      .values({ id: receiverId, tenant_id: tenantId, device_id: deviceId, user_id: u.userId, email: 'delivery-b@fixtures.vigil.local', name: 'Receiver B', language: 'da', status: 'active', invited_by_user_id: owner.id })
      .execute();
    b = { id: u.userId, token: (await tokensFor(server.url, u.userName, u.password)).access_token, receiverId };
    ownerToken = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
    // The owner on two devices; B on one that answers and one whose push service hangs.
    for (const [key, token] of [['owner', ownerToken], ['ownerPhone', ownerToken], ['b', b.token], ['bHanging', b.token]] as const) {
      subs[key] = push.subscribe();
      const res = await call(token, 'POST', '/api/app/push/subscriptions', { endpoint: subs[key].endpoint, keys: subs[key].keys });
      expect(res.status).toBeLessThan(300);
    }
    push.behave(subs.bHanging, 'hang');
    // B also by SMS (the owner's choice on the dashboard's escalation dialog).
    const put = await call(ownerToken, 'PUT', `/api/plugandplay/profile/escalation?deviceId=${deviceId}`, {
      steps: [
        { receiver: 'owner', waitMinutes: 5 },
        { receiver: receiverId, waitMinutes: 5 },
      ],
      channels: [{ receiver: receiverId, channels: ['mail', 'push', 'inApp', 'sms'], phone: '+45 12 34 56 78' }],
    });
    expect(put.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await push?.stop();
    await sms?.stop();
    await geocoder?.stop();
  });

  const raise = async (type: 'sos' | 'geofenceExit') => {
    const id = randomUUID();
    await db()
      .transaction()
      .execute((trx) =>
        recordEvents(
          trx,
          [{ id, tenantId, deviceId, deviceName: 'Delivery watch', type, time: new Date(), attributes: { geofenceName: 'Home', latitude: 55.6761, longitude: 12.5683, accuracy: 12, distance: 320, bearing: 45, placeZone: 'Home' } }],
          // As the ingest calls it with GEOCODER_URL set (server/ingest/index.ts).
          { publicUrl: server.config.publicUrl, addressLater: true },
        ),
      );
    const committed = Date.now();
    kickJobs();
    return { id, committed };
  };
  const payloadOf = (p: { payload: unknown }) => p.payload as Json;
  /** The push of this event and kind to a subscription (others, from earlier alarms, may still arrive). */
  const pushFor = async (sub: TestSubscription, eventId: string, kind: 'alarm' | 'ack' = 'alarm') => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = push.received.find((r) => r.subscriptionId === sub.id && payloadOf(r)?.eventId === eventId && payloadOf(r).kind === kind);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${kind} push for ${eventId}`);
      await sleep(20);
    }
  };

  it('pushes the alarm to every device of every receiver, with the place and the address, in their language', async () => {
    const { id, committed } = await raise('geofenceExit');
    const [owner, ownerPhone, toB] = await Promise.all([pushFor(subs.owner, id), pushFor(subs.ownerPhone, id), pushFor(subs.b, id)]);
    for (const p of [owner, ownerPhone, toB]) {
      expect(p.vapid.ok).toBe(true);
      expect(p.urgency).toBe('high');
      expect(payloadOf(p)).toMatchObject({ kind: 'alarm', eventId: id, type: 'geofenceExit', deviceName: 'Delivery watch', url: `/dashboard?alarm=${id}` });
    }
    // English for the owner, Danish for B; the address looked up in the background, in each language.
    expect(String(payloadOf(owner).title)).toContain('Delivery watch');
    expect(String(payloadOf(owner).body)).toContain('Vesterbrogade 1, 1620 Copenhagen');
    expect(String(payloadOf(toB).body)).toContain('Vesterbrogade 1, 1620 København');
    expect(payloadOf(toB).title).not.toBe(payloadOf(owner).title);
    // B's other device hangs at its push service: the others were not held up by it.
    expect(Math.max(owner.at, toB.at) - committed).toBeLessThan(1400);
  });

  it('queues the mails with the street address after commit, and puts it into the in-app messages', async () => {
    const { id } = await raise('geofenceExit');
    const deadline = Date.now() + 10_000;
    let mails: { to_address: string; text_body: string; html_body: string | null }[] = [];
    while (mails.length < 2 && Date.now() < deadline) {
      mails = await db().selectFrom('mail_outbox').select(['to_address', 'text_body', 'html_body']).where('text_body', 'like', `%${id}%`).execute();
      if (mails.length < 2) await sleep(50);
    }
    const byTo = new Map(mails.map((m) => [m.to_address, m]));
    expect([...byTo.keys()].sort()).toEqual(['caregiver@example.com', 'delivery-b@fixtures.vigil.local'].sort());
    expect(byTo.get('delivery-b@fixtures.vigil.local')!.text_body).toContain('Vesterbrogade 1, 1620 København');
    expect(byTo.get('caregiver@example.com')!.html_body).toContain('Vesterbrogade 1, 1620 Copenhagen');
    // Each mail once: the job that queued them is done, not run twice.
    expect(mails).toHaveLength(2);
    const messages = await db().selectFrom('alarm_messages').select(['user_id', 'body']).where('event_id', '=', id).execute();
    expect(messages.length).toBeGreaterThanOrEqual(2);
    for (const m of messages) expect(m.body).toMatch(/Vesterbrogade 1, 1620 (København|Copenhagen)/);
  });

  it('sends B an SMS through the HTTP gateway with the link, and nothing to the owner who did not choose SMS', async () => {
    const { id } = await raise('sos');
    const ofEvent = () => texts.filter((t) => t.body.text.includes(id));
    const deadline = Date.now() + 10_000;
    while (ofEvent().length === 0 && Date.now() < deadline) await sleep(50);
    await sleep(300);
    const mine = ofEvent();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.auth).toBe('Bearer gateway-key');
    expect(mine[0]!.body.to).toBe('+4512345678');
    expect(mine[0]!.body.text).toContain(`${server.config.publicUrl}/dashboard?alarm=${id}`);
    expect(mine[0]!.body.text.length).toBeLessThanOrEqual(160);
  });

  it('clears the notification on every device once someone acknowledges, and tells who took it', async () => {
    const { id } = await raise('sos');
    await Promise.all([pushFor(subs.owner, id), pushFor(subs.ownerPhone, id), pushFor(subs.b, id)]);
    const message = (await db().selectFrom('alarm_messages').select('id').where('event_id', '=', id).where('user_id', '=', b.id).executeTakeFirstOrThrow()).id;
    const ack = await call(b.token, 'POST', `/api/app/tracking/alarms/${message}/acknowledge`);
    expect(ack.status).toBe(200);
    const [owner, ownerPhone, own] = await Promise.all([pushFor(subs.owner, id, 'ack'), pushFor(subs.ownerPhone, id, 'ack'), pushFor(subs.b, id, 'ack')]);
    for (const p of [owner, ownerPhone, own]) expect(payloadOf(p)).toMatchObject({ kind: 'ack', eventId: id });
    expect(String(payloadOf(owner).by)).not.toBe('');
    // The owner is told who took it, in-app; the escalation is over.
    const taken = await db().selectFrom('alarm_messages').select(['type', 'body']).where('event_id', '=', id).where('type', '=', 'alarmTaken').execute();
    expect(taken.length).toBeGreaterThan(0);
    const pending = await db().selectFrom('jobs').select('status').where('unique_key', 'like', `esc:${id}:%`).execute();
    expect(pending.every((j) => j.status !== 'pending')).toBe(true);
  });

  it('removes a subscription its push service says is gone, and still reaches the others', async () => {
    const gone = push.subscribe();
    expect((await call(ownerToken, 'POST', '/api/app/push/subscriptions', { endpoint: gone.endpoint, keys: gone.keys })).status).toBeLessThan(300);
    push.behave(gone, 410);
    const { id } = await raise('sos');
    await pushFor(gone, id);
    await pushFor(subs.owner, id);
    const deadline = Date.now() + 5000;
    let left = 1;
    while (left && Date.now() < deadline) {
      left = (await db().selectFrom('push_subscriptions').select('id').where('endpoint', '=', gone.endpoint).execute()).length;
      if (left) await sleep(50);
    }
    expect(left).toBe(0);
  });
});
