import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { createBuiltinGateway } from '../../server/billing/gateway/builtin';
import { runDueJobs } from '../../server/billing/jobs/worker';
import { DEMO_STOCK_DEVICES, DEMO_TENANT } from '../../server/seed/demo';
import { normalize } from '../../server/identity/user-records';
import { caller, type Json } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { queryFix, sendQuery } from '../support/osmand';
import { until } from '../support/poll';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/**
 * The subscription lifecycle (docs/decisions/047-subscription-lifecycle.md), end to end on the
 * built-in gateway: adding a watch starts none and its alarms reach the app only; starting one
 * charges and mails alarms; a plan change waits for the renewal that applies it (a renewal after
 * the paid period, or the billing run), each charged with a paid invoice; removing the watch ends it.
 */
describe.each(DATABASES)('the subscription lifecycle ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let token: string;
  let userId: string;
  let email: string;
  let deviceId: string;
  const stock = DEMO_STOCK_DEVICES[1];
  const call = caller(() => server);
  const db = () => server.database.db;
  const SUBS = '/api/stripe/subscription';
  const subscription = async () => ((await call(token, 'GET', `${SUBS}/subscriptions`)).body.items as Json[]).find((s) => s.deviceId === deviceId);
  const invoices = async () => (await call(token, 'GET', '/api/stripe/payment/customer-invoices')).body.items as Json[];
  const deviceStatus = async () => (await db().selectFrom('devices').select('subscription_status').where('id', '=', deviceId).executeTakeFirstOrThrow()).subscription_status;
  /** Fix times a minute apart from ten minutes ago: two fixes in the same second are one (a repeat). */
  let clock = Date.now() - 10 * 60_000;
  const sos = async () => {
    const before = await db().selectFrom('device_events').select('id').where('device_id', '=', deviceId).where('type', '=', 'sos').execute();
    expect(await sendQuery(`http://127.0.0.1:${server.config.ingestPort}`, queryFix(stock.imei, { lat: 55.68, lon: 12.57, accuracy: 5, time: new Date((clock += 60_000)), alarm: 'sos' }))).toBe(200);
    const event = await until(async () => (await db().selectFrom('device_events').select('id').where('device_id', '=', deviceId).where('type', '=', 'sos').execute()).find((e) => !before.some((b) => b.id === e.id)), Boolean, 15_000);
    expect(event).toBeDefined();
    const inApp = await until(() => db().selectFrom('alarm_messages').select('id').where('event_id', '=', event!.id).where('user_id', '=', userId).executeTakeFirst(), Boolean, 15_000);
    return { eventId: event!.id, inApp };
  };
  const alarmMails = async () => (await db().selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute()).filter((m) => m.subject.startsWith('SOS'));

  beforeAll(async () => {
    server = await startServer(databaseUrl, { workers: false, ingestPort: 0 });
    const tenantId = (await db().selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow()).id;
    const user = await createTenantUser(db(), { tenantId, userName: 'lifecycle-carer', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    userId = user.userId;
    email = (await db().selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
    token = (await tokensFor(server.url, user.userName, user.password)).access_token;
  });
  afterAll(async () => server?.stop());

  it('adding a watch starts no subscription: its alarms reach the app only, with no mail', async () => {
    const added = await call(token, 'POST', '/api/plugandplay/devicemanage/assignDeviceToUser', { imei: stock.imei, deviceId: stock.deviceId, name: 'Granny' });
    expect(added.status).toBe(200);
    deviceId = String(added.body.id);
    expect(added.body.subscriptionStatus).toBe('paused');
    expect(await subscription()).toBeUndefined();
    // No customer, no card, nothing charged.
    expect((await call(token, 'GET', '/api/stripe/payment/customer-invoices')).status).toBe(404);
    const { inApp } = await sos();
    expect(inApp).toBeDefined();
    expect(await alarmMails()).toEqual([]);
  });

  it('starting a subscription charges the first period, and the alarms are mailed from then on', async () => {
    expect((await call(token, 'POST', '/api/stripe/customer/create-customer')).status).toBe(200);
    const card = { card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' } };
    expect((await call(token, 'POST', '/api/stripe/payment/add-card-to-customer', card)).status).toBe(200);
    const started = await call(token, 'POST', `${SUBS}/subscriptions`, { deviceId, plan: 'monthly' });
    expect(started.body).toMatchObject({ plan: 'monthly', nextPlan: null, status: 'active', amount: 179.1 });
    expect(await deviceStatus()).toBe('active');
    expect(await invoices()).toEqual([expect.objectContaining({ status: 'paid', type: 'monthly', amount: 179.1 })]);
    await sos();
    expect(await until(alarmMails, (m) => m.length === 1, 15_000)).toHaveLength(1);
  });

  it('a plan change waits for the next renewal; choosing the plan in force again withdraws it', async () => {
    const id = String((await subscription())!.id);
    const changed = await call(token, 'POST', `${SUBS}/update-subscription`, { subscriptionId: id, plan: 'annual' });
    expect(changed.status).toBe(200);
    // The plan in force, its price and period stay; the change is shown with the date it applies.
    expect(changed.body).toMatchObject({ plan: 'monthly', nextPlan: 'annual', amount: 179.1, status: 'active' });
    expect((await call(token, 'POST', `${SUBS}/update-subscription`, { subscriptionId: id, plan: 'monthly' })).body).toMatchObject({ plan: 'monthly', nextPlan: null });
    expect((await call(token, 'POST', `${SUBS}/update-subscription`, { subscriptionId: id, plan: 'annual' })).body).toMatchObject({ plan: 'monthly', nextPlan: 'annual' });
    expect(await invoices()).toHaveLength(1);
  });

  it('renewing within the paid period charges nothing; after it, the renewal plan is charged through the gateway with a paid invoice', async () => {
    const id = String((await subscription())!.id);
    await call(token, 'POST', `${SUBS}/pause-subscription`, { subscriptionId: id });
    expect(await deviceStatus()).toBe('paused');
    const within = await call(token, 'POST', `${SUBS}/resume-subscription`, { subscriptionId: id });
    expect(within.body).toMatchObject({ status: 'active', plan: 'monthly', nextPlan: 'annual' });
    expect(await invoices()).toHaveLength(1);

    await call(token, 'POST', `${SUBS}/pause-subscription`, { subscriptionId: id });
    await db().updateTable('billing_subscriptions').set({ current_period_end: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();
    const before = Date.now();
    const renewed = await call(token, 'POST', `${SUBS}/resume-subscription`, { subscriptionId: id });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ status: 'active', plan: 'annual', nextPlan: null, amount: 1791 });
    const end = new Date(String(renewed.body.currentPeriodEnd));
    expect(end.getTime()).toBeGreaterThan(before + 364 * 86_400_000);
    const [latest] = await invoices();
    expect(latest).toMatchObject({ status: 'paid', type: 'yearly', amount: 1791 });
    const row = await db().selectFrom('billing_invoices').select(['gateway_payment_id', 'paid_time']).where('id', '=', String(latest!.id)).executeTakeFirstOrThrow();
    expect(row.gateway_payment_id).toMatch(/^pay_/);
    expect(row.paid_time).not.toBeNull();
    expect(await deviceStatus()).toBe('active');
  });

  it('the billing run applies a waiting plan change at the renewal and charges its price', async () => {
    const id = String((await subscription())!.id);
    expect((await call(token, 'POST', `${SUBS}/update-subscription`, { subscriptionId: id, plan: 'monthly' })).body).toMatchObject({ plan: 'annual', nextPlan: 'monthly' });
    const due = new Date(Date.now() - 60_000);
    await db().updateTable('billing_subscriptions').set({ current_period_end: due }).where('id', '=', id).execute();
    await runDueJobs({ db: db(), engine: server.engine, gateway: createBuiltinGateway() });
    expect(await subscription()).toMatchObject({ plan: 'monthly', nextPlan: null, amount: 179.1, status: 'active' });
    const [latest] = await invoices();
    expect(latest).toMatchObject({ status: 'paid', type: 'monthly', amount: 179.1 });
  });

  it('removing the watch ends its subscription: nothing more is charged, and the next owner starts afresh', async () => {
    expect((await call(token, 'DELETE', `/api/app/productInstance/dashboard/${deviceId}`)).status).toBeLessThan(300);
    expect(await subscription()).toMatchObject({ status: 'canceled' });
    expect(await deviceStatus()).toBe('paused');
    const count = (await invoices()).length;
    await db().updateTable('billing_subscriptions').set({ current_period_end: new Date(Date.now() - 60_000) }).where('device_id', '=', deviceId).execute();
    await runDueJobs({ db: db(), engine: server.engine, gateway: createBuiltinGateway() });
    expect(await invoices()).toHaveLength(count);
  });
});
