import { describe, expect, it } from 'vitest';
import { loadConfig, paymentGateway, paymentsProblem } from '../../server/config';

/** PAYMENTS and the built-in gateway off loopback (server/config.ts), as read at start. */
describe('PAYMENTS setting', () => {
  const at = (env: Record<string, string>) => loadConfig({ DATA_DIR: 'memory://', ...env });

  it('runs the built-in gateway on loopback without asking, and Stripe when a secret key is set', () => {
    const local = at({});
    expect(paymentGateway(local)).toBe('builtin');
    expect(paymentsProblem(local)).toBeUndefined();
    for (const HOST of ['localhost', '::1', '127.0.0.1']) expect(paymentsProblem(at({ HOST }))).toBeUndefined();
    const stripe = at({ HOST: '0.0.0.0', STRIPE_SECRET_KEY: 'sk_live_x' });
    expect(paymentGateway(stripe)).toBe('stripe');
    expect(paymentsProblem(stripe)).toBeUndefined();
  });

  it('refuses the built-in gateway on a reachable address unless PAYMENTS=builtin or DEMO=true chose it, saying why', () => {
    const problem = paymentsProblem(at({ HOST: '0.0.0.0' }));
    expect(problem).toMatch(/HOST=0\.0\.0\.0 can be reached from other machines/);
    expect(problem).toMatch(/moves no money/);
    expect(problem).toMatch(/STRIPE_SECRET_KEY/);
    expect(problem).toMatch(/PAYMENTS=builtin \(or DEMO=true\)/);
    expect(paymentsProblem(at({ HOST: '192.0.2.10' }))).toBeDefined();
    expect(paymentsProblem(at({ HOST: '0.0.0.0', PAYMENTS: 'builtin' }))).toBeUndefined();
    expect(paymentsProblem(at({ HOST: '0.0.0.0', DEMO: 'true' }))).toBeUndefined();
    // Named, the built-in gateway runs even with a key set.
    expect(paymentGateway(at({ PAYMENTS: 'builtin', STRIPE_SECRET_KEY: 'sk_test_x' }))).toBe('builtin');
  });

  it('refuses a PAYMENTS value it does not know, and PAYMENTS=stripe without a key', () => {
    expect(() => at({ PAYMENTS: 'paypal' })).toThrow(/PAYMENTS must be builtin or stripe/);
    expect(() => at({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(paymentGateway(at({ PAYMENTS: 'Stripe', STRIPE_SECRET_KEY: 'sk_test_x' }))).toBe('stripe');
  });
});
