import { randomBytes } from 'node:crypto';
import { cardBrand, cardDigits, cardInputProblem, fullExpiryYear, type CardErrorCode } from '../../../common/payment-cards';
import { TEST_CARD_NUMBERS } from './test-cards';
import { CardError, type CardSource, type ChargeRequest, type GatewayCard, type PaymentGateway } from './types';

/**
 * The built-in gateway: no keys, no network. Customers, cards, subscriptions and invoices live in
 * Vigil's billing tables; this adapter decides what a card and a charge answer, following Stripe's
 * test cards (https://docs.stripe.com/testing): 4242 4242 4242 4242 and Stripe's other published
 * success numbers (test-cards.ts) are accepted, the numbers below fail with Stripe's codes, any
 * number failing Luhn is incorrect_number, and any other number (a real card) is declined as
 * test_mode_live_card: no money moves here. Only brand, last 4 digits and expiry are kept.
 */
const REFUSED_ON_ATTACH: Record<string, { code: CardErrorCode; decline?: string }> = {
  '4000000000000002': { code: 'card_declined', decline: 'generic_decline' },
  '4000000000009995': { code: 'card_declined', decline: 'insufficient_funds' },
  '4000000000009987': { code: 'card_declined', decline: 'lost_card' },
  '4000000000009979': { code: 'card_declined', decline: 'stolen_card' },
  '4100000000000019': { code: 'card_declined', decline: 'fraudulent' },
  '4000000000000069': { code: 'expired_card' },
  '4000000000000127': { code: 'incorrect_cvc' },
  '4000000000000101': { code: 'incorrect_cvc' },
  '4000000000000119': { code: 'unknown_error', decline: 'processing_error' },
};

/** Attach fine, decline when charged (Stripe: 4000 0000 0000 0341). */
const DECLINED_ON_CHARGE: Record<string, string> = {
  '4000000000000341': 'generic_decline',
};

/** Postal code checks fail (Stripe: 4000 0000 0000 0036) when a postal code is given. */
const ZIP_CHECK_FAILS = new Set(['4000000000000036']);

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export function createBuiltinGateway(now: () => Date = () => new Date()): PaymentGateway {
  return {
    name: 'builtin',
    async createCustomer() {
      return id('cus');
    },
    async updateCustomer() {},
    async attachCard(_customer: string, source: CardSource): Promise<GatewayCard> {
      // A Stripe PaymentMethod cannot be used without Stripe.
      if (!('card' in source)) throw new CardError('invalid_transaction');
      const { card } = source;
      const problem = cardInputProblem(card, now());
      if (problem) throw new CardError(problem);
      const digits = cardDigits(card.number);
      const refused = REFUSED_ON_ATTACH[digits];
      if (refused) throw new CardError(refused.code, refused.decline ?? null);
      if (ZIP_CHECK_FAILS.has(digits) && card.postalCode?.trim()) throw new CardError('incorrect_zip');
      // A real card's number: declined as Stripe's test mode declines one, since no money can move here.
      if (!TEST_CARD_NUMBERS.has(digits) && !(digits in DECLINED_ON_CHARGE) && !ZIP_CHECK_FAILS.has(digits)) throw new CardError('card_declined', 'test_mode_live_card');
      return {
        gatewayCardId: id('card'),
        brand: cardBrand(digits)!,
        last4: digits.slice(-4),
        expMonth: card.expMonth!,
        expYear: fullExpiryYear(card.expYear!),
        chargeDeclineCode: DECLINED_ON_CHARGE[digits] ?? null,
      };
    },
    async detachCard() {},
    async setDefaultCard() {},
    async chargeInvoice(charge: ChargeRequest) {
      const today = now();
      const { card } = charge;
      if (card.expYear < today.getUTCFullYear() || (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)) {
        throw new CardError('expired_card');
      }
      if (card.chargeDeclineCode) throw new CardError('card_declined', card.chargeDeclineCode);
      return id('pay');
    },
  };
}
