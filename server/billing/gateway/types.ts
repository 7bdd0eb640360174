import type { CardErrorCode, CardInput } from '../../../common/payment-cards';

/**
 * The one payment gateway interface billing works through. Two adapters: built-in (the default:
 * everything in the database, Stripe's test cards and error codes) and Stripe (the official SDK).
 * Subscriptions, invoices and prices are Vigil's own (server/billing/service): the gateway keeps
 * customers and cards and moves the money for each invoice, so both adapters bill the same way.
 * Every mutating call takes an idempotency key: repeating it never acts twice.
 */
export type GatewayName = 'builtin' | 'stripe';

/** How a card reaches the gateway: typed into the built-in form, or a Stripe PaymentMethod made by Stripe Elements. */
export type CardSource = { card: CardInput } | { paymentMethodId: string };

export interface GatewayCard {
  gatewayCardId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Built-in only: the decline a later charge answers (test cards that attach but fail to charge). */
  chargeDeclineCode: string | null;
}

export interface ChargeRequest {
  gatewayCustomerId: string;
  card: { gatewayCardId: string; expMonth: number; expYear: number; chargeDeclineCode: string | null };
  /** In major units (199.00), the invoice's total. */
  amount: number;
  currency: string;
  description: string;
  /** Vigil's invoice id, kept in the payment's metadata. */
  invoiceId: string;
}

export interface PaymentLogo {
  brand: string;
  name: string;
  /** An SVG image as a data: URL, so the page needs no other request. */
  image: string;
}

/** A card the gateway refused: one of SPEC section 8's codes, with Stripe's decline code when there is one. */
export class CardError extends Error {
  constructor(
    readonly code: CardErrorCode,
    readonly declineCode: string | null = null,
  ) {
    super(`card error ${code}${declineCode ? ` (${declineCode})` : ''}`);
  }
}

/** The gateway failed for another reason (network, configuration, an API error): 'Stripe error occurred'. */
export class GatewayError extends Error {}

export interface PaymentGateway {
  readonly name: GatewayName;
  createCustomer(input: { email: string; name: string; userId: string }, idempotencyKey: string): Promise<string>;
  updateCustomer(gatewayCustomerId: string, input: { email: string; name: string }, idempotencyKey: string): Promise<void>;
  attachCard(gatewayCustomerId: string, source: CardSource, idempotencyKey: string): Promise<GatewayCard>;
  detachCard(gatewayCustomerId: string, gatewayCardId: string, idempotencyKey: string): Promise<void>;
  setDefaultCard(gatewayCustomerId: string, gatewayCardId: string, idempotencyKey: string): Promise<void>;
  /** Charges an invoice; resolves with the gateway's payment id, rejects with CardError or GatewayError. */
  chargeInvoice(charge: ChargeRequest, idempotencyKey: string): Promise<string>;
}
