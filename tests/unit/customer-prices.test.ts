import { describe, expect, it } from 'vitest';
import { discounted as serverDiscounted } from '../../server/resource-extensions/products/money';
import { discounted, draftsOf, effectivePriceOf, parsePrice, pricePayload, rowErrors, type PriceItem } from '../../src/resources/customers/prices';

/** The customer's price table (src/resources/customers/prices.ts): what it shows and what it sends. */
const item = (productKey: string, listPrice: number | null, customerPrice: number | null): PriceItem => ({
  productKey,
  kind: 'subscription',
  itemNumber: null,
  name: productKey,
  listPrice,
  customerPrice,
  effectivePrice: null,
});
const monthly = item('subscription:monthly', 199, null);
const annual = item('subscription:annual', 1990, 1500);
const cradle = item('accessory:1', null, null);

describe('customer price table', () => {
  it('reads typed prices: empty is no own price, commas are decimals, other text is not a number', () => {
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('  ')).toBeNull();
    expect(parsePrice(undefined)).toBeNull();
    expect(parsePrice('149.5')).toBe(149.5);
    expect(parsePrice('149,5')).toBe(149.5);
    expect(parsePrice('abc')).toBeUndefined();
  });

  it('shows the typed own price, else the list price, less the discount, rounded as the server rounds', () => {
    expect(effectivePriceOf(monthly, '', 10)).toBe(179.1);
    expect(effectivePriceOf(monthly, '149.5', 10)).toBe(134.55);
    expect(effectivePriceOf(monthly, '149.5', 12.5)).toBe(130.81);
    expect(effectivePriceOf(annual, '1500', 0)).toBe(1500);
    expect(effectivePriceOf(cradle, '', 10)).toBeNull();
    expect(effectivePriceOf(monthly, 'x', 10)).toBeNull();
    // A discount outside 0 to 100 (mid-typing) is clamped, not shown as a negative price.
    expect(effectivePriceOf(monthly, '', 150)).toBe(0);
    for (const [price, discount] of [[199, 10], [149.5, 12.5], [0.05, 50], [1234.56, 33.3]] as const) {
      expect(discounted(price, discount)).toBe(serverDiscounted(price, discount));
    }
  });

  it('sends only the changed rows, with null to remove an own price', () => {
    const items = [monthly, annual, cradle];
    const drafts = { ...draftsOf(items), 'subscription:monthly': '149.5', 'subscription:annual': '' };
    expect(draftsOf(items)).toEqual({ 'subscription:monthly': '', 'subscription:annual': '1500', 'accessory:1': '' });
    expect(pricePayload('DKK', items, drafts)).toEqual({
      body: {
        currency: 'DKK',
        prices: [
          { productKey: 'subscription:monthly', price: 149.5 },
          { productKey: 'subscription:annual', price: null },
        ],
      },
      invalid: [],
    });
    expect(pricePayload('EUR', items, draftsOf(items)).body.prices).toEqual([]);
    expect(pricePayload('DKK', items, { ...drafts, 'accessory:1': 'abc' }).invalid).toEqual(['accessory:1']);
  });

  it("puts the server's validation messages on the rows they concern", () => {
    const sent = [
      { productKey: 'subscription:monthly', price: 1 },
      { productKey: 'subscription:annual', price: -1 },
    ];
    expect(
      rowErrors(
        [
          { message: 'Must be >= 0', members: ['prices[1].price'] },
          { message: 'Something else', members: ['currency'] },
        ],
        sent,
      ),
    ).toEqual({ 'subscription:annual': 'Must be >= 0' });
  });
});
