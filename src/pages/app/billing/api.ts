import { HttpError } from 'react-admin';
import { httpClient } from '../../../providers/httpClient';
import { pickBillingDetails, type BillingDetails } from '../../../../common/billing-details';
import { isCardErrorCode, type CardErrorCode, type CardInput } from '../../../../common/payment-cards';

/** The billing page's calls to /api/stripe/* (server/billing). */
export type Plan = 'monthly' | 'annual';

export interface Subscription {
  id: string;
  deviceId: string;
  deviceName: string | null;
  plan: Plan;
  status: 'active' | 'paused' | 'canceled';
  currentPeriodEnd: string;
  amount: number;
  currency: string;
}

export interface Card {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

export interface Invoice {
  id: string;
  number: string;
  amount: number;
  currency: string;
  status: 'paid' | 'open' | 'void';
  type: 'monthly' | 'yearly';
  issuedAt: string;
}

export interface Customer extends BillingDetails {
  id: string;
  gateway: 'builtin' | 'stripe';
  defaultCardId: string | null;
}

export interface Product {
  plan: Plan;
  amount: number;
  currency: string;
}

export interface Logo {
  brand: string;
  name: string;
  image: string;
}

export type { BillingDetails };

const get = async <T>(path: string) => (await httpClient<T>(path, { tenant: false })).json as T;

/** A fresh Idempotency-Key: one per user action, so a repeated click is answered, not acted on twice. */
export const actionKey = (): string => crypto.randomUUID();

const post = async <T>(path: string, body: unknown, key: string, method: 'POST' | 'PUT' = 'POST') =>
  (await httpClient<T>(path, { method, body, tenant: false, headers: { 'Idempotency-Key': key } })).json as T;

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
    customer = await get<Customer>('/api/stripe/customer');
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 404) throw err;
    customer = await post<Customer>('/api/stripe/customer/create-customer', undefined, actionKey());
  }
  const [subscriptions, cards, invoices, products, logos] = await Promise.all([
    get<{ items: Subscription[] }>('/api/stripe/subscription/subscriptions'),
    get<{ items: Card[] }>('/api/stripe/payment/list-customer-payment-cards'),
    get<{ items: Invoice[] }>('/api/stripe/payment/customer-invoices'),
    get<{ items: Product[] }>('/api/stripe/products/products'),
    get<{ items: Logo[] }>('/api/stripe/payment/get-payment-logos'),
  ]);
  return { customer, subscriptions: subscriptions.items, cards: cards.items, invoices: invoices.items, products: products.items, logos: logos.items };
}

export const pauseSubscription = (subscriptionId: string, key: string) => post<Subscription>('/api/stripe/subscription/pause-subscription', { subscriptionId }, key);
export const resumeSubscription = (subscriptionId: string, key: string) => post<Subscription>('/api/stripe/subscription/resume-subscription', { subscriptionId }, key);
export const changePlan = (subscriptionId: string, plan: Plan, key: string) => post<Subscription>('/api/stripe/subscription/update-subscription', { subscriptionId, plan }, key);
export const addCard = (source: { card: CardInput } | { paymentMethodId: string }, key: string) => post<Card>('/api/stripe/payment/add-card-to-customer', source, key);
export const removeCard = (cardId: string, key: string) => post<{ items: Card[] }>('/api/stripe/payment/remove-card-from-customer', { cardId }, key);
export const setDefaultCard = (customerId: string, cardId: string, key: string) => post<{ items: Card[] }>(`/api/stripe/payment/set-default-card/${encodeURIComponent(customerId)}/${cardId}`, {}, key);
/** Sends only the writable fields: the route refuses the customer's read-only ones (id, gateway, ...). */
export const saveBillingDetails = async (details: BillingDetails, key: string): Promise<BillingDetails> =>
  pickBillingDetails(await post<BillingDetails>('/api/stripe/customer/billing-details', pickBillingDetails(details), key, 'PUT'));

export async function downloadInvoice(invoice: Invoice): Promise<void> {
  const { blob } = await httpClient(`/api/stripe/payment/download-invoice`, { query: { invoiceId: invoice.id }, responseType: 'blob', tenant: false });
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
