import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { recordEvents } from '../../server/alarms/record';
import { ESCALATE, escalationJobKind, runEscalationStep, scheduleEscalations } from '../../server/alarms/escalate';
import { createServer, type Server } from '../../server/app';
import { claimJobs, JobQueue, kickJobs, LeaseLost } from '../../server/jobs';
import { metricsRegistry } from '../../server/metrics/registry';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller, type Json } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { sampleOf } from '../support/metrics';
import { DATABASES, freePort, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/**
 * Alarm escalation until someone answers (server/alarms/escalate.ts): step by step to the next
 * receiver, stopped by the first acknowledgment (the others told who took it), exactly once per
 * step over two nodes and a node dying mid-step, and the dashboard's escalation route's refusals.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check: () => Promise<boolean>, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

describe.each(DATABASES)('alarm escalation on $name', ({ url }) => {
  let server: TestServer;
  const call = caller(() => server);
  const db = () => server.database.db;
  let owner: string;
  let ownerId: string;
  let tenantId: string | null;
  let deviceId: string;
  const users: Record<'b' | 'c', { id: string; token: string; receiverId: string; email: string }> = {} as never;
  let strangerToken: string;
  let strangerDevice: string;
  const path = (id = deviceId) => `/api/plugandplay/profile/escalation?deviceId=${id}`;

  const sos = async (type: 'sos' | 'fall' | 'offWrist' | 'geofenceExit' = 'sos') => {
    const id = randomUUID();
    const time = new Date();
    await db()
      .transaction()
      .execute(async (trx) => {
        await recordEvents(trx, [{ id, tenantId, deviceId, deviceName: 'Escalation watch', type, time, attributes: {} }]);
        // The call the lead adds to recordEvents (a no-op here once it is there: unique keys).
        await scheduleEscalations(trx, [{ id, type, deviceId, time }]);
      });
    return id;
  };
  const job = (eventId: string, step: number) => db().selectFrom('jobs').selectAll().where('unique_key', '=', `esc:${eventId}:${step}`).executeTakeFirst();
  /** Makes step `step` due now and waits until the node ran it. */
  const runStep = async (eventId: string, step: number) => {
    await db().updateTable('jobs').set({ run_at: new Date(Date.now() - 1000) }).where('unique_key', '=', `esc:${eventId}:${step}`).execute();
    kickJobs();
    await waitFor(async () => (await job(eventId, step))?.status === 'done');
  };
  const messages = (eventId: string, userId: string) =>
    db().selectFrom('alarm_messages').select(['id', 'subject', 'type', 'body']).where('event_id', '=', eventId).where('user_id', '=', userId).orderBy('creation_time').orderBy('id').execute();
  const mails = (to: string, includes: string) => db().selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', to).execute().then((r) => r.filter((m) => m.subject.includes(includes)));

  beforeAll(async () => {
    server = await startServer(url);
    const caregiver = await db().selectFrom('users').select(['id', 'tenant_id', 'email']).where('user_name', '=', 'caregiver').executeTakeFirstOrThrow();
    ownerId = caregiver.id;
    tenantId = caregiver.tenant_id;
    deviceId = randomUUID();
    await db().insertInto('devices').values({ id: deviceId, tenant_id: tenantId, owner_user_id: ownerId, name: 'Escalation watch', imei: '356938035641234', concurrency_stamp: randomUUID() }).execute();
    for (const key of ['b', 'c'] as const) {
      const u = await createTenantUser(db(), { tenantId, userName: `escalation-${key}`, role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
      const receiverId = randomUUID();
      const email = `escalation-${key}@fixtures.vigil.local`;
      await db()
        .insertInto('device_alarm_receivers')
        .values({ id: receiverId, tenant_id: tenantId, device_id: deviceId, user_id: u.userId, email, name: `Receiver ${key.toUpperCase()}`, language: key === 'c' ? 'da' : 'en', status: 'active', invited_by_user_id: ownerId })
        .execute();
      users[key] = { id: u.userId, token: (await tokensFor(server.url, u.userName, u.password)).access_token, receiverId, email };
    }
    owner = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
    const stranger = await createTenantUser(db(), { tenant: 'Escalation Elsewhere', userName: 'escalation-stranger', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    strangerToken = (await tokensFor(server.url, stranger.userName, stranger.password)).access_token;
    strangerDevice = randomUUID();
    await db().insertInto('devices').values({ id: strangerDevice, tenant_id: stranger.tenantId, owner_user_id: stranger.userId, name: 'Not yours', imei: '356938035649999', concurrency_stamp: randomUUID() }).execute();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('lets the owner read and set the order, waits and channels of a device', async () => {
    const before = await call(owner, 'GET', path());
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ deviceId, configured: false });
    expect((before.body.steps as Json[]).map((s) => s.receiver)).toEqual(['owner', users.b.receiverId, users.c.receiverId]);
    const put = await call(owner, 'PUT', path(), {
      steps: [
        { receiver: 'owner', waitMinutes: 2 },
        { receiver: users.b.receiverId, waitMinutes: 3 },
        { receiver: users.c.receiverId, waitMinutes: 4 },
      ],
      channels: [{ receiver: users.c.receiverId, channels: ['mail', 'inApp', 'sms'], phone: '+45 12345678' }],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ configured: true, steps: [{ receiver: 'owner', waitMinutes: 2 }, { receiver: users.b.receiverId, waitMinutes: 3 }, { receiver: users.c.receiverId, waitMinutes: 4 }] });
    const c = (put.body.receivers as Json[]).find((r) => r.receiver === users.c.receiverId)!;
    expect(c).toMatchObject({ channels: ['mail', 'inApp', 'sms'], phone: '+45 12345678', order: 2 });
    expect((put.body.receivers as Json[]).find((r) => r.receiver === 'owner')).toMatchObject({ isOwner: true, channels: ['mail', 'push', 'inApp'], order: 0 });
    expect((await call(owner, 'GET', path())).body).toEqual(put.body);
  });

  it('refuses a non-receiver, a wait out of range and bad channels with 400, and another owner’s device with 404', async () => {
    const steps = (extra: Json[]) => ({ steps: [{ receiver: 'owner', waitMinutes: 2 }, ...extra] });
    const stranger = await call(owner, 'PUT', path(), steps([{ receiver: randomUUID(), waitMinutes: 5 }]), { lang: 'da' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error!.validationErrors).toEqual([{ members: ['steps[1].receiver'], message: 'Ikke alarmmodtager for denne enhed' }]);
    const twice = await call(owner, 'PUT', path(), steps([{ receiver: 'owner', waitMinutes: 5 }]));
    expect(twice.status).toBe(400);
    for (const waitMinutes of [0, 61, 1.5, -3, '5']) {
      const res = await call(owner, 'PUT', path(), { steps: [{ receiver: 'owner', waitMinutes }] });
      expect(res.status, String(waitMinutes)).toBe(400);
      expect(res.body.error!.validationErrors![0]!.members).toEqual(['steps[0].waitMinutes']);
    }
    for (const body of [{}, { steps: [] }, { steps: 'owner' }, { steps: [{ receiver: 'owner', waitMinutes: 5 }], channels: [{ receiver: 'owner', channels: ['fax'] }] }, { steps: [{ receiver: 'owner', waitMinutes: 5 }], extra: 1 }, null, 'x']) {
      const res = await call(owner, 'PUT', path(), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBeDefined();
    }
    // SMS without any phone number (the receiver's account has none).
    const sms = await call(owner, 'PUT', path(), { steps: [{ receiver: 'owner', waitMinutes: 5 }], channels: [{ receiver: users.b.receiverId, channels: ['sms'] }] });
    expect(sms.status).toBe(400);
    expect(sms.body.error!.validationErrors![0]!.members).toEqual(['channels[0].phone']);
    // Another owner's device, a device that is not there, a bad id: 404 in ABP shape.
    for (const id of [strangerDevice, randomUUID(), 'nope']) {
      expect((await call(owner, 'GET', path(id))).status).toBe(404);
      const res = await call(owner, 'PUT', path(id), steps([]));
      expect(res.status).toBe(404);
      expect(res.body.error!.code).toBe('Vigil.Devices:DeviceNotFound');
    }
    expect((await call(strangerToken, 'GET', path())).status).toBe(404);
    expect((await call(owner, 'GET', '/api/plugandplay/profile/escalation')).status).toBe(400);
    // Nothing of it was saved.
    expect(((await call(owner, 'GET', path())).body.steps as Json[]).map((s) => s.waitMinutes)).toEqual([2, 3, 4]);
  });

  it('escalates an unacknowledged SOS step by step to the next receiver, then reminds everyone up to the cap', async () => {
    const eventId = await sos();
    // Step 0 is the immediate notice to everyone; step 1 waits the first step's 2 minutes.
    const first = (await job(eventId, 1))!;
    expect(first.status).toBe('pending');
    expect(first.run_at.getTime() - Date.now()).toBeGreaterThan(110_000);
    expect(first.run_at.getTime() - Date.now()).toBeLessThan(121_000);
    const b0 = (await messages(eventId, users.b.id)).length;
    const c0 = (await messages(eventId, users.c.id)).length;
    const o0 = (await messages(eventId, ownerId)).length;

    await runStep(eventId, 1);
    // The owner is reminded, B is alarmed; C not yet.
    expect((await messages(eventId, ownerId)).slice(o0).map((m) => m.subject)).toEqual([expect.stringMatching(/^Reminder 1: /)]);
    expect((await messages(eventId, users.b.id)).slice(b0).map((m) => m.subject)).toEqual([expect.not.stringMatching(/Reminder/)]);
    expect(await messages(eventId, users.c.id)).toHaveLength(c0);
    const second = (await job(eventId, 2))!;
    expect(second.run_at.getTime() - Date.now()).toBeGreaterThan(170_000);

    await runStep(eventId, 2);
    expect((await messages(eventId, ownerId)).slice(o0).map((m) => m.subject)).toEqual([expect.stringMatching(/^Reminder 1: /), expect.stringMatching(/^Reminder 2: /)]);
    expect((await messages(eventId, users.b.id)).slice(b0)).toHaveLength(2);
    // C is Danish, and gets it in Danish.
    const cNew = (await messages(eventId, users.c.id)).slice(c0);
    expect(cNew).toHaveLength(1);
    expect(cNew[0]!.subject).not.toMatch(/Påmindelse/);
    expect((await mails(users.c.email, '')).length).toBeGreaterThan(0);

    // The list is exhausted: everyone is reminded every last wait (4 min), ten times, then it stops.
    for (let step = 3; step <= 12; step++) {
      const next = (await job(eventId, step))!;
      expect(next.run_at.getTime() - Date.now(), `step ${step}`).toBeGreaterThan(230_000);
      await runStep(eventId, step);
    }
    expect(await job(eventId, 13)).toBeUndefined();
    expect((await messages(eventId, users.c.id)).slice(c0).filter((m) => m.subject.startsWith('Påmindelse'))).toHaveLength(10);
    expect((await messages(eventId, ownerId)).slice(o0)).toHaveLength(12);
    // A low-battery alarm does not escalate.
    const low = randomUUID();
    await db().transaction().execute((trx) => scheduleEscalations(trx, [{ id: low, type: 'lowBattery' as 'sos', deviceId, time: new Date() }]));
    expect(await job(low, 1)).toBeUndefined();
  }, 60_000);

  it('counts an escalation step\u2019s deliveries, but not in the time from fix to delivery that the slow-alarm alert reads', async () => {
    const inApp = async () => {
      const text = await metricsRegistry.metrics();
      return {
        delivered: sampleOf(text, 'vigil_alarm_deliveries_total', { channel: 'inApp', outcome: 'delivered' }),
        timed: sampleOf(text, 'vigil_alarm_fix_to_delivery_seconds_count', { channel: 'inApp' }),
      };
    };
    const before = await inApp();
    const eventId = await sos();
    // The alarm itself reaches the owner, B and C in the app at once, each timed from the fix.
    const raised = await inApp();
    expect(raised.delivered - before.delivered).toBe(3);
    expect(raised.timed - before.timed).toBe(3);
    // Step 1, after the owner's chosen wait: the owner reminded and B alarmed. Delivered, and not
    // a slow delivery: timed from the fix they would be as late as the wait, and page the operator.
    await runStep(eventId, 1);
    const stepped = await inApp();
    expect(stepped.delivered - raised.delivered).toBe(2);
    expect(stepped.timed - raised.timed).toBe(0);
    await call(owner, 'POST', `/api/app/tracking/alarms/${(await messages(eventId, ownerId))[0]!.id}/acknowledge`);
  });

  it('stops at the first acknowledgment and tells the others who took it', async () => {
    const eventId = await sos('fall');
    await runStep(eventId, 1);
    const bMessages = await messages(eventId, users.b.id);
    const before = { owner: (await messages(eventId, ownerId)).length, c: (await messages(eventId, users.c.id)).length, b: bMessages.length };
    const ack = await call(users.b.token, 'POST', `/api/app/tracking/alarms/${bMessages[0]!.id}/acknowledge`);
    expect(ack.status).toBe(200);
    expect(ack.body.acknowledgedTime).toBeTruthy();
    const took = await db().selectFrom('alarm_acknowledgments').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();
    expect(took.user_id).toBe(users.b.id);
    // The next step is called off.
    expect(await job(eventId, 2)).toMatchObject({ status: 'done', last_error: 'acknowledged' });
    // The owner and C are told who took it, in their language; B is not.
    const toOwner = (await messages(eventId, ownerId)).slice(before.owner);
    expect(toOwner).toEqual([expect.objectContaining({ type: 'alarmTaken', subject: 'escalation-b took the alarm from Escalation watch' })]);
    const toC = (await messages(eventId, users.c.id)).slice(before.c);
    expect(toC).toEqual([expect.objectContaining({ type: 'alarmTaken', subject: 'escalation-b har taget alarmen fra Escalation watch' })]);
    expect(await messages(eventId, users.b.id)).toHaveLength(before.b);
    expect(await mails('caregiver@example.com', 'escalation-b took the alarm')).toHaveLength(1);
    expect(await mails(users.c.email, 'escalation-b har taget alarmen')).toHaveLength(1);
    // Taken is taken: every receiver's own fall message of this event is closed (their dashboards drop it).
    const open = await db().selectFrom('alarm_messages').select(['user_id']).where('event_id', '=', eventId).where('type', '=', 'fall').where('acknowledged_time', 'is', null).execute();
    expect(open).toEqual([]);
    // A second acknowledgment (the owner's) tells nobody again, and a late step does nothing.
    const ownerMessage = (await messages(eventId, ownerId)).find((m) => m.type === 'fall')!;
    expect((await call(owner, 'POST', `/api/app/tracking/alarms/${ownerMessage.id}/acknowledge`)).status).toBe(200);
    await db().updateTable('jobs').set({ status: 'pending', run_at: new Date(Date.now() - 1000), lease_until: null }).where('unique_key', '=', `esc:${eventId}:2`).execute();
    kickJobs();
    await waitFor(async () => (await job(eventId, 2))?.status === 'done');
    expect(await job(eventId, 3)).toBeUndefined();
    expect(await messages(eventId, users.c.id)).toHaveLength(before.c + 1);
    expect(await mails('caregiver@example.com', 'escalation-b took the alarm')).toHaveLength(1);
  });

  it('escalates a watch taken off the wrist, and names it to the others when someone takes it', async () => {
    const eventId = await sos('offWrist');
    expect(await job(eventId, 1)).toMatchObject({ status: 'pending' });
    const before = { owner: (await messages(eventId, ownerId)).length, c: (await messages(eventId, users.c.id)).length };
    await runStep(eventId, 1);
    const [alarm] = await messages(eventId, users.b.id);
    expect(alarm).toMatchObject({ type: 'offWrist', subject: 'Taken off the wrist: Escalation watch' });
    expect(alarm!.body).toMatch(/^Escalation watch was taken off the wrist at \d\d:\d\d .* Check on the wearer now\./);
    expect((await call(users.b.token, 'POST', `/api/app/tracking/alarms/${alarm!.id}/acknowledge`)).status).toBe(200);
    expect(await job(eventId, 2)).toMatchObject({ status: 'done', last_error: 'acknowledged' });
    const taken = (list: { type: string; body: string }[]) => list.filter((m) => m.type === 'alarmTaken').map((m) => m.body);
    expect(taken((await messages(eventId, ownerId)).slice(before.owner))).toEqual(['escalation-b acknowledged the off-wrist alarm from Escalation watch and is taking care of it. You need not do anything.']);
    expect(taken((await messages(eventId, users.c.id)).slice(before.c))).toEqual(['escalation-b har kvitteret for alarmen fra Escalation watch (taget af håndleddet) og tager sig af den. Du behøver ikke gøre noget.']);
  });

  it('runs each step exactly once with two nodes racing for it', async () => {
    // PostgreSQL: a second API node on the same database; PGlite (one process): a second worker.
    let second: Server | undefined;
    let worker: JobQueue | undefined;
    if (url) {
      second = await createServer({ ...server.config, port: await freePort() });
    } else {
      worker = new JobQueue(db(), { pollMs: 10 });
      worker.registerJobKind(escalationJobKind(db(), { publicUrl: server.config.publicUrl }));
      worker.start();
    }
    try {
      const events = await Promise.all([sos(), sos('geofenceExit'), sos()]);
      const before = await Promise.all(events.map((e) => messages(e, users.b.id)));
      for (const step of [1, 2]) {
        await db().updateTable('jobs').set({ run_at: new Date(Date.now() - 1000) }).where('unique_key', 'in', events.map((e) => `esc:${e}:${step}`)).execute();
        kickJobs();
        await waitFor(async () => (await Promise.all(events.map((e) => job(e, step)))).every((j) => j?.status === 'done'));
      }
      for (const [i, e] of events.entries()) {
        // B: alarmed at step 1, reminded at step 2; one each.
        expect((await messages(e, users.b.id)).slice(before[i]!.length)).toHaveLength(2);
        expect(await db().selectFrom('jobs').select('id').where('unique_key', 'like', `esc:${e}:%`).execute()).toHaveLength(3);
      }
    } finally {
      await worker?.close();
      await second?.close();
    }
  }, 60_000);

  it('runs a step once when the node running it dies mid-step, and refuses the dead node’s late work', async () => {
    const eventId = await sos();
    const cBefore = (await messages(eventId, users.c.id)).length;
    await db().updateTable('jobs').set({ run_at: new Date(Date.now() - 1000) }).where('unique_key', '=', `esc:${eventId}:1`).execute();
    // A node claims the step (a short lease) and dies in the middle of its transaction.
    let dead: Awaited<ReturnType<typeof claimJobs>>[number] | undefined;
    for (let i = 0; i < 50 && !dead; i++) {
      dead = (await claimJobs(db(), [{ kind: ESCALATE, slots: 10, leaseMs: 1500 }])).find((j) => j.uniqueKey === `esc:${eventId}:1`);
      if (!dead) await sleep(20);
    }
    expect(dead).toBeDefined();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await runEscalationStep(trx, dead!, { eventId, step: 1 }, { publicUrl: server.config.publicUrl });
          throw new Error('the node died');
        }),
    ).rejects.toThrow('the node died');
    expect((await job(eventId, 1))!.status).toBe('pending');
    expect(await job(eventId, 2)).toBeUndefined();
    // The live node takes it once the lease is over.
    kickJobs();
    await waitFor(async () => (await job(eventId, 1))?.status === 'done', 10_000);
    expect((await job(eventId, 1))!.attempts).toBe(2);
    expect(await job(eventId, 2)).toMatchObject({ status: 'pending' });
    const bAfter = await messages(eventId, users.b.id);
    // The dead node coming back cannot do the step again.
    await expect(db().transaction().execute((trx) => runEscalationStep(trx, dead!, { eventId, step: 1 }, { publicUrl: server.config.publicUrl }))).rejects.toBeInstanceOf(LeaseLost);
    expect(await messages(eventId, users.b.id)).toHaveLength(bAfter.length);
    expect(await messages(eventId, users.c.id)).toHaveLength(cBefore);
  }, 30_000);
});
