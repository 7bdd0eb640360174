import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { BillingContext } from '../context';
import { CardError } from '../gateway/types';
import { defaultCard } from '../service/cards';
import { insertInvoice, newInvoiceId, nextInvoiceNumber } from '../service/invoices';
import { mailPaymentFailed, mailReceipt } from '../service/mails';
import { addPeriod } from '../service/periods';
import { planPrice } from '../service/pricing';
import { renewalPlan } from '../service/subscriptions';
import { translate } from '../../localization/texts';
import type { BillingCustomersTable, BillingSubscriptionsTable } from '../tables';
import { enqueueJobs, pruneJobs, type NoPayload } from '../../jobs';

/**
 * The billing run. A sweep job (`billing-run`, enqueued once an hour under a unique key) finds the
 * active subscriptions whose paid period has ended and enqueues one `charge-subscription` job per
 * subscription and period. That job charges the default card at the customer's current price
 * (monthly plans once a month, annual once a year; a plan change waiting for this renewal applies
 * here), writes the invoice and mails a receipt. A
 * declined charge leaves an open invoice, mails the account and is retried after 1, 3 and 5 days;
 * after the fourth decline the subscription (and the device) is paused.
 */
export const RETRY_DAYS = [1, 3, 5] as const;
export const MAX_CHARGE_ATTEMPTS = RETRY_DAYS.length + 1;
const DAY_MS = 24 * 3_600_000;

export type JobOutcome = { done: true } | { retryAt: Date; note: string };

export const BILLING_RUN = 'billing-run';
export const CHARGE_SUBSCRIPTION = 'charge-subscription';

declare module '../../jobs/catalogue' {
  interface JobPayloads {
    [BILLING_RUN]: NoPayload;
    /** One due period of one subscription. */
    [CHARGE_SUBSCRIPTION]: { subscriptionId: string };
  }
}
const HOUR_MS = 3_600_000;

/** Enqueues the sweep for the hour of `at` (a no-op when another node already did). */
export async function scheduleBillingRun(db: Db, at = new Date()): Promise<void> {
  await enqueueJobs(db, [{ kind: BILLING_RUN, uniqueKey: `billing-run:${at.toISOString().slice(0, 13)}`, runAt: at }]);
}

/** After a sweep: the next hour's, at the start of that hour. */
export async function scheduleNextBillingRun(db: Db, now = new Date()): Promise<void> {
  await scheduleBillingRun(db, new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS));
}

export async function sweepDue(db: Db): Promise<number> {
  const due = await db
    .selectFrom('billing_subscriptions')
    .select(['id', 'current_period_end'])
    .where('status', '=', 'active')
    .where('current_period_end', '<=', new Date())
    .orderBy('current_period_end')
    .limit(10_000)
    .execute();
  let queued = 0;
  for (let i = 0; i < due.length; i += 500) {
    const batch = due.slice(i, i + 500);
    queued += (await enqueueJobs(db, batch.map((s) => ({ kind: CHARGE_SUBSCRIPTION, payload: { subscriptionId: s.id }, uniqueKey: `charge:${s.id}:${s.current_period_end.toISOString()}` })))).length;
  }
  // Finished jobs are kept 60 days for the record.
  await pruneJobs(db, [BILLING_RUN, CHARGE_SUBSCRIPTION], 60 * DAY_MS);
  // Idempotency-Key answers are kept a day: long enough for any retry of the same click.
  await db.deleteFrom('billing_requests').where('creation_time', '<', new Date(Date.now() - DAY_MS)).execute();
  return queued;
}

type Sub = Selectable<BillingSubscriptionsTable>;
type Customer = Selectable<BillingCustomersTable>;

async function pauseForNonPayment(trx: Db, sub: Sub): Promise<void> {
  await trx.updateTable('billing_subscriptions').set({ status: 'paused', paused_time: new Date(), last_modification_time: new Date() }).where('id', '=', sub.id).execute();
  await trx.updateTable('devices').set({ subscription_status: 'paused' }).where('id', '=', sub.device_id).execute();
}

/** Records a declined renewal: one open invoice per period, the attempt counted, the account told. */
async function declined(trx: Db, sub: Sub, customer: Customer, price: { amount: number; currency: string }, start: Date, deviceName: string, code: string): Promise<JobOutcome> {
  const attempts = sub.failed_attempts + 1;
  const open = await trx.selectFrom('billing_invoices').select(['id', 'number']).where('subscription_id', '=', sub.id).where('period_start', '=', start).where('status', '=', 'open').executeTakeFirst();
  let number = open?.number;
  if (open) {
    await trx.updateTable('billing_invoices').set({ failure_code: code }).where('id', '=', open.id).execute();
  } else {
    number = await nextInvoiceNumber(trx, start);
    await insertInvoice(trx, {
      id: newInvoiceId(), number, customer, subscriptionId: sub.id, deviceName, plan: sub.plan, total: price.amount, currency: price.currency,
      periodStart: start, periodEnd: addPeriod(start, sub.plan), status: 'open', gatewayPaymentId: null, failureCode: code,
      lineText: translate('billing:invoice.line', customer.language, { plan: translate(`billing:plans.${sub.plan}`, customer.language), device: deviceName }),
    });
  }
  const giveUp = attempts >= MAX_CHARGE_ATTEMPTS;
  await trx.updateTable('billing_subscriptions').set({ failed_attempts: attempts }).where('id', '=', sub.id).execute();
  if (giveUp) await pauseForNonPayment(trx, sub);
  await mailPaymentFailed(trx, customer, { number: number!, total: price.amount, currency: price.currency }, deviceName, giveUp);
  return giveUp ? { done: true } : { retryAt: new Date(Date.now() + RETRY_DAYS[attempts - 1]! * DAY_MS), note: code };
}

/** Charges one due period of one subscription. */
export async function chargeSubscription(ctx: BillingContext, subscriptionId: string): Promise<JobOutcome> {
  return ctx.db.transaction().execute(async (trx): Promise<JobOutcome> => {
    const sub = await trx.selectFrom('billing_subscriptions').selectAll().where('id', '=', subscriptionId).forUpdate().executeTakeFirst();
    if (!sub || sub.status !== 'active' || sub.current_period_end > new Date()) return { done: true };
    const device = await trx.selectFrom('devices').select(['name', 'is_deleted', 'owner_user_id']).where('id', '=', sub.device_id).executeTakeFirst();
    // A watch that was removed, or is no longer the subscriber's, is not charged: its subscription ends.
    if (!device || device.is_deleted || device.owner_user_id !== sub.user_id) {
      await trx.updateTable('billing_subscriptions').set({ status: 'canceled', canceled_time: new Date() }).where('id', '=', sub.id).execute();
      return { done: true };
    }
    const customer = await trx.selectFrom('billing_customers').selectAll().where('id', '=', sub.customer_id).executeTakeFirstOrThrow();
    // A plan change waiting for this renewal applies now: the new period is on the new plan, at its price.
    const plan = renewalPlan(sub);
    const renewal = { ...sub, plan };
    const price = await planPrice(trx, ctx.engine, sub.tenant_id, plan);
    const start = sub.current_period_end;
    const end = addPeriod(start, plan);
    const card = await defaultCard(trx, customer.id);
    if (!card) return declined(trx, renewal, customer, price, start, device.name, 'missing_card');
    const invoiceId = newInvoiceId();
    let paymentId: string;
    try {
      paymentId = await ctx.gateway.chargeInvoice(
        {
          gatewayCustomerId: customer.gateway_customer_id,
          card: { gatewayCardId: card.gateway_card_id, expMonth: card.exp_month, expYear: card.exp_year, chargeDeclineCode: card.charge_decline_code },
          amount: price.amount, currency: price.currency, description: `${device.name}: ${plan}`, invoiceId,
        },
        `renewal:${sub.id}:${start.toISOString()}:${sub.failed_attempts}`,
      );
    } catch (err) {
      if (err instanceof CardError) return declined(trx, renewal, customer, price, start, device.name, err.code);
      throw err;
    }
    const open = await trx.selectFrom('billing_invoices').select(['id', 'number']).where('subscription_id', '=', sub.id).where('period_start', '=', start).where('status', '=', 'open').executeTakeFirst();
    let number: string;
    if (open) {
      number = open.number;
      await trx.updateTable('billing_invoices').set({ status: 'paid', paid_time: new Date(), gateway_payment_id: paymentId, failure_code: null }).where('id', '=', open.id).execute();
    } else {
      number = await nextInvoiceNumber(trx, start);
      await insertInvoice(trx, {
        id: invoiceId, number, customer, subscriptionId: sub.id, deviceName: device.name, plan, total: price.amount, currency: price.currency,
        periodStart: start, periodEnd: end, status: 'paid', gatewayPaymentId: paymentId, failureCode: null,
        lineText: translate('billing:invoice.line', customer.language, { plan: translate(`billing:plans.${plan}`, customer.language), device: device.name }),
      });
    }
    await trx
      .updateTable('billing_subscriptions')
      .set({ plan, next_plan: null, current_period_start: start, current_period_end: end, amount: price.amount, currency: price.currency, failed_attempts: 0, last_modification_time: new Date() })
      .where('id', '=', sub.id)
      .execute();
    await mailReceipt(trx, customer, { number, total: price.amount, currency: price.currency, periodEnd: end }, device.name);
    return { done: true };
  });
}
