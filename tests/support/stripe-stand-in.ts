import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Stripe's API that Vigil's Stripe adapter calls, so the real
 * `stripe` SDK can be tested through its host, port and protocol options. It answers like Stripe
 * (objects and error bodies) for Stripe's test PaymentMethods and records every request: method,
 * path, Idempotency-Key and the form-encoded body as flat key/value pairs.
 *
 * PaymentMethods: pm_card_visa (Visa 4242), pm_card_mastercard (4444), pm_card_chargeDeclined
 * (card_declined when attached), pm_card_chargeDeclinedOnCharge (attaches, declines when charged),
 * pm_stand_in_error (an invalid_request_error, not a card error).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, string>;
}

const CARDS: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclinedOnCharge: { brand: 'visa', last4: '0341' },
};

const cardError = (code: string, declineCode: string) => ({ status: 402, body: { error: { type: 'card_error', code, decline_code: declineCode, message: 'Your card was declined.' } } });

export interface StripeStandIn {
  port: number;
  requests: RecordedRequest[];
  stop(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  let serial = 0;
  const next = (prefix: string) => `${prefix}_standin${++serial}`;
  const paymentMethods = new Map<string, string | null>();
  /** PaymentMethods made from a typed card (POST /v1/payment_methods, as Stripe.js sends it from Elements). */
  const created = new Map<string, { brand: string; last4: string }>();

  const answer = (req: RecordedRequest): { status: number; body: unknown } => {
    const { method, path, body } = req;
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: { id: next('cus'), object: 'customer', email: body.email, name: body.name, metadata: {} } };
    if (method === 'POST' && (m = /^\/v1\/customers\/(cus_\w+)$/.exec(path))) return { status: 200, body: { id: m[1], object: 'customer', email: body.email ?? null, name: body.name ?? null } };
    if (method === 'POST' && path === '/v1/payment_methods') {
      const number = (body['card[number]'] ?? '').replace(/\D/g, '');
      if (number === '4000000000000002') return cardError('card_declined', 'generic_decline');
      if (number.length < 12) return { status: 402, body: { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } } };
      const id = next('pm');
      const card = { brand: number.startsWith('4') ? 'visa' : number.startsWith('5') ? 'mastercard' : 'unknown', last4: number.slice(-4) };
      created.set(id, card);
      return { status: 200, body: { id, object: 'payment_method', type: 'card', customer: null, card: { ...card, exp_month: Number(body['card[exp_month]']), exp_year: Number(body['card[exp_year]']) } } };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/(pm_\w+)\/attach$/.exec(path))) {
      const id = m[1]!;
      if (id === 'pm_card_chargeDeclined') return cardError('card_declined', 'generic_decline');
      if (id === 'pm_stand_in_error') return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such PaymentMethod' } } };
      const card = CARDS[id] ?? created.get(id);
      if (!card) return { status: 400, body: { error: { type: 'invalid_request_error', message: `No such PaymentMethod: '${id}'` } } };
      paymentMethods.set(id, body.customer ?? null);
      return { status: 200, body: { id, object: 'payment_method', type: 'card', customer: body.customer, card: { ...card, exp_month: 12, exp_year: 2034 } } };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/(pm_\w+)\/detach$/.exec(path))) {
      paymentMethods.set(m[1]!, null);
      return { status: 200, body: { id: m[1], object: 'payment_method', customer: null } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (body.payment_method === 'pm_card_chargeDeclinedOnCharge') return cardError('card_declined', 'generic_decline');
      return { status: 200, body: { id: next('pi'), object: 'payment_intent', status: 'succeeded', amount: Number(body.amount), currency: body.currency, metadata: {} } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        body: Object.fromEntries(form.entries()),
      };
      requests.push(recorded);
      const { status, body } = answer(recorded);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${serial}` });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
