import type { Db } from '../../db/database';
import { queueMail } from '../../mail';
import { translate } from '../../localization/texts';
import type { CustomerRow } from './customers';

/**
 * Billing's mails, queued in the transaction of the change and written in the account's language
 * (the language it last used billing in): a receipt for every paid invoice, a notice for a declined
 * renewal, and a confirmation when a subscription is paused or resumed.
 */
/** dd/MM/yy, the date part of SPEC section 9's format (UTC). */
export const formatDate = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCFullYear() % 100).padStart(2, '0')}`;

export const money = (amount: number, currency: string, lang: string) => new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);

export async function mailReceipt(db: Db, customer: CustomerRow, invoice: { number: string; total: number; currency: string; periodEnd: Date }, deviceName: string): Promise<void> {
  const lang = customer.language;
  const params = { number: invoice.number, amount: money(invoice.total, invoice.currency, lang), device: deviceName, date: formatDate(invoice.periodEnd) };
  await queueMail(db, { to: customer.email, tenantId: customer.tenant_id, subject: translate('billing:mail.receiptSubject', lang, params), text: translate('billing:mail.receiptText', lang, params) });
}

export async function mailPaymentFailed(db: Db, customer: CustomerRow, invoice: { number: string; total: number; currency: string }, deviceName: string, paused: boolean): Promise<void> {
  const lang = customer.language;
  const params = { number: invoice.number, amount: money(invoice.total, invoice.currency, lang), device: deviceName };
  await queueMail(db, {
    to: customer.email,
    tenantId: customer.tenant_id,
    subject: translate('billing:mail.paymentFailedSubject', lang, params),
    text: translate(paused ? 'billing:mail.paymentFailedPausedText' : 'billing:mail.paymentFailedText', lang, params),
  });
}

export async function mailStatusChange(db: Db, customer: CustomerRow, change: 'paused' | 'resumed', deviceName: string): Promise<void> {
  const lang = customer.language;
  const params = { device: deviceName };
  await queueMail(db, { to: customer.email, tenantId: customer.tenant_id, subject: translate(`billing:mail.${change}Subject`, lang, params), text: translate(`billing:mail.${change}Text`, lang, params) });
}
