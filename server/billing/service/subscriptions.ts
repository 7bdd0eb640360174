import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../http/errors';
import { translate } from '../../localization/texts';
import { toAmount } from '../../resource-extensions/products/money';
import type { BillingContext } from '../context';
import { gatewayCall, noPaymentMethod } from '../errors';
import type { BillingSubscriptionsTable, Plan, SubscriptionStatus } from '../tables';
import { defaultCard } from './cards';
import { findCustomer, type CustomerRow } from './customers';
import { insertInvoice, newInvoiceId, nextInvoiceNumber } from './invoices';
import { mailReceipt, mailStatusChange } from './mails';
import { addPeriod } from './periods';
import { planPrice } from './pricing';

/**
 * A device's subscription: started with a paid first period, paused and resumed, plan changed.
 * Each change locks its row (the device's, for a start) and checks the state first, so a double
 * click acts once: the second request finds the work done and answers the same state. The
 * device's subscription_status changes in the same transaction. A charge happens inside that
 * transaction and a refused card rolls everything back.
 */
export type SubscriptionRow = Selectable<BillingSubscriptionsTable>;

export interface Caller {
  userId: string;
  tenantId: string | null;
  lang: string;
}

export const subscriptionDto = (s: SubscriptionRow, deviceName: string | null) => ({
  id: s.id,
  deviceId: s.device_id,
  deviceName,
  plan: s.plan,
  /** A plan change that applies at the next renewal, on currentPeriodEnd; null when none waits. */
  nextPlan: s.next_plan,
  status: s.status,
  currentPeriodEnd: s.current_period_end.toISOString(),
  amount: toAmount(s.amount)!,
  currency: s.currency,
});

export type SubscriptionDto = ReturnType<typeof subscriptionDto>;

export async function listSubscriptions(db: Db, userId: string): Promise<SubscriptionDto[]> {
  const rows = await db
    .selectFrom('billing_subscriptions as s')
    .leftJoin('devices as d', 'd.id', 's.device_id')
    .selectAll('s')
    .select('d.name as device_name')
    .where('s.user_id', '=', userId)
    .orderBy('d.name')
    .orderBy('s.creation_time', 'desc')
    .execute();
  return rows.map((r) => subscriptionDto(r, r.device_name));
}

const deviceName = async (db: Db, deviceId: string) => (await db.selectFrom('devices').select('name').where('id', '=', deviceId).executeTakeFirst())?.name ?? '';

export async function readSubscription(db: Db, userId: string, id: string, lang: string): Promise<SubscriptionDto> {
  const row = await db.selectFrom('billing_subscriptions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound(translate('billing:errors.subscriptionNotFound', lang));
  return subscriptionDto(row, await deviceName(db, row.device_id));
}

async function setDeviceStatus(db: Db, deviceId: string, status: 'active' | 'paused'): Promise<void> {
  await db.updateTable('devices').set({ subscription_status: status }).where('id', '=', deviceId).execute();
}

const planText = (plan: Plan, lang: string) => translate(`billing:plans.${plan}`, lang);

/** Charges one period on the default card and writes its paid invoice and receipt, in the caller's transaction. */
async function chargePeriod(ctx: BillingContext, trx: Db, customer: CustomerRow, sub: { id: string; device_id: string; plan: Plan }, price: { amount: number; currency: string }, start: Date, lang: string) {
  const card = await defaultCard(trx, customer.id);
  if (!card) throw noPaymentMethod(lang);
  const end = addPeriod(start, sub.plan);
  const name = await deviceName(trx, sub.device_id);
  const invoiceId = newInvoiceId();
  const paymentId = await gatewayCall(lang, () =>
    ctx.gateway.chargeInvoice(
      {
        gatewayCustomerId: customer.gateway_customer_id,
        card: { gatewayCardId: card.gateway_card_id, expMonth: card.exp_month, expYear: card.exp_year, chargeDeclineCode: card.charge_decline_code },
        amount: price.amount,
        currency: price.currency,
        description: `${name}: ${planText(sub.plan, 'en')}`,
        invoiceId,
      },
      `charge:${sub.id}:${start.toISOString()}`,
    ),
  );
  const number = await nextInvoiceNumber(trx, start);
  const invoice = await insertInvoice(trx, {
    id: invoiceId, number, customer, subscriptionId: sub.id, deviceName: name, plan: sub.plan, total: price.amount, currency: price.currency,
    periodStart: start, periodEnd: end, status: 'paid', gatewayPaymentId: paymentId, failureCode: null,
    lineText: translate('billing:invoice.line', customer.language, { plan: planText(sub.plan, customer.language), device: name }),
  });
  await mailReceipt(trx, customer, { number, total: price.amount, currency: price.currency, periodEnd: end }, name);
  return { end, invoice };
}

/** Starts a device's subscription: the first period is charged at once. A device with a live subscription gets it back. */
export async function startSubscription(ctx: BillingContext, caller: Caller, deviceId: string, plan: Plan): Promise<SubscriptionDto> {
  const { lang } = caller;
  const customer = await findCustomer(ctx.db, caller.userId);
  if (!customer) throw noPaymentMethod(lang);
  return ctx.db.transaction().execute(async (trx) => {
    let deviceQuery = trx.selectFrom('devices').select(['id', 'name']).where('id', '=', deviceId).where('owner_user_id', '=', caller.userId).where('is_deleted', '=', false);
    deviceQuery = caller.tenantId === null ? deviceQuery.where('tenant_id', 'is', null) : deviceQuery.where('tenant_id', '=', caller.tenantId);
    const device = await deviceQuery.forUpdate().executeTakeFirst();
    if (!device) throw notFound(translate('billing:errors.deviceNotFound', lang));
    const live = await trx.selectFrom('billing_subscriptions').selectAll().where('device_id', '=', deviceId).where('status', '<>', 'canceled').executeTakeFirst();
    if (live) return subscriptionDto(live, device.name);
    const price = await planPrice(trx, ctx.engine, caller.tenantId, plan);
    const id = randomUUID();
    const start = new Date();
    const sub = await trx
      .insertInto('billing_subscriptions')
      .values({
        id, tenant_id: customer.tenant_id, customer_id: customer.id, user_id: caller.userId, device_id: deviceId, plan, status: 'active',
        amount: price.amount, currency: price.currency, current_period_start: start, current_period_end: addPeriod(start, plan), concurrency_stamp: randomUUID(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // A refused card throws here and the transaction leaves no subscription behind.
    await chargePeriod(ctx, trx, customer, sub, price, start, lang);
    await setDeviceStatus(trx, deviceId, 'active');
    return subscriptionDto(sub, device.name);
  });
}

/** The caller's subscription, locked for the rest of the transaction; 404 when it is not theirs. */
async function lockOwn(trx: Db, caller: Caller, id: string): Promise<SubscriptionRow> {
  const sub = await trx.selectFrom('billing_subscriptions').selectAll().where('id', '=', id).where('user_id', '=', caller.userId).forUpdate().executeTakeFirst();
  if (!sub) throw notFound(translate('billing:errors.subscriptionNotFound', caller.lang));
  if (sub.status === 'canceled') throw forbidden(translate('billing:errors.subscriptionCanceled', caller.lang), 'Vigil:Billing.SubscriptionCanceled');
  return sub;
}

async function update(trx: Db, id: string, changes: Partial<Omit<SubscriptionRow, 'id' | 'creation_time'>> & { status?: SubscriptionStatus }) {
  return trx
    .updateTable('billing_subscriptions')
    .set({ ...changes, amount: changes.amount === undefined ? undefined : Number(changes.amount), concurrency_stamp: randomUUID(), last_modification_time: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Pauses: no further charges; the paid period is kept. Pausing a paused subscription changes nothing. */
export async function pauseSubscription(ctx: BillingContext, caller: Caller, id: string): Promise<SubscriptionDto> {
  return ctx.db.transaction().execute(async (trx) => {
    const sub = await lockOwn(trx, caller, id);
    const name = await deviceName(trx, sub.device_id);
    if (sub.status === 'paused') return subscriptionDto(sub, name);
    const paused = await update(trx, sub.id, { status: 'paused', paused_time: new Date() });
    await setDeviceStatus(trx, sub.device_id, 'paused');
    const customer = await trx.selectFrom('billing_customers').selectAll().where('id', '=', sub.customer_id).executeTakeFirstOrThrow();
    await mailStatusChange(trx, customer, 'paused', name);
    return subscriptionDto(paused, name);
  });
}

/** The plan the next period is charged on: a waiting plan change, else the plan in force. */
export const renewalPlan = (sub: Pick<SubscriptionRow, 'plan' | 'next_plan'>): Plan => sub.next_plan ?? sub.plan;

/**
 * Resumes (renews) a paused subscription; needs a default card. Within the paid period it simply
 * becomes active and nothing is charged; after it, a new period starts now and is charged through
 * the gateway at today's price of the renewal plan (a waiting plan change applies), with its paid
 * invoice and receipt. Resuming an active one changes nothing.
 */
export async function resumeSubscription(ctx: BillingContext, caller: Caller, id: string): Promise<SubscriptionDto> {
  const { lang } = caller;
  const customer = await findCustomer(ctx.db, caller.userId);
  if (!customer || !(await defaultCard(ctx.db, customer.id))) throw noPaymentMethod(lang);
  return ctx.db.transaction().execute(async (trx) => {
    const sub = await lockOwn(trx, caller, id);
    const name = await deviceName(trx, sub.device_id);
    if (sub.status === 'active') return subscriptionDto(sub, name);
    const now = new Date();
    let resumed: SubscriptionRow;
    if (sub.current_period_end > now) {
      resumed = await update(trx, sub.id, { status: 'active', paused_time: null });
    } else {
      const plan = renewalPlan(sub);
      const price = await planPrice(trx, ctx.engine, sub.tenant_id, plan);
      const { end } = await chargePeriod(ctx, trx, customer, { ...sub, plan }, price, now, lang);
      resumed = await update(trx, sub.id, { status: 'active', paused_time: null, plan, next_plan: null, amount: price.amount, currency: price.currency, current_period_start: now, current_period_end: end, failed_attempts: 0 });
    }
    await setDeviceStatus(trx, sub.device_id, 'active');
    await mailStatusChange(trx, customer, 'resumed', name);
    return subscriptionDto(resumed, name);
  });
}

/**
 * Changes the plan from the next renewal: the plan in force and its paid period stay, the new one
 * waits as next_plan until the renewal (billing run or a renewal after the paid period) applies it
 * at its price then. Choosing the plan in force again withdraws a waiting change.
 */
export async function changePlan(ctx: BillingContext, caller: Caller, id: string, plan: Plan): Promise<SubscriptionDto> {
  return ctx.db.transaction().execute(async (trx) => {
    const sub = await lockOwn(trx, caller, id);
    const name = await deviceName(trx, sub.device_id);
    const next = plan === sub.plan ? null : plan;
    if (sub.next_plan === next) return subscriptionDto(sub, name);
    return subscriptionDto(await update(trx, sub.id, { next_plan: next }), name);
  });
}

export { chargePeriod };
