import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context';

/** Billing over one payment gateway interface (built-in or Stripe): /api/stripe/*, the monthly billing run. */
export async function billingModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  void app;
  void ctx;
}
