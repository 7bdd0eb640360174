import Stripe from 'stripe';
import { isCardErrorCode } from '../../../common/payment-cards';
import type { Config } from '../../config';
import { CardError, GatewayError, type CardSource, type ChargeRequest, type GatewayCard, type PaymentGateway } from './types';

/**
 * The Stripe adapter: the official SDK with the secret key, pointed at config.stripe's host, port
 * and protocol when they are set (tests use a local stand-in of Stripe's API). Every mutating call
 * carries an idempotency key. Cards arrive as PaymentMethods made in the browser by Stripe
 * Elements; card numbers never reach Vigil's server on this gateway.
 */
export function stripeClient(config: Config['stripe']): Stripe {
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    telemetry: false,
    ...(config.apiHost ? { host: config.apiHost, port: config.apiPort, protocol: config.apiProtocol } : {}),
  });
}

/** Money in Stripe's smallest unit (all of Vigil's currencies have 2 decimals). */
const minorUnits = (amount: number) => Math.round(amount * 100);

/** A Stripe failure as the gateway's error: card errors keep their code, the rest is 'Stripe error occurred'. */
function translateError(err: unknown): Error {
  if (err instanceof Stripe.errors.StripeCardError) {
    return new CardError(isCardErrorCode(err.code) ? err.code : 'card_declined', err.decline_code ?? null);
  }
  if (err instanceof Stripe.errors.StripeError) return new GatewayError(`${err.type}: ${err.message}`);
  return err instanceof Error ? new GatewayError(err.message) : new GatewayError(String(err));
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw translateError(err);
  }
}

function cardOf(pm: Stripe.PaymentMethod): GatewayCard {
  if (!pm.card) throw new CardError('card_not_supported');
  return { gatewayCardId: pm.id, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year, chargeDeclineCode: null };
}

export function createStripeGateway(stripe: Stripe): PaymentGateway {
  return {
    name: 'stripe',
    createCustomer: ({ email, name, userId }, idempotencyKey) =>
      call(async () => (await stripe.customers.create({ email, name, metadata: { vigilUserId: userId } }, { idempotencyKey })).id),
    updateCustomer: (customer, { email, name }, idempotencyKey) =>
      call(async () => {
        await stripe.customers.update(customer, { email, name }, { idempotencyKey });
      }),
    attachCard: (customer, source: CardSource, idempotencyKey) => {
      if (!('paymentMethodId' in source)) return Promise.reject(new CardError('invalid_transaction'));
      return call(async () => cardOf(await stripe.paymentMethods.attach(source.paymentMethodId, { customer }, { idempotencyKey })));
    },
    detachCard: (_customer, card, idempotencyKey) =>
      call(async () => {
        await stripe.paymentMethods.detach(card, {}, { idempotencyKey });
      }),
    setDefaultCard: (customer, card, idempotencyKey) =>
      call(async () => {
        await stripe.customers.update(customer, { invoice_settings: { default_payment_method: card } }, { idempotencyKey });
      }),
    chargeInvoice: (charge: ChargeRequest, idempotencyKey) =>
      call(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: minorUnits(charge.amount),
            currency: charge.currency.toLowerCase(),
            customer: charge.gatewayCustomerId,
            payment_method: charge.card.gatewayCardId,
            off_session: true,
            confirm: true,
            description: charge.description,
            metadata: { vigilInvoiceId: charge.invoiceId },
          },
          { idempotencyKey },
        );
        if (intent.status !== 'succeeded') throw new CardError('card_declined', intent.last_payment_error?.decline_code ?? null);
        return intent.id;
      }),
  };
}
