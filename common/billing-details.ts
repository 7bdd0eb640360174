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

/** The JSON schema of the PUT body: every field (a string or null), nothing else but the concurrency stamp. */
export const BILLING_DETAILS_SCHEMA = {
  type: 'object',
  properties: {
    ...Object.fromEntries(
      BILLING_DETAIL_FIELDS.map((f) => [f.name, { type: ['string', 'null'], maxLength: f.maxLength, ...('pattern' in f ? { pattern: f.pattern } : {}) }]),
    ),
    concurrencyStamp: { type: 'string' },
  },
  required: BILLING_DETAIL_FIELDS.map((f) => f.name),
  additionalProperties: false,
} as const;
