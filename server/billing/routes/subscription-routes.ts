import type {} from '@fastify/swagger';
import { POLICIES } from '../../../common/policies';
import type { BillingContext } from '../context';
import { customerNotFound } from '../errors';
import { findCustomer } from '../service/customers';
import { productsFor } from '../service/pricing';
import { changePlan, listSubscriptions, pauseSubscription, readSubscription, resumeSubscription, startSubscription } from '../service/subscriptions';
import { callerOf, once } from './request-helpers';
import type { Api } from '../../http/route-schemas';
import { GATEWAY_REFUSALS, PLAN_BODY, PRODUCT_LIST, START_BODY, SUBSCRIPTION, SUBSCRIPTION_ID_BODY, SUBSCRIPTION_LIST, SUBSCRIPTION_PARAMS } from './route-schemas';

/**
 * /api/stripe/subscription/*: one subscription per device (SPEC sections 3, 4 and 7). The list and
 * every answer are { id, deviceId, deviceName, plan: 'monthly' | 'annual', status: 'active' |
 * 'paused' | 'canceled', currentPeriodEnd, amount, currency }. POST bodies name the subscription as
 * { subscriptionId }. /api/stripe/products/products lists the plans at the caller's prices.
 */
const READ = POLICIES.billing;
const WRITE = `${POLICIES.billing}.Update`;
const tags = ['billing'];

export async function subscriptionRoutes(app: Api, ctx: BillingContext) {
  const { db } = ctx;
  const base = '/api/stripe/subscription';

  app.get(`${base}/subscriptions`, { config: { policy: READ }, schema: { tags, summary: "The account's device subscriptions", response: { 200: SUBSCRIPTION_LIST } } }, async (request) => {
    const caller = await callerOf(db, request);
    // ABP's unpaged list shape, as every other list here.
    return { items: await listSubscriptions(db, caller.userId) };
  });

  app.post(`${base}/subscriptions`, {
      config: { policy: WRITE },
      schema: { tags, summary: "Start a device's subscription (charges the first period; needs a default card)", body: START_BODY, response: { 200: SUBSCRIPTION, ...GATEWAY_REFUSALS } },
    }, async (request) => {
    const caller = await callerOf(db, request);
    const body = request.body;
    return once(db, request, 'start-subscription', () => startSubscription(ctx, caller, body.deviceId, body.plan));
  });

  app.get(
    `${base}/subscriptions/:customerId/:subscriptionId`,
    { config: { policy: READ }, schema: { tags, summary: 'One subscription of the customer', params: SUBSCRIPTION_PARAMS, response: { 200: SUBSCRIPTION } } },
    async (request) => {
      const caller = await callerOf(db, request);
      const customer = await findCustomer(db, caller.userId);
      if (!customer || customer.gateway_customer_id !== request.params.customerId) throw customerNotFound(caller.lang);
      return readSubscription(db, caller.userId, request.params.subscriptionId, caller.lang);
    },
  );

  app.post(`${base}/pause-subscription`, { config: { policy: WRITE }, schema: { tags, summary: 'Pause a subscription', body: SUBSCRIPTION_ID_BODY, response: { 200: SUBSCRIPTION, ...GATEWAY_REFUSALS } } }, async (request) => {
    const caller = await callerOf(db, request);
    const body = request.body;
    return once(db, request, 'pause-subscription', () => pauseSubscription(ctx, caller, body.subscriptionId));
  });

  app.post(`${base}/resume-subscription`, {
      config: { policy: WRITE },
      schema: { tags, summary: 'Resume (renew) a paused subscription; needs a default card', body: SUBSCRIPTION_ID_BODY, response: { 200: SUBSCRIPTION, ...GATEWAY_REFUSALS } },
    }, async (request) => {
    const caller = await callerOf(db, request);
    const body = request.body;
    return once(db, request, 'resume-subscription', () => resumeSubscription(ctx, caller, body.subscriptionId));
  });

  app.post(`${base}/update-subscription`, {
      config: { policy: WRITE },
      schema: { tags, summary: 'Change the plan (monthly or annual) from the next renewal', body: PLAN_BODY, response: { 200: SUBSCRIPTION, ...GATEWAY_REFUSALS } },
    }, async (request) => {
    const caller = await callerOf(db, request);
    const body = request.body;
    return once(db, request, 'update-subscription', () => changePlan(ctx, caller, body.subscriptionId, body.plan));
  });

  app.get('/api/stripe/products/products', { config: { policy: READ }, schema: { tags, summary: 'The subscription plans at the caller’s prices (discount applied)', response: { 200: PRODUCT_LIST } } }, async (request) => {
    const caller = await callerOf(db, request);
    return { items: await productsFor(db, ctx.engine, caller.tenantId, caller.lang) };
  });
}
