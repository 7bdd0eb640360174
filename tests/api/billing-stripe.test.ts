import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { caller, type Json } from '../support/api-calls';
import { createTenantUser } from '../support/fixtures';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

/** Billing on the Stripe adapter: the official SDK against a local stand-in of Stripe's API. */
describe.each(DATABASES)('billing on the Stripe adapter ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let token: string;
  let userId: string;
  let deviceId: string;
  const WEBHOOK_SECRET = 'whsec_stand_in_secret';
  const call = caller(() => server);
  const sent = (path: string | RegExp) => stripe.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));
  const addCard = (body: unknown, key?: string) =>
    fetch(`${server.url}/api/stripe/payment/add-card-to-customer`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));
  const webhook = (payload: string, signature?: string) =>
    fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload });

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startServer(databaseUrl, {
      workers: false,
      stripe: { secretKey: 'sk_test_stand_in', webhookSecret: WEBHOOK_SECRET, apiHost: '127.0.0.1', apiPort: stripe.port, apiProtocol: 'http' },
    });
    const demoTenant = await server.database.db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow();
    const user = await createTenantUser(server.database.db, { tenantId: demoTenant.id, userName: 'stripe-carer', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    userId = user.userId;
    deviceId = randomUUID();
    await server.database.db.insertInto('devices').values({ id: deviceId, tenant_id: demoTenant.id, owner_user_id: userId, name: 'Stripe watch', imei: '356938035649999', concurrency_stamp: randomUUID() }).execute();
    token = (await tokensFor(server.url, user.userName, user.password)).access_token;
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.stop();
  });

  it('tells the web app that money moves (no test-payments notice)', async () => {
    const config = (await (await fetch(`${server.url}/api/runtime-config`)).json()) as { testPayments?: boolean };
    expect(config.testPayments).toBe(false);
  });

  it('creates the Stripe customer once, with an idempotency key derived from the account', async () => {
    const [a, b] = await Promise.all([call(token, 'POST', '/api/stripe/customer/create-customer'), call(token, 'POST', '/api/stripe/customer/create-customer')]);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ gateway: 'stripe', id: expect.stringMatching(/^cus_standin/) });
    expect(b.body.id).toBe(a.body.id);
    const created = sent('/v1/customers');
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const r of created) {
      expect(r.idempotencyKey).toBe(`customer:${userId}`);
      expect(r.body).toMatchObject({ email: 'stripe-carer@fixtures.vigil.local', 'metadata[vigilUserId]': userId });
    }
  });

  it('refuses a declined PaymentMethod, a raw card number and a Stripe failure, saving nothing', async () => {
    const declined = await addCard({ paymentMethodId: 'pm_card_chargeDeclined' });
    expect(declined.status).toBe(402);
    expect((declined.body.error as unknown as { data: unknown }).data).toEqual({ cardErrorCode: 'card_declined', declineCode: 'generic_decline' });
    const raw = await addCard({ card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } });
    expect(raw.status).toBe(402);
    expect((raw.body.error as unknown as { data: { cardErrorCode: string } }).data.cardErrorCode).toBe('invalid_transaction');
    expect(sent(/\/v1\/payment_methods\/pm_\w+\/attach/).every((r) => r.path.includes('pm_card_chargeDeclined'))).toBe(true);
    const failing = await addCard({ paymentMethodId: 'pm_stand_in_error' });
    expect(failing.status).toBe(502);
    expect(failing.body.error!.message).toBe('Stripe error occurred');
    expect((await call(token, 'GET', '/api/stripe/payment/list-customer-payment-cards')).body.items).toEqual([]);
  });

  it('attaches a card once per Idempotency-Key and makes the first card the default at Stripe', async () => {
    const key = `add-${randomUUID()}`;
    const [a, b] = await Promise.all([addCard({ paymentMethodId: 'pm_card_visa' }, key), addCard({ paymentMethodId: 'pm_card_visa' }, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);
    expect(a.body).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, isDefault: true });
    const attaches = sent('/v1/payment_methods/pm_card_visa/attach');
    expect(attaches).toHaveLength(1);
    expect(attaches[0]!.idempotencyKey).toBe(`attach:${userId}:${key}`);
    const customerId = String((await call(token, 'GET', '/api/stripe/customer')).body.id);
    expect(attaches[0]!.body.customer).toBe(customerId);
    const defaults = sent(`/v1/customers/${customerId}`).filter((r) => r.body['invoice_settings[default_payment_method]']);
    expect(defaults.map((r) => r.body['invoice_settings[default_payment_method]'])).toEqual(['pm_card_visa']);
  });

  it('charges the first period with a PaymentIntent at the discounted price, once for a double click', async () => {
    const body = { deviceId, plan: 'monthly' };
    const [a, b] = await Promise.all([call(token, 'POST', '/api/stripe/subscription/subscriptions', body), call(token, 'POST', '/api/stripe/subscription/subscriptions', body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.id).toBe(a.body.id);
    const intents = sent('/v1/payment_intents');
    expect(intents).toHaveLength(1);
    expect(intents[0]!.body).toMatchObject({ amount: '17910', currency: 'dkk', payment_method: 'pm_card_visa', confirm: 'true', off_session: 'true' });
    expect(intents[0]!.idempotencyKey).toMatch(new RegExp(`^charge:${String(a.body.id)}:`));
    const invoices = (await call(token, 'GET', '/api/stripe/payment/customer-invoices')).body.items as Json[];
    expect(invoices).toEqual([expect.objectContaining({ status: 'paid', amount: 179.1 })]);
    expect(intents[0]!.body['metadata[vigilInvoiceId]']).toBe(invoices[0]!.id);
  });

  it('renews after the paid period with a PaymentIntent for the waiting plan change, and a paid invoice', async () => {
    const sub = ((await call(token, 'GET', '/api/stripe/subscription/subscriptions')).body.items as Json[])[0]!;
    const id = { subscriptionId: sub.id };
    expect((await call(token, 'POST', '/api/stripe/subscription/update-subscription', { ...id, plan: 'annual' })).body).toMatchObject({ plan: 'monthly', nextPlan: 'annual' });
    await call(token, 'POST', '/api/stripe/subscription/pause-subscription', id);
    await server.database.db.updateTable('billing_subscriptions').set({ current_period_end: new Date(Date.now() - 60_000) }).where('id', '=', String(sub.id)).execute();
    const before = sent('/v1/payment_intents').length;
    const renewed = await call(token, 'POST', '/api/stripe/subscription/resume-subscription', id);
    expect(renewed.body).toMatchObject({ status: 'active', plan: 'annual', nextPlan: null, amount: 1791 });
    const intents = sent('/v1/payment_intents').slice(before);
    expect(intents).toHaveLength(1);
    expect(intents[0]!.body).toMatchObject({ amount: '179100', currency: 'dkk', confirm: 'true', off_session: 'true' });
    const [latest] = (await call(token, 'GET', '/api/stripe/payment/customer-invoices')).body.items as Json[];
    expect(latest).toMatchObject({ status: 'paid', type: 'yearly', amount: 1791 });
    expect(intents[0]!.body['metadata[vigilInvoiceId]']).toBe(latest!.id);
  });

  it('sends an idempotency key with every mutating call to Stripe', () => {
    const mutating = stripe.requests.filter((r) => r.method === 'POST');
    expect(mutating.length).toBeGreaterThan(4);
    for (const r of mutating) expect(r.idempotencyKey, r.path).toBeTruthy();
  });

  it('accepts only signed webhooks and keeps cards in step with Stripe', async () => {
    const sdk = new Stripe('sk_test_stand_in');
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_method.detached', data: { object: { id: 'pm_card_visa', object: 'payment_method' } } });
    expect((await webhook(payload)).status).toBe(400);
    expect((await webhook(payload, sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }))).status).toBe(400);
    expect((await webhook(payload.replace('evt_1', 'evt_2'), sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))).status).toBe(400);
    expect((await call(token, 'GET', '/api/stripe/payment/list-customer-payment-cards')).body.items).toHaveLength(1);
    const ok = await webhook(payload, sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect(ok.status).toBe(200);
    expect((await call(token, 'GET', '/api/stripe/payment/list-customer-payment-cards')).body.items).toEqual([]);
  });
});
