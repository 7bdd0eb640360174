/**
 * Payment card rules shared by the built-in card form (browser) and the built-in gateway (server):
 * brand from the number, Luhn check, expiry and CVC checks, answered with Stripe's error codes
 * (SPEC section 8), so both gateways speak the same codes and the browser can say why before it
 * sends anything.
 */
export const CARD_ERROR_CODES = [
  'invalid_expiry_year_past',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_card_number',
  'invalid_cvc',
  'incorrect_number',
  'incorrect_cvc',
  'expired_card',
  'card_declined',
  'incorrect_zip',
  'invalid_expiry_date',
  'invalid_number',
  'card_not_supported',
  'invalid_transaction',
  'missing_card',
  'incomplete_expiry',
  'incomplete_cvc',
  'incomplete_zip',
  'incomplete_number',
  'unknown_error',
] as const;

export type CardErrorCode = (typeof CARD_ERROR_CODES)[number];

export const isCardErrorCode = (code: unknown): code is CardErrorCode => typeof code === 'string' && (CARD_ERROR_CODES as readonly string[]).includes(code);

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay';

export const CARD_BRANDS: readonly { brand: CardBrand; name: string }[] = [
  { brand: 'visa', name: 'Visa' },
  { brand: 'mastercard', name: 'Mastercard' },
  { brand: 'amex', name: 'American Express' },
  { brand: 'discover', name: 'Discover' },
  { brand: 'diners', name: 'Diners Club' },
  { brand: 'jcb', name: 'JCB' },
  { brand: 'unionpay', name: 'UnionPay' },
];

/** The card number's digits (spaces and dashes typed between groups are allowed). */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '');

export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(36|38|30[0-5])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return null;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The shortest number a brand issues (Amex 15, Diners 14, the others 16). */
const minimumLength = (brand: CardBrand | null) => (brand === 'amex' ? 15 : brand === 'diners' ? 14 : brand === null ? 12 : 16);

export interface CardInput {
  number: string;
  expMonth: number | null;
  expYear: number | null;
  cvc: string;
  postalCode?: string;
}

/**
 * The first problem with a typed card, or null when it may be sent. `now` is injectable so the
 * expiry rules can be tested on any date. Two-digit years mean 20xx.
 */
export function cardInputProblem(card: CardInput, now = new Date()): CardErrorCode | null {
  const digits = cardDigits(card.number);
  if (digits === '') return 'incomplete_number';
  if (!/^\d+$/.test(digits)) return 'invalid_number';
  if (digits.length > 19) return 'invalid_number';
  const brand = cardBrand(digits);
  if (digits.length < minimumLength(brand)) return 'incomplete_number';
  if (!luhnValid(digits)) return 'incorrect_number';
  if (brand === null) return 'card_not_supported';
  if (card.expMonth === null || card.expYear === null) return 'incomplete_expiry';
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) return 'invalid_expiry_month';
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(year)) return 'invalid_expiry_year';
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return 'invalid_expiry_year_past';
  if (year > thisYear + 50) return 'invalid_expiry_year';
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) return 'invalid_expiry_date';
  const cvc = card.cvc.trim();
  if (cvc === '') return 'incomplete_cvc';
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!/^\d+$/.test(cvc) || cvc.length > cvcLength) return 'invalid_cvc';
  if (cvc.length < cvcLength) return 'incomplete_cvc';
  if (card.postalCode !== undefined && card.postalCode.trim() !== '' && !/^[A-Za-z0-9 -]{3,10}$/.test(card.postalCode.trim())) return 'incomplete_zip';
  return null;
}

/** The four-digit year of a typed expiry year (two digits mean 20xx). */
export const fullExpiryYear = (year: number): number => (year < 100 ? 2000 + year : year);
