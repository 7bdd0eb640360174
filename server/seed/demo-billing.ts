import type { Db } from '../db/database';
import { demoId, demoStamp } from './demo-ids';
import type { DynamicDb } from '../schema-engine/resource-model';
import { insertInvoice, nextInvoiceNumber } from '../billing/service/invoices';
import { addPeriod } from '../billing/service/periods';
import { PLANS } from '../billing/service/pricing';
import { discounted } from '../resource-extensions/products/money';
import { translate } from '../localization/texts';

/**
 * The demo's billing (called from server/seed/demo.ts in its transaction): the tenant's pricing
 * customer ('Sunrise Care families', DKK, 10 % discount) as the default customer of the top-level
 * organization 'Sunrise Care'; the caregiver's payment customer on the built-in gateway with a
 * Visa card ending 4242 (default) and an active monthly subscription with a paid first invoice for
 * each watch, so the dashboard, billing page and billing run show real data from the first start.
 * Ids are derived from names (server/seed/demo-ids.ts), so two fresh databases hold the same rows.
 */
export const DEMO_PRICING = { customer: 'Sunrise Care families', organization: 'Sunrise Care', currency: 'DKK', discountPercentage: 10 } as const;

/** The id of a demo tenant's customer or organization, by name (the organization tree and the customers use these too). */
export const demoRecordId = (tenantId: string, resource: 'customers' | 'organizations', name: string) => demoId(tenantId, resource, name);

export async function seedBillingDemo(db: Db, tenantId: string, caregiverId: string, now: Date): Promise<void> {
  const dyn = db as unknown as DynamicDb;
  const pricingCustomerId = demoRecordId(tenantId, 'customers', DEMO_PRICING.customer);
  const organizationId = demoRecordId(tenantId, 'organizations', DEMO_PRICING.organization);
  await dyn
    .insertInto('customers')
    .values({ id: pricingCustomerId, tenant_id: tenantId, name: DEMO_PRICING.customer, country: 'DK', currency: DEMO_PRICING.currency, discount_percentage: DEMO_PRICING.discountPercentage, concurrency_stamp: demoStamp(pricingCustomerId), creation_time: now })
    .execute();
  await dyn
    .insertInto('organizations')
    .values({ id: organizationId, tenant_id: tenantId, name: DEMO_PRICING.organization, code: 'SUNRISE', city: 'Copenhagen', default_customer_id: pricingCustomerId, concurrency_stamp: demoStamp(organizationId), creation_time: now })
    .execute();

  const user = await db.selectFrom('users').select(['email', 'name', 'surname']).where('id', '=', caregiverId).executeTakeFirstOrThrow();
  const billingCustomerId = demoId(tenantId, 'billing-customer', caregiverId);
  const customer = await db
    .insertInto('billing_customers')
    .values({ id: billingCustomerId, tenant_id: tenantId, user_id: caregiverId, gateway: 'builtin', gateway_customer_id: `cus_demo${caregiverId.slice(0, 8)}`, email: user.email, name: `${user.name} ${user.surname}`, concurrency_stamp: demoStamp(billingCustomerId) })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('billing_cards')
    .values({ id: demoId(customer.id, 'card', '4242'), tenant_id: tenantId, customer_id: customer.id, gateway_card_id: `card_demo${customer.id.slice(0, 8)}`, brand: 'visa', last4: '4242', exp_month: 12, exp_year: now.getUTCFullYear() + 4, is_default: true, charge_decline_code: null })
    .execute();

  const [plan] = PLANS;
  // The list price the host has now (migration 003 wrote the first ones; the back office changes them).
  const listPrice = await db.selectFrom('product_list_prices').select('price').where('product_key', '=', `subscription:${plan}`).where('currency', '=', DEMO_PRICING.currency).executeTakeFirstOrThrow();
  const amount = discounted(Number(listPrice.price), DEMO_PRICING.discountPercentage)!;
  const start = now;
  const end = addPeriod(start, plan!);
  const devices = await db.selectFrom('devices').select(['id', 'name']).where('owner_user_id', '=', caregiverId).orderBy('name').execute();
  for (const device of devices) {
    const id = demoId(customer.id, 'subscription', device.id);
    await db
      .insertInto('billing_subscriptions')
      .values({ id, tenant_id: tenantId, customer_id: customer.id, user_id: caregiverId, device_id: device.id, plan: plan!, status: 'active', amount, currency: DEMO_PRICING.currency, current_period_start: start, current_period_end: end, concurrency_stamp: demoStamp(id) })
      .execute();
    await db.updateTable('devices').set({ subscription_status: 'active' }).where('id', '=', device.id).execute();
    await insertInvoice(db, {
      id: demoId(id, 'invoice', '1'), number: await nextInvoiceNumber(db, start), customer, subscriptionId: id, deviceName: device.name, plan: plan!, total: amount, currency: DEMO_PRICING.currency,
      periodStart: start, periodEnd: end, status: 'paid', gatewayPaymentId: `pay_demo${id.slice(0, 8)}`, failureCode: null, lineText: translate('billing:invoice.line', 'en', { plan: translate('billing:plans.monthly', 'en'), device: device.name }),
    });
  }
}
