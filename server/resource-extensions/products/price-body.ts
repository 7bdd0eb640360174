import { translate } from '../../localization/texts';
import { invalid } from '../../http/body-validation';
import type { Checked } from '../../http/route-schemas';
import type { Product } from './catalogue';
import type { PRICE_BODY } from './route-schemas';

/**
 * The body that sets prices, list or customer: `{ currency, prices: [{ productKey, price }] }`,
 * its shape checked by its route's schema (PRICE_BODY). A price is >= 0 with at most 2 decimals
 * kept; null removes the price. Only the products named change; a product named twice takes its
 * last price.
 */
export interface PriceBody {
  currency: string;
  prices: { productKey: string; price: number | null }[];
}

/** A currency prices cannot be kept in (not one of `currencies`) is refused as the schema refuses a value. */
export function assertCurrency(currency: string, currencies: readonly string[], lang: string): void {
  if (!currencies.includes(currency)) throw invalid(lang, [{ message: translate('validation:invalid', lang, { field: 'currency' }), members: ['currency'] }]);
}

/** The changes a checked price body makes: its currency and products must exist. */
export function priceChanges(body: Checked<typeof PRICE_BODY>, lang: string, currencies: readonly string[], products: Product[]): PriceBody {
  assertCurrency(body.currency, currencies, lang);
  const known = new Set(products.map((p) => p.productKey));
  const problems = body.prices
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => !known.has(p.productKey))
    .map(({ p, i }) => ({ message: translate('validation:unknownProduct', lang, { value: p.productKey.slice(0, 64) }), members: [`prices[${i}].productKey`] }));
  if (problems.length) throw invalid(lang, problems);
  const last = new Map(body.prices.map((p) => [p.productKey, p.price === null ? null : Math.round(p.price * 100) / 100]));
  return { currency: body.currency, prices: [...last].map(([productKey, price]) => ({ productKey, price })) };
}
