import { ABP_ERROR_RESPONSE } from '../../http/errors';
import { MAX_PRICE } from './money';
import { querySchema } from '../../http/route-schemas';

/**
 * Route schemas of the price routes (the product catalogue's list prices, a customer's prices):
 * what they take and answer, for validation, serialisation and the API description alike.
 */

/** A price: a non-negative amount with 2 decimals kept, or null where none is set. */
const PRICE = { type: ['number', 'null'], minimum: 0, maximum: MAX_PRICE } as const;

/** A priced product: a subscription plan or a host accessory (catalogue.ts `Product`). */
const PRODUCT_PROPERTIES = {
  productKey: { type: 'string' },
  kind: { type: 'string', enum: ['subscription', 'accessory'] },
  name: { type: 'string' },
  itemNumber: { type: ['string', 'null'] },
} as const;
const PRODUCT_REQUIRED = ['productKey', 'kind', 'name', 'itemNumber'] as const;

/**
 * A currency's code. Which currencies prices are kept in is the customers schema's to say
 * (catalogue.ts availableCurrencies): the handler refuses one not among them (price-body.ts
 * assertCurrency), the schema checks the shape.
 */
export const CURRENCY_CODE = { type: 'string', pattern: '^[A-Z]{3}$', description: 'An available currency (currency/availableCurrencies), e.g. DKK' } as const;

/** The body that sets prices, list or customer (price-body.ts priceChanges reads its products and currency). */
export const PRICE_BODY = {
  type: 'object',
  properties: {
    currency: CURRENCY_CODE,
    prices: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        properties: { productKey: { type: 'string', minLength: 1, maxLength: 64 }, price: PRICE },
        required: ['productKey', 'price'],
        additionalProperties: false,
      },
    },
  },
  required: ['currency', 'prices'],
  additionalProperties: false,
} as const;

/** `?currency=`: the currency of a customer's prices to read (their own currency when left out). */
export const CURRENCY_QUERY = querySchema({ currency: CURRENCY_CODE });

/** `{ currency? }` or no body: the currency of a customer's prices to reset (their own currency when left out). */
export const CURRENCY_BODY = { type: ['object', 'null'], properties: { currency: CURRENCY_CODE }, additionalProperties: false } as const;

/** A customer's prices in one currency: list, own and effective price per product. */
export const CUSTOMER_PRICES_RESPONSE = {
  type: 'object',
  properties: {
    customerId: { type: 'string' },
    currency: { type: 'string' },
    discountPercentage: { type: 'number' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...PRODUCT_PROPERTIES, listPrice: PRICE, customerPrice: PRICE, effectivePrice: PRICE },
        required: [...PRODUCT_REQUIRED, 'listPrice', 'customerPrice', 'effectivePrice'],
      },
    },
  },
  required: ['customerId', 'currency', 'discountPercentage', 'items'],
} as const;

/** Every product with its list price in every currency. */
export const LIST_PRICES_RESPONSE = {
  type: 'object',
  properties: {
    currencies: { type: 'array', items: { type: 'string' } },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...PRODUCT_PROPERTIES, prices: { type: 'object', additionalProperties: PRICE } },
        required: [...PRODUCT_REQUIRED, 'prices'],
      },
    },
  },
  required: ['currencies', 'items'],
} as const;

/** Every product with its list price in the currency just set. */
export const SET_LIST_PRICES_RESPONSE = {
  type: 'object',
  properties: {
    currency: { type: 'string' },
    items: { type: 'array', items: { type: 'object', properties: { ...PRODUCT_PROPERTIES, price: PRICE }, required: [...PRODUCT_REQUIRED, 'price'] } },
  },
  required: ['currency', 'items'],
} as const;

/** The currencies prices can be kept in, with their labels in the caller's language. */
export const CURRENCIES_RESPONSE = {
  type: 'object',
  properties: { items: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } }, required: ['code', 'name'] } } },
  required: ['items'],
} as const;

/** The refusals a price route may answer, in ABP's shape. */
export const PRICE_REFUSALS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE, 409: ABP_ERROR_RESPONSE } as const;
