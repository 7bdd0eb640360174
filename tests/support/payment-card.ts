/** Gives the signed-in account a default payment card through the billing API (Stripe's good test Visa). */
export async function addDefaultCard(baseUrl: string, token: string): Promise<void> {
  const post = (path: string, body?: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  await post('/api/stripe/customer/create-customer');
  const res = await post('/api/stripe/payment/add-card-to-customer', { card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' } });
  if (res.status !== 200) throw new Error(`adding a card failed: ${res.status} ${await res.text()}`);
}
