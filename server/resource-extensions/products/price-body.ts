import { translate } from '../../localization/texts';
import { bodyValidator, invalid } from '../../http/body-validation';
import type { Product } from './catalogue';
import { priceBodySchema } from './route-schemas';

/**
 * The body that sets prices, list or customer: `{ currency, prices: [{ productKey, price }] }`.
 * A price is >= 0 with at most 2 decimals kept; null removes the price. Only the products named
 * change; a product named twice takes its last price.
 */
export interface PriceBody {
  currency: string;
  prices: { productKey: string; price: number | null }[];
}

export function priceBodyReader(currencies: string[]) {
  const read = bodyValidator<PriceBody>(priceBodySchema(currencies));
  return (body: unknown, lang: string, products: Product[]): PriceBody => {
    const parsed = read(body, lang);
    const known = new Set(products.map((p) => p.productKey));
    const problems = parsed.prices
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => !known.has(p.productKey))
      .map(({ p, i }) => ({ message: translate('validation:unknownProduct', lang, { value: p.productKey.slice(0, 64) }), members: [`prices[${i}].productKey`] }));
    if (problems.length) throw invalid(lang, problems);
    const last = new Map(parsed.prices.map((p) => [p.productKey, p.price === null ? null : Math.round(p.price * 100) / 100]));
    return { currency: parsed.currency, prices: [...last].map(([productKey, price]) => ({ productKey, price })) };
  };
}
