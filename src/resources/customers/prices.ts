import type { AnswerOf, BodyOf, QueryOf } from '../../providers/openapi/typedApi';

/** Answers of `GET/PUT /api/app/customer/{id}/prices` (server/resource-extensions/customers/prices.ts). */
export type CustomerPricesAnswer = AnswerOf<'/api/app/customer/{id}/prices'>;
export type PriceItem = CustomerPricesAnswer['items'][number];
/** A currency of the catalogue: the ones the prices routes take. */
export type Currency = NonNullable<QueryOf<'/api/app/customer/{id}/prices'>['currency']>;
type PricesBody = BodyOf<'/api/app/customer/{id}/prices', 'put'>;
export type PriceChange = PricesBody['prices'][number];

/** What the user typed per product: text, '' for no own price. */
export type PriceDrafts = Record<string, string>;

export const draftsOf = (items: readonly PriceItem[]): PriceDrafts => Object.fromEntries(items.map((i) => [i.productKey, i.customerPrice === null ? '' : String(i.customerPrice)]));

/** A typed price: null for empty (no own price), undefined for text that is not a number. */
export function parsePrice(text: string | undefined): number | null | undefined {
  const trimmed = (text ?? '').trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

/** The price after a discount in percent, in whole cents as the server rounds it. */
export function discounted(price: number | null, discountPercentage: number): number | null {
  if (price === null) return null;
  const cents = Math.round(price * 100);
  return Math.round((cents * (100 - discountPercentage)) / 100) / 100;
}

/** The effective price shown for a row: the typed own price (else the list price) less the discount. */
export function effectivePriceOf(item: PriceItem, draft: string | undefined, discountPercentage: number): number | null {
  const own = parsePrice(draft);
  if (own === undefined) return null;
  const discount = Number.isFinite(discountPercentage) ? Math.min(Math.max(discountPercentage, 0), 100) : 0;
  return discounted(own ?? item.listPrice, discount);
}

/** The PUT body: the rows whose own price changed (null removes it), in table order; `invalid` lists rows whose text is not a number. */
export function pricePayload(currency: Currency, items: readonly PriceItem[], drafts: PriceDrafts): { body: PricesBody; invalid: string[] } {
  const prices: PriceChange[] = [];
  const invalid: string[] = [];
  for (const item of items) {
    const price = parsePrice(drafts[item.productKey]);
    if (price === undefined) invalid.push(item.productKey);
    else if (price !== item.customerPrice) prices.push({ productKey: item.productKey, price });
  }
  return { body: { currency, prices }, invalid };
}

/** Server validation messages by product: `prices[i].price` refers to the i-th sent row. */
export function rowErrors(validationErrors: readonly { message: string; members?: readonly string[] }[], sent: readonly PriceChange[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { message, members } of validationErrors) {
    for (const member of members ?? []) {
      const match = /^prices\[(\d+)\]/.exec(member);
      const key = match ? sent[Number(match[1])]?.productKey : undefined;
      if (key && !(key in errors)) errors[key] = message;
    }
  }
  return errors;
}

/** A price in the user's language with 2 decimals, '' for none. */
export const formatPrice = (value: number | null, locale: string): string =>
  value === null ? '' : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
