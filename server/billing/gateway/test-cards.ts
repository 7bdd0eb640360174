/**
 * The card numbers Stripe publishes for test mode (https://docs.stripe.com/testing): the only ones
 * the built-in gateway takes, since it moves no money. Success numbers by brand and a few by
 * country; the numbers that fail in a given way are in builtin.ts beside what they answer.
 */
export const TEST_CARD_NUMBERS: ReadonlySet<string> = new Set([
  // Visa, Visa debit
  '4242424242424242', '4000056655665556',
  // Mastercard, 2-series, debit, prepaid
  '5555555555554444', '2223003122003222', '5200828282828210', '5105105105105100',
  // American Express
  '378282246310005', '371449635398431',
  // Discover, Discover debit
  '6011111111111117', '6011000990139424', '6011981111111113',
  // Diners Club (16 and 14 digits), BCcard and DinaCard, JCB, UnionPay (16 and 19 digits)
  '3056930009020004', '36227206271667', '6555900000604105', '3566002020360505', '6200000000000005', '6200000000000047', '6205500000000000004',
  // Cards by country (Stripe's list, the first few regions)
  '4000000760000002', '4000001240000000', '4000004840008001', '4000000400000008', '4000000560000004', '4000002080000001', '4000002460000001',
  '4000002500000003', '4000002760000016', '4000003720000005', '4000003800000008', '4000005780000007', '4000007520000008', '4000008260000000',
]);
