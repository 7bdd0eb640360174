import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';
import type { BillingContext } from './context';
import { createBuiltinGateway } from './gateway/builtin';
import { createStripeGateway, stripeClient } from './gateway/stripe';
import { runDueJobs } from './jobs/worker';
import { customerRoutes } from './routes/customer-routes';
import { paymentRoutes } from './routes/payment-routes';
import { subscriptionRoutes } from './routes/subscription-routes';
import { webhookRoutes } from './routes/webhook-routes';
import { logFailure } from '../db/health';

/** How often the billing worker looks for due jobs (the billing run itself is enqueued hourly). */
const POLL_MS = 30_000;

/**
 * Billing over one payment gateway interface: Stripe when STRIPE_SECRET_KEY is set, otherwise the
 * built-in gateway. Routes /api/stripe/* (SPEC section 7), the signed webhook, and the billing
 * worker (when config.workers) that runs the queued billing jobs.
 */
export async function billingModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const stripe = ctx.config.stripe.secretKey ? stripeClient(ctx.config.stripe) : undefined;
  const billing: BillingContext = { db: ctx.db, engine: ctx.engine, gateway: stripe ? createStripeGateway(stripe) : createBuiltinGateway() };
  await paymentRoutes(app, billing);
  await customerRoutes(app, billing);
  await subscriptionRoutes(app, billing);
  if (stripe) await app.register(webhookRoutes, { db: ctx.db, stripe, secret: ctx.config.stripe.webhookSecret });

  if (!ctx.config.workers) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = (): void => {
    if (stopped || running) return;
    running = runDueJobs(billing)
      .then(() => undefined)
      .catch((err: unknown) => logFailure(app.log, err, 'billing run failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, POLL_MS);
      });
  };
  app.addHook('onReady', async () => tick());
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
