/**
 * The billing details printed as the buyer on invoices (SPEC section 3): the fields a caregiver may
 * change with PUT /api/stripe/customer/billing-details, and their limits. The server's body schema
 * and the web form are both made from this one list, so the form sends nothing the route refuses.
 */
export const BILLING_DETAIL_FIELDS = [
  { name: 'name', maxLength: 200 },
  { name: 'companyName', maxLength: 200 },
  { name: 'vatNumber', maxLength: 20, pattern: '^[A-Za-z0-9 .-]*$' },
  { name: 'additionalInfo', maxLength: 1000 },
] as const;

export type BillingDetailField = (typeof BILLING_DETAIL_FIELDS)[number]['name'];

export type BillingDetails = Record<BillingDetailField, string | null>;

/** Only the writable fields of a record holding them (the customer as read, the form's state). */
export function pickBillingDetails(source: Partial<Record<BillingDetailField, string | null>>): BillingDetails {
  return Object.fromEntries(BILLING_DETAIL_FIELDS.map((f) => [f.name, source[f.name] ?? null])) as BillingDetails;
}

export const isBillingDetailField = (name: string): name is BillingDetailField => BILLING_DETAIL_FIELDS.some((f) => f.name === name);

/** One field's schema: a string (within its limits) or null. */
interface DetailSchema {
  readonly type: readonly ['string', 'null'];
  readonly maxLength: number;
  readonly pattern?: string;
}

/** The schema of one field, from its limits in the list. */
function detail(name: BillingDetailField): DetailSchema {
  const field = BILLING_DETAIL_FIELDS.find((f) => f.name === name)!;
  return { type: ['string', 'null'], maxLength: field.maxLength, ...('pattern' in field ? { pattern: field.pattern } : {}) };
}

/** Every field of the list (`satisfies` fails the type check when one is added there and not here). */
const detailProperties = {
  name: detail('name'),
  companyName: detail('companyName'),
  vatNumber: detail('vatNumber'),
  additionalInfo: detail('additionalInfo'),
} satisfies Record<BillingDetailField, DetailSchema>;

/**
 * The JSON schema of the PUT body: every field (a string or null), nothing else but the
 * concurrency stamp. Its route checks the body with it and types it from it (json-schema-to-ts).
 */
export const BILLING_DETAILS_SCHEMA = {
  type: 'object',
  properties: { ...detailProperties, concurrencyStamp: { type: 'string' } },
  required: BILLING_DETAIL_FIELDS.map((f) => f.name),
  additionalProperties: false,
} as const;
