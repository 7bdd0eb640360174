import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DETAIL_FIELDS, pickBillingDetails, type BillingDetails } from '../../common/billing-details';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { activeSubscriptionCount, hasDefaultPaymentCard, transferBillingOwnership } from '../../server/billing/account-status';
import { createBuiltinGateway } from '../../server/billing/gateway/builtin';
import { runDueJobs } from '../../server/billing/jobs/worker';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller, type Json } from '../support/api-calls';
import { translate } from '../../server/localization/texts';
import { createTenantUser } from '../support/fixtures';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/** Billing on the built-in gateway: every /api/stripe endpoint, bad input, double clicks, the billing run. */
describe.each(DATABASES)('billing on the built-in gateway ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let caregiver: string;
  let newcomer: string;
  let newcomerId: string;
  let newcomerDevice: string;
  let stranger: string;
  const call = caller(() => server);
  const card = (number: string, extra: Record<string, unknown> = {}) => ({ card: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123', ...extra } });
  const db = () => server.database.db;
  const mailsTo = async (email: string, subject: string) =>
    (await db().selectFrom('mail_outbox').select('subject').where('to_address', '=', email).execute()).filter((m) => m.subject.includes(subject)).length;
  const withKey = async (token: string, method: string, path: string, body: unknown, key: string) => {
    const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Json };
  };

  beforeAll(async () => {
    server = await startServer(databaseUrl, { workers: false });
    const demoTenant = await db().selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow();
    const fresh = await createTenantUser(db(), { tenantId: demoTenant.id, userName: 'billing-newcomer', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    const other = await createTenantUser(db(), { tenant: 'Billing Elsewhere', userName: 'billing-stranger', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    newcomerId = fresh.userId;
    newcomerDevice = randomUUID();
    await db().insertInto('devices').values({ id: newcomerDevice, tenant_id: demoTenant.id, owner_user_id: newcomerId, name: 'Grandma', imei: '356938035640001', concurrency_stamp: randomUUID(), subscription_status: 'paused' }).execute();
    [caregiver, newcomer, stranger] = (await Promise.all(
      [['caregiver', DEMO_PASSWORD], [fresh.userName, fresh.password], [other.userName, other.password]].map(([u, p]) => tokensFor(server.url, u!, p!).then((t) => t.access_token)),
    )) as [string, string, string];
  });
  afterAll(async () => server?.stop());

  it('answers the demo caregiver with its customer, default card, subscriptions and paid invoices', async () => {
    const customer = await call(caregiver, 'GET', '/api/stripe/customer');
    expect(customer.status).toBe(200);
    expect(customer.body).toMatchObject({ gateway: 'builtin', email: 'caregiver@example.com', hasDefaultCard: true });
    expect((await call(caregiver, 'GET', '/api/stripe/payment/customer')).body.id).toBe(customer.body.id);
    const cards = await call(caregiver, 'GET', '/api/stripe/payment/list-customer-payment-cards');
    expect(cards.body.items).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true })]);
    const subs = await call(caregiver, 'GET', '/api/stripe/subscription/subscriptions');
    expect(subs.status).toBe(200);
    expect(subs.body.items).toHaveLength(2);
    for (const s of subs.body.items as Json[]) expect(s).toMatchObject({ plan: 'monthly', status: 'active', amount: 179.1, currency: 'DKK' });
    const invoices = await call(caregiver, 'GET', '/api/stripe/payment/customer-invoices');
    expect(invoices.body.items).toHaveLength(2);
    expect((invoices.body.items as Json[])[0]).toMatchObject({ status: 'paid', type: 'monthly', amount: 179.1 });
  });

  it('lists the plans at the pricing customer\'s prices, discount applied, and the card brands', async () => {
    const products = await call(caregiver, 'GET', '/api/stripe/products/products');
    expect(products.body.items).toEqual([
      expect.objectContaining({ id: 'subscription:monthly', plan: 'monthly', amount: 179.1, currency: 'DKK', discountPercentage: 10 }),
      expect.objectContaining({ id: 'subscription:annual', plan: 'annual', amount: 1791, currency: 'DKK' }),
    ]);
    const stranger = await createTenantUser(db(), { tenant: 'List Price Tenant', userName: 'billing-list', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    const token = (await tokensFor(server.url, stranger.userName, stranger.password)).access_token;
    expect(((await call(token, 'GET', '/api/stripe/products/products')).body.items as Json[])[0]).toMatchObject({ amount: 199, discountPercentage: 0 });
    const logos = await call(caregiver, 'GET', '/api/stripe/payment/get-payment-logos');
    expect((logos.body.items as Json[]).map((l) => l.brand)).toContain('visa');
    expect(String((logos.body.items as Json[])[0]!.image)).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('says the customer is missing until it is created, and creates it once', async () => {
    const missing = await call(newcomer, 'GET', '/api/stripe/customer');
    expect(missing.status).toBe(404);
    expect(missing.body.error!.message).toBe('Stripe customer not found. Please contact customer support.');
    expect((await call(newcomer, 'GET', '/api/stripe/payment/list-customer-payment-cards')).status).toBe(404);
    const noCard = await call(newcomer, 'POST', '/api/stripe/subscription/subscriptions', { deviceId: newcomerDevice, plan: 'monthly' });
    expect(noCard.status).toBe(403);
    expect(noCard.body.error!.message).toBe("You don't have a payment method. You need to add a default card to continue.");
    const [a, b] = await Promise.all([call(newcomer, 'POST', '/api/stripe/customer/create-customer'), call(newcomer, 'POST', '/api/stripe/customer/create-customer')]);
    expect(a.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    expect(a.body).toMatchObject({ hasDefaultCard: false, gateway: 'builtin' });
  });

  it("refuses declined and malformed cards with Stripe's codes and saves nothing", async () => {
    const cases: [unknown, string, string?][] = [
      [card('4000000000000002'), 'card_declined', 'generic_decline'],
      [card('4000000000009995'), 'card_declined', 'insufficient_funds'],
      [card('4000000000000069'), 'expired_card'],
      [card('4000000000000127'), 'incorrect_cvc'],
      [card('4242424242424241'), 'incorrect_number'],
      [card('4242 4242 4242'), 'incomplete_number'],
      [card('4242x4242x4242x4242'), 'invalid_number'],
      [card('4242424242424242', { expYear: 2001 }), 'invalid_expiry_year_past'],
      [card('4242424242424242', { expMonth: 13 }), 'invalid_expiry_month'],
      [card('4242424242424242', { cvc: '12' }), 'incomplete_cvc'],
      [card('378282246310005', { cvc: '12345' }), 'invalid_cvc'],
      [card('4000000000000036', { postalCode: '2100' }), 'incorrect_zip'],
      // A real card's number (valid, but not one of Stripe's published test numbers): no money moves here.
      [card('4111111111111111'), 'card_declined', 'test_mode_live_card'],
      [card('5500 0000 0000 0004'), 'card_declined', 'test_mode_live_card'],
      [card('4012888888881881'), 'card_declined', 'test_mode_live_card'],
    ];
    for (const [body, code, decline] of cases) {
      const res = await call(newcomer, 'POST', '/api/stripe/payment/add-card-to-customer', body);
      expect(res.status, code).toBe(402);
      expect((res.body.error as unknown as { data: unknown }).data).toEqual({ cardErrorCode: code, ...(decline ? { declineCode: decline } : {}) });
    }
    const declined = await call(newcomer, 'POST', '/api/stripe/payment/add-card-to-customer', card('4000000000000002'), { lang: 'de-DE' });
    expect(declined.body.error!.message).toBe('Die Karte wurde abgelehnt.');
    for (const bad of [{}, { card: { number: '4242424242424242' } }, { ...card('4242424242424242'), extra: 1 }, { paymentMethodId: 'nope' }, card('4242424242424242', { number: 4242 })]) {
      expect((await call(newcomer, 'POST', '/api/stripe/payment/add-card-to-customer', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call(newcomer, 'GET', '/api/stripe/payment/list-customer-payment-cards')).body.items).toEqual([]);
    expect(await hasDefaultPaymentCard(db(), newcomerId)).toBe(false);
  });

  it("says that no money moves, and takes Stripe's published test numbers of every brand", async () => {
    const config = (await (await fetch(`${server.url}/api/runtime-config`)).json()) as { testPayments?: boolean };
    expect(config.testPayments).toBe(true);
    const { userId, userName, password } = await createTenantUser(db(), { tenant: 'Test Card Tenant', userName: 'billing-test-cards', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    const token = (await tokensFor(server.url, userName, password)).access_token;
    await call(token, 'POST', '/api/stripe/customer/create-customer');
    for (const number of ['4000 0566 5566 5556', '5555 5555 5555 4444', '2223003122003222', '378282246310005', '6011111111111117', '3566002020360505']) {
      const res = await call(token, 'POST', '/api/stripe/payment/add-card-to-customer', card(number, number.startsWith('37') ? { cvc: '1234' } : {}));
      expect(res.status, number).toBe(200);
    }
    expect((await call(token, 'GET', '/api/stripe/payment/list-customer-payment-cards')).body.items).toHaveLength(6);
    expect(await hasDefaultPaymentCard(db(), userId)).toBe(true);
  });

  it('adds good cards (the first becomes the default), sets the default and removes cards', async () => {
    const visa = await call(newcomer, 'POST', '/api/stripe/payment/add-card-to-customer', card('4242 4242 4242 4242'));
    expect(visa.status).toBe(200);
    expect(visa.body).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true, expMonth: 12 });
    expect(JSON.stringify(await db().selectFrom('billing_cards').selectAll().execute())).not.toContain('4242424242424242');
    const mc = await call(newcomer, 'POST', '/api/stripe/payment/add-card-to-customer', card('5555555555554444'));
    expect(mc.body).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    const customerId = String((await call(newcomer, 'GET', '/api/stripe/customer')).body.id);
    expect((await call(newcomer, 'POST', `/api/stripe/payment/set-default-card/cus_other/${String(mc.body.id)}`)).status).toBe(404);
    expect((await call(newcomer, 'POST', `/api/stripe/payment/set-default-card/${customerId}/${randomUUID()}`)).status).toBe(404);
    expect((await call(newcomer, 'POST', `/api/stripe/payment/set-default-card/${customerId}/not-a-uuid`)).status).toBe(404);
    const set = await call(newcomer, 'POST', `/api/stripe/payment/set-default-card/${customerId}/${String(mc.body.id)}`);
    expect(set.status).toBe(200);
    expect((set.body.items as Json[]).filter((c) => c.isDefault).map((c) => c.last4)).toEqual(['4444']);
    // Another account's card is not found.
    const demoCard = ((await call(caregiver, 'GET', '/api/stripe/payment/list-customer-payment-cards')).body.items as Json[])[0]!;
    expect((await call(newcomer, 'POST', '/api/stripe/payment/remove-card-from-customer', { cardId: demoCard.id })).status).toBe(404);
    expect((await call(newcomer, 'POST', '/api/stripe/payment/remove-card-from-customer', { cardId: 'x' })).status).toBe(400);
    const removed = await call(newcomer, 'POST', '/api/stripe/payment/remove-card-from-customer', { cardId: mc.body.id });
    expect(removed.status).toBe(200);
    expect(removed.body.items).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);
    expect(await hasDefaultPaymentCard(db(), newcomerId)).toBe(true);
  });

  it('starts a subscription once when paid twice at the same moment, and keeps the device in step', async () => {
    const bad = await call(newcomer, 'POST', '/api/stripe/subscription/subscriptions', { deviceId: newcomerDevice, plan: 'weekly' });
    expect(bad.status).toBe(400);
    expect((await call(stranger, 'POST', '/api/stripe/subscription/subscriptions', { deviceId: newcomerDevice, plan: 'monthly' })).status).toBe(403);
    const body = { deviceId: newcomerDevice, plan: 'monthly' };
    const [a, b] = await Promise.all([
      call(newcomer, 'POST', '/api/stripe/subscription/subscriptions', body),
      call(newcomer, 'POST', '/api/stripe/subscription/subscriptions', body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.id).toBe(a.body.id);
    expect(a.body).toMatchObject({ deviceId: newcomerDevice, deviceName: 'Grandma', plan: 'monthly', status: 'active', amount: 179.1, currency: 'DKK' });
    expect((await call(newcomer, 'GET', '/api/stripe/payment/customer-invoices')).body.items).toHaveLength(1);
    expect(await mailsTo('billing-newcomer@fixtures.vigil.local', 'Receipt')).toBe(1);
    expect((await db().selectFrom('devices').select('subscription_status').where('id', '=', newcomerDevice).executeTakeFirstOrThrow()).subscription_status).toBe('active');
    expect(await activeSubscriptionCount(db(), newcomerId)).toBe(1);
    const customerId = String((await call(newcomer, 'GET', '/api/stripe/customer')).body.id);
    const one = await call(newcomer, 'GET', `/api/stripe/subscription/subscriptions/${customerId}/${String(a.body.id)}`);
    expect(one.body).toEqual(a.body);
    expect((await call(caregiver, 'GET', `/api/stripe/subscription/subscriptions/${customerId}/${String(a.body.id)}`)).status).toBe(404);
  });

  it('pauses and resumes once per double click, with the device in step; plan changes', async () => {
    const sub = ((await call(newcomer, 'GET', '/api/stripe/subscription/subscriptions')).body.items as Json[])[0]!;
    const id = { subscriptionId: sub.id };
    expect((await call(newcomer, 'POST', '/api/stripe/subscription/pause-subscription', {})).status).toBe(400);
    expect((await call(newcomer, 'POST', '/api/stripe/subscription/pause-subscription', { subscriptionId: randomUUID() })).status).toBe(404);
    expect((await call(stranger, 'POST', '/api/stripe/subscription/pause-subscription', id)).status).toBe(404);
    const paused = await Promise.all([
      call(newcomer, 'POST', '/api/stripe/subscription/pause-subscription', id),
      call(newcomer, 'POST', '/api/stripe/subscription/pause-subscription', id),
    ]);
    expect(paused.map((r) => [r.status, r.body.status])).toEqual([[200, 'paused'], [200, 'paused']]);
    expect(await mailsTo('billing-newcomer@fixtures.vigil.local', 'Subscription paused')).toBe(1);
    expect((await db().selectFrom('devices').select('subscription_status').where('id', '=', newcomerDevice).executeTakeFirstOrThrow()).subscription_status).toBe('paused');
    expect(await activeSubscriptionCount(db(), newcomerId)).toBe(0);

    const key = `resume-${randomUUID()}`;
    const resumed = await Promise.all([
      withKey(newcomer, 'POST', '/api/stripe/subscription/resume-subscription', id, key),
      withKey(newcomer, 'POST', '/api/stripe/subscription/resume-subscription', id, key),
    ]);
    expect(resumed.map((r) => [r.status, r.body.status])).toEqual([[200, 'active'], [200, 'active']]);
    expect(await mailsTo('billing-newcomer@fixtures.vigil.local', 'Subscription active')).toBe(1);
    expect((await db().selectFrom('devices').select('subscription_status').where('id', '=', newcomerDevice).executeTakeFirstOrThrow()).subscription_status).toBe('active');
    // Within the paid period a renewal charges nothing.
    expect((await call(newcomer, 'GET', '/api/stripe/payment/customer-invoices')).body.items).toHaveLength(1);

    expect((await call(newcomer, 'POST', '/api/stripe/subscription/update-subscription', { ...id, plan: 'yearly' })).status).toBe(400);
    // The change waits for the next renewal (the billing run below charges the annual price).
    const annual = await call(newcomer, 'POST', '/api/stripe/subscription/update-subscription', { ...id, plan: 'annual' });
    expect(annual.body).toMatchObject({ plan: 'monthly', nextPlan: 'annual', amount: 179.1, status: 'active' });
  });

  it('downloads an invoice as a PDF, only the owner\'s', async () => {
    const [invoice] = (await call(newcomer, 'GET', '/api/stripe/payment/customer-invoices')).body.items as Json[];
    const res = await fetch(`${server.url}/api/stripe/payment/download-invoice?invoiceId=${String(invoice!.id)}`, { headers: { authorization: `Bearer ${newcomer}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    expect((await call(caregiver, 'GET', `/api/stripe/payment/download-invoice?invoiceId=${String(invoice!.id)}`)).status).toBe(404);
    expect((await call(newcomer, 'GET', '/api/stripe/payment/download-invoice?invoiceId=1')).status).toBe(400);
  });

  it('keeps billing details, refusing bad ones', async () => {
    const details = { name: 'Nina Newcomer', companyName: 'Newcomer ApS', vatNumber: 'DK12345678', additionalInfo: 'PO 42' };
    const saved = await call(newcomer, 'PUT', '/api/stripe/customer/billing-details', details);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(details);
    expect((await call(newcomer, 'GET', '/api/stripe/customer/billing-details')).body).toMatchObject(details);
    for (const bad of [{ ...details, vatNumber: '<script>' }, { ...details, name: 'x'.repeat(201) }, { name: 'only' }, { ...details, extra: true }]) {
      expect((await call(newcomer, 'PUT', '/api/stripe/customer/billing-details', bad)).status).toBe(400);
    }
    expect((await call(newcomer, 'GET', '/api/stripe/customer')).body).toMatchObject(details);
  });

  it("refuses billing details of the wrong shape with ABP's 400, naming each field by its label in the caller's language, saving nothing", async () => {
    const before = (await call(newcomer, 'GET', '/api/stripe/customer/billing-details')).body;
    const label = (field: string) => translate(`billing:details.${field}`, 'da');
    const wrong = await call(newcomer, 'PUT', '/api/stripe/customer/billing-details', { ...before, name: 5 }, { lang: 'da-DK' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'Vigil:Validation', message: translate('errors.validation', 'da'), validationErrors: [{ members: ['name'], message: translate('validation:invalid', 'da', { field: label('name') }) }] });
    const partial = await call(newcomer, 'PUT', '/api/stripe/customer/billing-details', { name: 'Only a name' }, { lang: 'da-DK' });
    expect(partial.body.error!.validationErrors).toEqual(['companyName', 'vatNumber', 'additionalInfo'].map((f) => ({ members: [f], message: translate('validation:required', 'da', { field: label(f) }) })));
    expect((await call(newcomer, 'GET', '/api/stripe/customer/billing-details')).body).toEqual(before);
  });

  it('saves the billing page\'s form: the customer as read, edited, sent as its writable fields only', async () => {
    const customer = (await call(caregiver, 'GET', '/api/stripe/customer')).body;
    // The whole customer, as the page held it, is refused on its read-only fields.
    const whole = await call(caregiver, 'PUT', '/api/stripe/customer/billing-details', { ...customer, companyName: 'Carer & Co' });
    expect(whole.status).toBe(400);
    expect(whole.body.error!.validationErrors!.flatMap((e) => e.members)).toContain('id');

    const form = pickBillingDetails({ ...(customer as Partial<BillingDetails>), companyName: 'Carer & Co' });
    expect(Object.keys(form).sort()).toEqual(BILLING_DETAIL_FIELDS.map((f) => f.name).sort());
    const saved = await call(caregiver, 'PUT', '/api/stripe/customer/billing-details', form);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ ...form, companyName: 'Carer & Co' });
    expect((await call(caregiver, 'GET', '/api/stripe/customer')).body).toMatchObject({ companyName: 'Carer & Co' });

    // Each field's limit is the shared one, and a refusal names the field the form shows, by its label.
    for (const f of BILLING_DETAIL_FIELDS) {
      const res = await call(caregiver, 'PUT', '/api/stripe/customer/billing-details', { ...form, [f.name]: 'x'.repeat(f.maxLength + 1) });
      expect(res.body.error!.validationErrors).toEqual([{ members: [f.name], message: expect.any(String) }]);
    }
    const vat = await call(caregiver, 'PUT', '/api/stripe/customer/billing-details', { ...form, vatNumber: '<script>' });
    expect(vat.body.error!.validationErrors).toEqual([{ members: ['vatNumber'], message: 'VAT number is invalid' }]);
    expect((await call(caregiver, 'GET', '/api/stripe/customer/billing-details')).body).toMatchObject({ companyName: 'Carer & Co' });
  });

  it('runs the billing run as queued jobs: charges due subscriptions, retries declines, mails receipts', async () => {
    const ctx = { db: db(), engine: server.engine, gateway: createBuiltinGateway() };
    const sub = ((await call(newcomer, 'GET', '/api/stripe/subscription/subscriptions')).body.items as Json[])[0]!;
    const due = new Date(Date.now() - 60_000);
    await db().updateTable('billing_subscriptions').set({ current_period_end: due }).where('id', '=', String(sub.id)).execute();
    // A card that attaches but declines when charged.
    const bad = await call(newcomer, 'POST', '/api/stripe/payment/add-card-to-customer', card('4000000000000341'));
    const customerId = String((await call(newcomer, 'GET', '/api/stripe/customer')).body.id);
    await call(newcomer, 'POST', `/api/stripe/payment/set-default-card/${customerId}/${String(bad.body.id)}`);
    await runDueJobs(ctx);
    let invoices = (await call(newcomer, 'GET', '/api/stripe/payment/customer-invoices')).body.items as Json[];
    expect(invoices[0]).toMatchObject({ status: 'open', type: 'yearly', amount: 1791 });
    expect(await mailsTo('billing-newcomer@fixtures.vigil.local', 'Payment failed')).toBe(1);
    const job = await db().selectFrom('jobs').selectAll().where('kind', '=', 'charge-subscription').executeTakeFirstOrThrow();
    expect(job.status).toBe('pending');
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // The retry after the card was fixed pays the same invoice and moves the period on by a year.
    const good = ((await call(newcomer, 'GET', '/api/stripe/payment/list-customer-payment-cards')).body.items as Json[]).find((c) => c.last4 === '4242')!;
    await call(newcomer, 'POST', `/api/stripe/payment/set-default-card/${customerId}/${String(good.id)}`);
    await db().updateTable('jobs').set({ run_at: new Date() }).where('id', '=', job.id).execute();
    await runDueJobs(ctx);
    invoices = (await call(newcomer, 'GET', '/api/stripe/payment/customer-invoices')).body.items as Json[];
    expect(invoices.map((i) => i.status)).toEqual(['paid', 'paid']);
    const after = ((await call(newcomer, 'GET', '/api/stripe/subscription/subscriptions')).body.items as Json[])[0]!;
    expect(new Date(String(after.currentPeriodEnd)).getUTCFullYear()).toBe(due.getUTCFullYear() + 1);
    expect(await mailsTo('billing-newcomer@fixtures.vigil.local', 'Receipt')).toBe(2);
    expect((await db().selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).status).toBe('done');
    // Nothing is due any more: a second pass charges nothing.
    await runDueJobs(ctx);
    expect((await call(newcomer, 'GET', '/api/stripe/payment/customer-invoices')).body.items).toHaveLength(2);
  });

  it('refuses removing the last card while a subscription is active', async () => {
    const cards = (await call(newcomer, 'GET', '/api/stripe/payment/list-customer-payment-cards')).body.items as Json[];
    for (const c of cards.filter((x) => !x.isDefault)) await call(newcomer, 'POST', '/api/stripe/payment/remove-card-from-customer', { cardId: c.id });
    const last = await call(newcomer, 'POST', '/api/stripe/payment/remove-card-from-customer', { cardId: cards.find((c) => c.isDefault)!.id });
    expect(last.status).toBe(403);
  });

  it("mails receipts in the account's language and refuses billing where the tenant has it off", async () => {
    const user = await db().selectFrom('users').select(['id', 'tenant_id']).where('user_name', '=', 'billing-stranger').executeTakeFirstOrThrow();
    const device = randomUUID();
    await db().insertInto('devices').values({ id: device, tenant_id: user.tenant_id, owner_user_id: user.id, name: 'Farmors ur', imei: '356938035640002', concurrency_stamp: randomUUID() }).execute();
    expect((await call(stranger, 'POST', '/api/stripe/customer/create-customer', undefined, { lang: 'da-DK' })).status).toBe(200);
    expect((await call(stranger, 'POST', '/api/stripe/subscription/resume-subscription', { subscriptionId: randomUUID() }, { lang: 'da-DK' })).body.error!.message).toBe(
      'Du har ingen betalingsmetode. Du skal tilføje et standardkort for at fortsætte.',
    );
    expect((await call(stranger, 'POST', '/api/stripe/payment/add-card-to-customer', card('4242424242424242'), { lang: 'da-DK' })).status).toBe(200);
    const started = await call(stranger, 'POST', '/api/stripe/subscription/subscriptions', { deviceId: device, plan: 'annual' });
    expect(started.body).toMatchObject({ amount: 1990, currency: 'DKK' });
    expect(await mailsTo('billing-stranger@fixtures.vigil.local', 'Kvittering')).toBe(1);

    await db().insertInto('feature_values').values({ id: randomUUID(), name: 'Vigil.Billing', value: 'false', provider_name: 'T', provider_key: user.tenant_id! }).execute();
    const off = await call(stranger, 'GET', '/api/stripe/subscription/subscriptions');
    expect(off.status).toBe(403);
    expect(off.body.error!.message).toBe('Billing is not offered for your organisation.');
  });

  it('moves subscriptions, customer and cards with a transferred account', async () => {
    const recipient = await createTenantUser(db(), { tenantId: null, userName: 'billing-recipient', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    await db().transaction().execute((trx) => transferBillingOwnership(trx, newcomerId, recipient.userId));
    expect(await activeSubscriptionCount(db(), recipient.userId)).toBe(1);
    expect(await activeSubscriptionCount(db(), newcomerId)).toBe(0);
    expect(await hasDefaultPaymentCard(db(), recipient.userId)).toBe(true);
    expect((await call(newcomer, 'GET', '/api/stripe/customer')).status).toBe(404);
  });
});
