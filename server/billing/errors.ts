import { AbpError, forbidden, notFound } from '../http/errors';
import { translate } from '../localization/texts';
import { CardError, GatewayError } from './gateway/types';

/**
 * Billing's errors in SPEC section 8's words, in the caller's language. A refused card is a 402
 * (as Stripe answers) whose `data.cardErrorCode` names SPEC's card error code, so the page shows
 * that code's own message; a missing default card is a 403 business error.
 */
export const customerNotFound = (lang: string) => notFound(translate('billing:errors.customerNotFound', lang), 'Vigil:Billing.CustomerNotFound');

export const noPaymentMethod = (lang: string) => forbidden(translate('billing:errors.noPaymentMethod', lang), 'Vigil:Billing.NoPaymentMethod');

export const gatewayFailed = (lang: string) => new AbpError(502, translate('billing:errors.gateway', lang), { code: 'Vigil:Billing.Gateway' });

export function cardRefused(err: CardError, lang: string) {
  return new AbpError(402, translate(`billing:cardErrors.${err.code}`, lang), {
    code: `Vigil:Billing.Card.${err.code}`,
    data: { cardErrorCode: err.code, ...(err.declineCode ? { declineCode: err.declineCode } : {}) },
  });
}

/** Gateway failures as API errors; anything else passes through. */
export function asApiError(err: unknown, lang: string): unknown {
  if (err instanceof CardError) return cardRefused(err, lang);
  if (err instanceof GatewayError) return gatewayFailed(lang);
  return err;
}

/** Runs a gateway-touching piece of work, answering its failures in the caller's language. */
export async function gatewayCall<T>(lang: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asApiError(err, lang);
  }
}
