import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { DEMO_TENANT } from '../../server/seed/demo';
import { normalize } from '../../server/identity/user-records';
import { launchBrowser, signInAs } from '../support/browser';
import { createTenantUser } from '../support/fixtures';
import { routeStripeJs } from '../support/stripe-js-stand-in';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import type { TestServer } from '../support/server';
import { startWebServer } from '../support/web-server';

/**
 * With Stripe, card data goes to Stripe only (Elements): a carer adds a card on a 360 px phone;
 * the number is typed into Stripe's card frame and sent to Stripe's API (the local stand-ins of
 * Stripe.js and of the API), and no request body that reaches Vigil's server holds it.
 */
describe('a card added with Stripe Elements', () => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const WAIT = { timeout: 20_000 };
  /** Every request body the browser sent to Vigil's origin, from the page and any frame. */
  const toVigil: { url: string; body: string }[] = [];

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    [server, browser] = await Promise.all([
      startWebServer('', {
        workers: false,
        stripePublishableKey: 'pk_test_stand_in',
        stripe: { secretKey: 'sk_test_stand_in', webhookSecret: 'whsec_stand_in', apiHost: '127.0.0.1', apiPort: stripe.port, apiProtocol: 'http' },
      }),
      launchBrowser(),
    ]);
    const tenantId = (await server.database.db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow()).id;
    const carer = await createTenantUser(server.database.db, { tenantId, userName: 'elements-carer', role: 'Plug and Play User', policies: CAREGIVER_POLICIES });
    context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'en-GB' });
    page = await context.newPage();
    await routeStripeJs(page, stripe.port);
    page.on('request', (request) => {
      if (request.url().startsWith(server.url)) toVigil.push({ url: request.url(), body: request.postData() ?? '' });
    });
    await signInAs(page, server.url, carer.userName, carer.password, '/subscription/billing');
    await page.getByRole('heading', { name: 'Payment methods' }).waitFor(WAIT);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await stripe?.stop();
  });

  it('sends the number to Stripe only; Vigil gets a PaymentMethod id, and the card shows its last digits', async () => {
    // Money moves with Stripe: no test-payments notice.
    expect(await page.getByTestId('test-payments').count()).toBe(0);
    await page.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    const frame = page.frameLocator('iframe[title="Secure card payment input frame"]');
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await frame.getByLabel('MM / YY').fill('12 / 34');
    await frame.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    await page.getByText(/ending in 4242/).first().waitFor(WAIT);

    // Stripe got the card from its own frame; Vigil attached the PaymentMethod by its id.
    const made = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_methods');
    expect(made).toHaveLength(1);
    expect(made[0]!.body['card[number]']).toBe('4242424242424242');
    const attach = stripe.requests.find((r) => /^\/v1\/payment_methods\/pm_\w+\/attach$/.test(r.path));
    expect(attach?.path).toContain('pm_standin');
    const added = toVigil.filter((r) => r.url.includes('/api/stripe/payment/add-card-to-customer'));
    expect(added).toHaveLength(1);
    expect(JSON.parse(added[0]!.body)).toEqual({ paymentMethodId: expect.stringMatching(/^pm_standin/) });

    // No body sent to Vigil holds the number, spaced or not, nor its security code field.
    expect(toVigil.length).toBeGreaterThan(0);
    for (const { url, body } of toVigil) {
      expect(body.replace(/[\s-]/g, ''), url).not.toContain('4242424242424242');
      expect(body, url).not.toMatch(/"cvc"/);
    }
  });
});
