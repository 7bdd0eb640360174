import type { Page } from 'playwright-core';

/**
 * A stand-in for Stripe.js and its card Element, served to a test browser at Stripe's own origins
 * (https://js.stripe.com, https://api.stripe.com) by Playwright routes, since the real ones cannot
 * be reached here. It keeps what matters for where card data goes: the card fields live in an
 * iframe of js.stripe.com (another origin than Vigil's page, which cannot read them), and
 * `createPaymentMethod` asks that iframe to send the card to api.stripe.com, answered by the local
 * Stripe API stand-in (stripe-stand-in.ts); the page gets back only the PaymentMethod's id.
 */
const STRIPE_JS = String.raw`
(() => {
  let frameSeq = 0;
  function Stripe(key) {
    const pending = new Map();
    window.addEventListener('message', (event) => {
      if (event.origin !== 'https://js.stripe.com' || !event.data || !pending.has(event.data.reply)) return;
      pending.get(event.data.reply)(event.data.result);
      pending.delete(event.data.reply);
    });
    const elementsOf = () => {
      const made = new Map();
      return {
        create(type) {
          const handlers = {};
          const frame = document.createElement('iframe');
          frame.name = '__privateStripeFrame' + ++frameSeq;
          frame.title = 'Secure card payment input frame';
          frame.src = 'https://js.stripe.com/v3/elements-inner-card.html?key=' + encodeURIComponent(key);
          frame.style.cssText = 'border:0;width:100%;height:120px';
          frame.addEventListener('load', () => (handlers.ready || []).forEach((h) => h({ elementType: type })));
          const element = {
            frame,
            mount(node) { (typeof node === 'string' ? document.querySelector(node) : node).appendChild(frame); },
            unmount() { frame.remove(); },
            destroy() { frame.remove(); },
            on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
            off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return element; },
            once(event, handler) { return element.on(event, handler); },
            update() {}, focus() {}, blur() {}, clear() {},
          };
          made.set(type, element);
          return element;
        },
        getElement(type) { return made.get(typeof type === 'string' ? type : 'card') || null; },
        update() {}, fetchUpdates() { return Promise.resolve({}); }, submit() { return Promise.resolve({}); },
      };
    };
    const ask = (element) => new Promise((resolve) => {
      const reply = 'r' + Math.random().toString(36).slice(2);
      pending.set(reply, resolve);
      element.frame.contentWindow.postMessage({ createPaymentMethod: reply }, 'https://js.stripe.com');
    });
    return {
      version: 'endive',
      elements: elementsOf,
      createPaymentMethod: (options) => ask(options.card || options.element),
      createToken: () => Promise.reject(new Error('not in the stand-in')),
      confirmCardPayment: () => Promise.reject(new Error('not in the stand-in')),
      _registerWrapper() {},
      registerAppInfo() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

const CARD_FRAME = String.raw`<!doctype html>
<html lang="en"><body>
<label>Card number <input name="cardnumber" autocomplete="cc-number"></label>
<label>MM / YY <input name="exp-date" autocomplete="cc-exp"></label>
<label>CVC <input name="cvc" autocomplete="cc-csc"></label>
<script>
  const key = new URLSearchParams(location.search).get('key');
  window.addEventListener('message', async (event) => {
    if (!event.data || !event.data.createPaymentMethod) return;
    const value = (name) => document.querySelector('[name="' + name + '"]').value;
    const [month, year] = value('exp-date').split('/').map((s) => s.trim());
    const form = new URLSearchParams({ type: 'card', 'card[number]': value('cardnumber').replace(/\s/g, ''), 'card[exp_month]': month, 'card[exp_year]': '20' + year, 'card[cvc]': value('cvc') });
    const res = await fetch('https://api.stripe.com/v1/payment_methods', { method: 'POST', headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    const body = await res.json();
    const result = res.ok ? { paymentMethod: body } : { error: body.error };
    event.source.postMessage({ reply: event.data.createPaymentMethod, result }, event.origin);
  });
</script>
</body></html>`;

/** Serves the Stripe.js stand-in to `page`, with api.stripe.com answered by the Stripe API stand-in on `apiPort`. */
export async function routeStripeJs(page: Page, apiPort: number): Promise<void> {
  await page.route('https://js.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/elements-inner-card.html')) return route.fulfill({ status: 200, contentType: 'text/html', body: CARD_FRAME });
    return route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS });
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const cors = { 'access-control-allow-origin': 'https://js.stripe.com', 'access-control-allow-headers': 'authorization, content-type' };
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const answer = await fetch(`http://127.0.0.1:${apiPort}${url.pathname}`, { method: request.method(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: request.postData() ?? undefined });
    return route.fulfill({ status: answer.status, headers: { ...cors, 'content-type': 'application/json' }, body: await answer.text() });
  });
}
