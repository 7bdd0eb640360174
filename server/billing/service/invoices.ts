import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { BillingInvoicesTable, InvoiceStatus, Plan } from '../tables';
import { vatOf } from './pricing';
import { buyerOf, type CustomerRow } from './customers';
import { toAmount } from '../../resource-extensions/products/money';

export type InvoiceRow = Selectable<BillingInvoicesTable>;

/** Invoice numbers: VIG-<year>-<6-digit sequence>, from one database sequence, so every node numbers alike. */
export async function nextInvoiceNumber(db: Db, at: Date): Promise<string> {
  const { rows } = await sql<{ n: string }>`select nextval('billing_invoice_number_seq')::text as n`.execute(db);
  return `VIG-${at.getUTCFullYear()}-${rows[0]!.n.padStart(6, '0')}`;
}

export interface NewInvoice {
  id: string;
  number: string;
  customer: CustomerRow;
  subscriptionId: string;
  deviceName: string;
  plan: Plan;
  total: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
  status: InvoiceStatus;
  gatewayPaymentId: string | null;
  failureCode: string | null;
  lineText: string;
}

export async function insertInvoice(db: Db, inv: NewInvoice): Promise<InvoiceRow> {
  const { rate, vat, subtotal } = vatOf(inv.total, inv.currency);
  return db
    .insertInto('billing_invoices')
    .values({
      id: inv.id,
      tenant_id: inv.customer.tenant_id,
      number: inv.number,
      customer_id: inv.customer.id,
      subscription_id: inv.subscriptionId,
      plan: inv.plan,
      status: inv.status,
      currency: inv.currency,
      subtotal,
      vat_rate: rate,
      vat,
      total: inv.total,
      period_start: inv.periodStart,
      period_end: inv.periodEnd,
      lines: JSON.stringify([{ description: inv.lineText, quantity: 1, unitPrice: subtotal, amount: subtotal }]),
      buyer: JSON.stringify(buyerOf(inv.customer)),
      gateway_payment_id: inv.gatewayPaymentId,
      failure_code: inv.failureCode,
      paid_time: inv.status === 'paid' ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const newInvoiceId = (): string => randomUUID();

/** The invoice history row: amount, status, monthly/yearly (SPEC section 3). */
export const invoiceDto = (i: InvoiceRow) => ({
  id: i.id,
  number: i.number,
  amount: toAmount(i.total)!,
  currency: i.currency,
  status: i.status,
  type: i.plan === 'annual' ? 'yearly' : 'monthly',
  issuedAt: i.issue_time.toISOString(),
  periodStart: i.period_start.toISOString(),
  periodEnd: i.period_end.toISOString(),
  paidAt: i.paid_time?.toISOString() ?? null,
});

export async function listInvoices(db: Db, customerId: string): Promise<InvoiceRow[]> {
  return db.selectFrom('billing_invoices').selectAll().where('customer_id', '=', customerId).orderBy('issue_time', 'desc').orderBy('number', 'desc').limit(500).execute();
}
