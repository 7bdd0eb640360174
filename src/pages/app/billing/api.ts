import { HttpError } from 'react-admin';
import { pickBillingDetails, type BillingDetails } from '../../../../common/billing-details';
import { isCardErrorCode, type CardErrorCode, type CardInput } from '../../../../common/payment-cards';
import { api, apiFile, type AnswerOf } from '../../../providers/openapi/typedApi';

/** The billing page's calls to /api/stripe/* (server/billing): the session's own account, no tenant filter. */
export type Subscription = AnswerOf<'/api/stripe/subscription/subscriptions'>['items'][number];
export type Plan = Subscription['plan'];
export type Card = AnswerOf<'/api/stripe/payment/list-customer-payment-cards'>['items'][number];
export type Invoice = AnswerOf<'/api/stripe/payment/customer-invoices'>['items'][number];
export type Customer = AnswerOf<'/api/stripe/customer'>;
export type Product = AnswerOf<'/api/stripe/products/products'>['items'][number];
export type Logo = AnswerOf<'/api/stripe/payment/get-payment-logos'>['items'][number];

export type { BillingDetails };

const OWN = { tenant: false } as const;

/** A fresh Idempotency-Key: one per user action, so a repeated click is answered, not acted on twice. */
export const actionKey = (): string => crypto.randomUUID();

/** The options of an action sent under its key. */
const once = (key: string) => ({ ...OWN, headers: { 'Idempotency-Key': key } });

export interface BillingData {
  customer: Customer;
  subscriptions: Subscription[];
  cards: Card[];
  invoices: Invoice[];
  products: Product[];
  logos: Logo[];
}

/** Everything the page shows; the account's payment customer is created on the first visit. */
export async function loadBilling(): Promise<BillingData> {
  let customer: Customer;
  try {
    customer = await api('get', '/api/stripe/customer', OWN);
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 404) throw err;
    customer = await api('post', '/api/stripe/customer/create-customer', once(actionKey()));
  }
  const [subscriptions, cards, invoices, products, logos] = await Promise.all([
    api('get', '/api/stripe/subscription/subscriptions', OWN),
    api('get', '/api/stripe/payment/list-customer-payment-cards', OWN),
    api('get', '/api/stripe/payment/customer-invoices', OWN),
    api('get', '/api/stripe/products/products', OWN),
    api('get', '/api/stripe/payment/get-payment-logos', OWN),
  ]);
  return { customer, subscriptions: subscriptions.items, cards: cards.items, invoices: invoices.items, products: products.items, logos: logos.items };
}

export const pauseSubscription = (subscriptionId: string, key: string) => api('post', '/api/stripe/subscription/pause-subscription', { ...once(key), body: { subscriptionId } });
export const resumeSubscription = (subscriptionId: string, key: string) => api('post', '/api/stripe/subscription/resume-subscription', { ...once(key), body: { subscriptionId } });
export const changePlan = (subscriptionId: string, plan: Plan, key: string) => api('post', '/api/stripe/subscription/update-subscription', { ...once(key), body: { subscriptionId, plan } });
export const addCard = (source: { card: CardInput } | { paymentMethodId: string }, key: string) => api('post', '/api/stripe/payment/add-card-to-customer', { ...once(key), body: source });
export const removeCard = (cardId: string, key: string) => api('post', '/api/stripe/payment/remove-card-from-customer', { ...once(key), body: { cardId } });
export const setDefaultCard = (customerId: string, cardId: string, key: string) => api('post', '/api/stripe/payment/set-default-card/{customerId}/{cardId}', { ...once(key), params: { customerId, cardId } });
/** Sends only the writable fields: the route refuses the customer's read-only ones (id, gateway, ...). */
export const saveBillingDetails = async (details: BillingDetails, key: string): Promise<BillingDetails> =>
  pickBillingDetails(await api('put', '/api/stripe/customer/billing-details', { ...once(key), body: pickBillingDetails(details) }));

export async function downloadInvoice(invoice: Invoice): Promise<void> {
  const { blob } = await apiFile('get', '/api/stripe/payment/download-invoice', { ...OWN, query: { invoiceId: invoice.id } });
  const url = URL.createObjectURL(blob!);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${invoice.number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The card error code of a refused card (the server's `data.cardErrorCode`), if the error is one. */
export function cardErrorCode(err: unknown): CardErrorCode | undefined {
  if (!(err instanceof HttpError)) return undefined;
  const code = (err.body as { data?: { cardErrorCode?: unknown } } | undefined)?.data?.cardErrorCode;
  return isCardErrorCode(code) ? code : undefined;
}

/** The server's message of a failed call (already in the user's language), if any. */
export const errorMessage = (err: unknown): string | undefined => (err instanceof HttpError && err.message ? err.message : undefined);

export const isNoPaymentMethod = (err: unknown) => err instanceof HttpError && (err.body as { code?: string } | undefined)?.code === 'Vigil:Billing.NoPaymentMethod';
