import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import type { BillingContext } from './context';
import { createBuiltinGateway } from './gateway/builtin';
import { createStripeGateway, stripeClient } from './gateway/stripe';
import { billingJobKinds } from './jobs/worker';
import { scheduleBillingRun } from './jobs/billing-run';
import { customerRoutes } from './routes/customer-routes';
import { paymentRoutes } from './routes/payment-routes';
import { subscriptionRoutes } from './routes/subscription-routes';
import { webhookRoutes } from './routes/webhook-routes';
import { logFailure } from '../db/health';
import { paymentGateway } from '../config';

/**
 * Billing over one payment gateway interface: Stripe when STRIPE_SECRET_KEY is set (or PAYMENTS=stripe),
 * otherwise the built-in gateway (PAYMENTS=builtin names it; off loopback it must be named). Routes /api/stripe/* (SPEC section 7), the signed webhook, and the billing
 * worker (when config.workers) that runs the queued billing jobs.
 */
export async function billingModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const stripe = paymentGateway(ctx.config) === 'stripe' ? stripeClient(ctx.config.stripe) : undefined;
  const billing: BillingContext = { db: ctx.db, engine: ctx.engine, gateway: stripe ? createStripeGateway(stripe) : createBuiltinGateway() };
  await paymentRoutes(app, billing);
  await customerRoutes(app, billing);
  await subscriptionRoutes(app, billing);
  if (stripe) await app.register(webhookRoutes, { db: ctx.db, stripe, secret: ctx.config.stripe.webhookSecret });

  // The billing jobs run on the node's job queue (server/jobs); this hour's run is enqueued at start
  // (once over all nodes) and each run enqueues the next hour's.
  for (const kind of billingJobKinds(billing)) ctx.jobs.registerJobKind(kind);
  if (!ctx.config.workers) return;
  app.addHook('onReady', async () => {
    await scheduleBillingRun(ctx.db).catch((err: unknown) => logFailure(app.log, err, 'billing run could not be scheduled'));
  });
}
