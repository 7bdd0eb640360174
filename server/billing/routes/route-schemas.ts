import { BILLING_DETAIL_FIELDS } from '../../../common/billing-details';
import { itemsOf, object } from '../../abp/schema-parts';
import { ABP_ERROR_RESPONSE } from '../../http/errors';
import { pathParams, querySchema, RECORD_ID, UUID_STRING } from '../../http/route-schemas';

/** Route schemas of /api/stripe/* (customer, cards, invoices, subscriptions, products). */

const STRING = { type: 'string' } as const;
const NULLABLE_STRING = { type: ['string', 'null'] } as const;
const DATE_TIME = { type: 'string', format: 'date-time' } as const;
/** Money: decimals, never integers (an integer schema would cut the øre off). */
const AMOUNT = { type: 'number' } as const;
const PLAN = { type: 'string', enum: ['monthly', 'annual'] } as const;

const DETAIL_FIELDS = Object.fromEntries(BILLING_DETAIL_FIELDS.map((f) => [f.name, NULLABLE_STRING]));

/** The billing details with the customer's concurrency stamp. */
export const BILLING_DETAILS = object({ ...DETAIL_FIELDS, concurrencyStamp: STRING });

export const CUSTOMER = object({
  id: { type: 'string', description: "The gateway's customer id" },
  gateway: { type: 'string', enum: ['builtin', 'stripe'] },
  email: STRING,
  defaultCardId: NULLABLE_STRING,
  hasDefaultCard: { type: 'boolean' },
  ...DETAIL_FIELDS,
  concurrencyStamp: STRING,
});

export const CARD = object({ id: STRING, brand: STRING, last4: STRING, expMonth: { type: 'integer' }, expYear: { type: 'integer' }, isDefault: { type: 'boolean' } });
export const CARD_LIST = itemsOf(CARD);

export const INVOICE_LIST = itemsOf(
  object({
    id: STRING,
    number: STRING,
    amount: AMOUNT,
    currency: STRING,
    status: { type: 'string', enum: ['paid', 'open', 'void'] },
    type: { type: 'string', enum: ['monthly', 'yearly'] },
    issuedAt: DATE_TIME,
    periodStart: DATE_TIME,
    periodEnd: DATE_TIME,
    paidAt: { type: ['string', 'null'], format: 'date-time' },
  }),
);

/** A missing or malformed invoice id is answered with the billing's own message. */
const INVOICE_ID_MESSAGES = { 'x-messages': { required: 'billing:errors.invoiceId', pattern: 'billing:errors.invoiceId', format: 'billing:errors.invoiceId' } } as const;
export const INVOICE_QUERY = { ...querySchema({ invoiceId: { ...UUID_STRING, ...INVOICE_ID_MESSAGES, description: 'The invoice id' } }), required: ['invoiceId'] } as const;
/** The PDF's bytes, sent as they are (a Buffer is never serialized). */
export const INVOICE_PDF = { description: 'The invoice as a PDF (an attachment)', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } as const;

export const PAYMENT_LOGOS = itemsOf(object({ brand: STRING, name: STRING, image: { type: 'string', description: 'An SVG badge as a data: URL' } }));

export const SUBSCRIPTION = object({
  id: STRING,
  deviceId: STRING,
  deviceName: NULLABLE_STRING,
  plan: { ...PLAN, description: 'The plan in force, charged until currentPeriodEnd' },
  nextPlan: { type: ['string', 'null'], enum: ['monthly', 'annual', null], description: 'A plan change that applies at the next renewal, on currentPeriodEnd; null when none waits' },
  status: { type: 'string', enum: ['active', 'paused', 'canceled'] },
  currentPeriodEnd: DATE_TIME,
  amount: AMOUNT,
  currency: STRING,
});
export const SUBSCRIPTION_LIST = itemsOf(SUBSCRIPTION);

export const PRODUCT_LIST = itemsOf(
  object({ id: STRING, plan: PLAN, name: STRING, interval: { type: 'string', enum: ['month', 'year'] }, amount: AMOUNT, currency: STRING, discountPercentage: AMOUNT }),
);

const GATEWAY_CUSTOMER_ID = { type: 'string', maxLength: 255, description: "The gateway's customer id" } as const;
export const CARD_PARAMS = pathParams({ customerId: GATEWAY_CUSTOMER_ID, cardId: { ...RECORD_ID, description: 'The card id' } });
export const SUBSCRIPTION_PARAMS = pathParams({ customerId: GATEWAY_CUSTOMER_ID, subscriptionId: { ...RECORD_ID, description: 'The subscription id' } });

/** A card typed into the built-in form, or a Stripe PaymentMethod id made by Stripe Elements. */
export const CARD_BODY = {
  type: 'object',
  oneOf: [{ required: ['card'] }, { required: ['paymentMethodId'] }],
  properties: {
    card: {
      type: 'object',
      properties: {
        number: { type: 'string', maxLength: 30 },
        expMonth: { type: ['integer', 'null'], minimum: 0, maximum: 99 },
        expYear: { type: ['integer', 'null'], minimum: 0, maximum: 9999 },
        cvc: { type: 'string', maxLength: 8 },
        postalCode: { type: 'string', maxLength: 16 },
      },
      required: ['number', 'expMonth', 'expYear', 'cvc'],
      additionalProperties: false,
    },
    paymentMethodId: { type: 'string', pattern: '^pm_[A-Za-z0-9_]{1,200}$' },
  },
  additionalProperties: false,
} as const;
export const CARD_ID_BODY = { type: 'object', properties: { cardId: UUID_STRING }, required: ['cardId'], additionalProperties: false } as const;
export const START_BODY = { type: 'object', properties: { deviceId: UUID_STRING, plan: PLAN }, required: ['deviceId', 'plan'], additionalProperties: false } as const;
export const SUBSCRIPTION_ID_BODY = { type: 'object', properties: { subscriptionId: UUID_STRING }, required: ['subscriptionId'], additionalProperties: false } as const;
export const PLAN_BODY = { type: 'object', properties: { subscriptionId: UUID_STRING, plan: PLAN }, required: ['subscriptionId', 'plan'], additionalProperties: false } as const;

/** No customer (or card, invoice, device, subscription) of the caller's. */
export const NOT_FOUND = { 404: ABP_ERROR_RESPONSE } as const;
/** What touching the gateway adds: a refused card (402, data.cardErrorCode) and the gateway failing (502). */
export const GATEWAY_REFUSALS = { 402: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE, 502: ABP_ERROR_RESPONSE } as const;
