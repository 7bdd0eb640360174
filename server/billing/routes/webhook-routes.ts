import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { ANONYMOUS } from '../../permissions/guard';
import { badRequest } from '../../http/errors';
import { translate } from '../../localization/texts';
import type { Db } from '../../db/database';

/**
 * POST /api/stripe/webhook: Stripe's signed events. Anonymous (Stripe has no Vigil account) but
 * every event must carry a valid Stripe-Signature over the raw body (stripe.webhooks.constructEvent
 * with the webhook secret); anything else is a 400 and changes nothing. Handled events keep
 * Vigil's copy in step with what happened at Stripe outside a request:
 * - payment_intent.succeeded: the invoice it paid becomes paid;
 * - payment_intent.payment_failed: the invoice keeps the failure code;
 * - payment_method.detached: the card is removed (e.g. removed in Stripe's dashboard).
 */
export async function webhookRoutes(app: FastifyInstance, opts: { db: Db; stripe: Stripe; secret: string }) {
  const { db, stripe, secret } = opts;
  // The signature covers the exact bytes Stripe sent: keep the body raw in this plugin only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/stripe/webhook', { config: { policy: ANONYMOUS }, schema: { tags: ['billing'], summary: 'Stripe webhook (signed events)' } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    const raw = request.body;
    let event: Stripe.Event;
    try {
      if (!secret || typeof signature !== 'string' || !Buffer.isBuffer(raw)) throw new Error('unsigned');
      event = stripe.webhooks.constructEvent(raw, signature, secret);
    } catch {
      throw badRequest(translate('billing:errors.webhookSignature', request.language), undefined, 'Vigil:Billing.WebhookSignature');
    }
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        const invoiceId = intent.metadata?.vigilInvoiceId;
        if (invoiceId) {
          await db.updateTable('billing_invoices').set({ status: 'paid', paid_time: new Date(), gateway_payment_id: intent.id, failure_code: null }).where('id', '=', invoiceId).where('status', '=', 'open').execute();
        }
        break;
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const invoiceId = intent.metadata?.vigilInvoiceId;
        const code = intent.last_payment_error?.code ?? 'card_declined';
        if (invoiceId) await db.updateTable('billing_invoices').set({ failure_code: code }).where('id', '=', invoiceId).where('status', '=', 'open').execute();
        break;
      }
      case 'payment_method.detached': {
        const pm = event.data.object;
        await db.deleteFrom('billing_cards').where('gateway_card_id', '=', pm.id).execute();
        break;
      }
      default:
        break;
    }
    return { received: true, type: event.type };
  });
}
