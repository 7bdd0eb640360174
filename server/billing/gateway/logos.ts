import { CARD_BRANDS } from '../../../common/payment-cards';
import type { PaymentLogo } from './types';

/** Card brand badges (the same for both gateways): plain SVG with the brand's name, no trademarks copied. */
const COLOURS: Record<string, string> = {
  visa: '#1a1f71',
  mastercard: '#eb001b',
  amex: '#2e77bc',
  discover: '#e55c20',
  diners: '#0079be',
  jcb: '#0b4ea2',
  unionpay: '#d10429',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function paymentLogos(): PaymentLogo[] {
  return CARD_BRANDS.map(({ brand, name }) => {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="40" viewBox="0 0 64 40" role="img" aria-label="${escape(name)}">` +
      `<rect width="64" height="40" rx="6" fill="${COLOURS[brand] ?? '#444'}"/>` +
      `<text x="32" y="25" font-family="Arial, sans-serif" font-size="${name.length > 10 ? 7 : 10}" font-weight="700" fill="#fff" text-anchor="middle">${escape(name)}</text></svg>`;
    return { brand, name, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  });
}
