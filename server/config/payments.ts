import { isLoopback } from './loopback';

/** The payment gateway, and whether the operator chose it (Config['payments']). */
export interface Payments {
  gateway: 'builtin' | 'stripe';
  chosen: boolean;
}

/** PAYMENTS: 'builtin' or 'stripe' when named; unset picks Stripe when STRIPE_SECRET_KEY is set. */
export function payments(value: string | undefined, stripeSecretKey: string | undefined, demo: boolean): Payments {
  const named = (value ?? '').trim().toLowerCase();
  if (named && named !== 'builtin' && named !== 'stripe') throw new Error(`PAYMENTS must be builtin or stripe, not "${value}"`);
  if (named === 'stripe' && !stripeSecretKey) throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET): see README, Configuration.');
  const gateway = named === 'builtin' ? 'builtin' : named === 'stripe' || stripeSecretKey ? 'stripe' : 'builtin';
  return { gateway, chosen: named !== '' || (gateway === 'builtin' && demo) };
}

/** The gateway billing runs on: the one PAYMENTS names, else Stripe when a secret key is set. */
export function paymentGateway(config: { payments: Payments; stripe: { secretKey: string } }): 'builtin' | 'stripe' {
  return config.payments.chosen ? config.payments.gateway : config.stripe.secretKey ? 'stripe' : 'builtin';
}

/**
 * Why this configuration must not start, if it must not: the built-in gateway on an address others
 * can reach without the operator having chosen it. Carers there would think they paid, while no
 * money moves.
 */
export function paymentsProblem(config: { host: string; payments: Payments }): string | undefined {
  if (config.payments.gateway !== 'builtin' || config.payments.chosen || isLoopback(config.host)) return undefined;
  return [
    `Vigil does not start: HOST=${config.host} can be reached from other machines, and without STRIPE_SECRET_KEY payments would go`,
    'through the built-in test gateway, which accepts only test cards and moves no money.',
    'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for real payments, or PAYMENTS=builtin (or DEMO=true) to run the test gateway on purpose.',
  ].join('\n');
}
