/**
 * Money arithmetic in whole cents (numeric(12,2) arrives as text from PostgreSQL), so a price
 * and its discount never pick up float noise. Half a cent rounds up.
 */
export function toAmount(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
}

/** The price after a discount in percent (0 to 100), rounded to 2 decimals. */
export function discounted(price: number | null, discountPercentage: number): number | null {
  if (price === null) return null;
  const cents = Math.round(price * 100);
  return Math.round((cents * (100 - discountPercentage)) / 100) / 100;
}

/** Highest price accepted (numeric(12,2) holds up to 9,999,999,999.99). */
export const MAX_PRICE = 10_000_000;
