import { randomUUID } from 'node:crypto';
import type { BillingDetails } from '../../../common/billing-details';
import type { Db } from '../../db/database';
import { customerNotFound } from '../errors';
import type { BillingContext } from '../context';
import type { BillingCustomersTable, InvoiceParty } from '../tables';
import type { Selectable } from 'kysely';

export type CustomerRow = Selectable<BillingCustomersTable>;

/** The account's billing customer (one per user), or undefined before create-customer. */
export async function findCustomer(db: Db, userId: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('billing_customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function requireCustomer(db: Db, userId: string, lang: string): Promise<CustomerRow> {
  const customer = await findCustomer(db, userId);
  if (!customer) throw customerNotFound(lang);
  return customer;
}

/** The signed-in user as a buyer: e-mail and full name from the account. */
async function account(db: Db, userId: string) {
  return db.selectFrom('users').select(['email', 'name', 'surname', 'tenant_id']).where('id', '=', userId).where('is_deleted', '=', false).executeTakeFirstOrThrow();
}

/**
 * Creates the account's customer at the gateway and in the database; an account that has one gets
 * it back (a repeated create changes nothing). The gateway call's idempotency key is derived from
 * the user, so two racing creates make one gateway customer.
 */
export async function createCustomer(ctx: BillingContext, userId: string, language: string): Promise<CustomerRow> {
  const existing = await findCustomer(ctx.db, userId);
  if (existing) return existing;
  const user = await account(ctx.db, userId);
  const name = [user.name, user.surname].filter(Boolean).join(' ').trim() || user.email;
  const gatewayCustomerId = await ctx.gateway.createCustomer({ email: user.email, name, userId }, `customer:${userId}`);
  await ctx.db
    .insertInto('billing_customers')
    .values({ id: randomUUID(), tenant_id: user.tenant_id, user_id: userId, gateway: ctx.gateway.name, gateway_customer_id: gatewayCustomerId, email: user.email, language, name, concurrency_stamp: randomUUID() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await findCustomer(ctx.db, userId))!;
}

/** Remembers the language the account last used billing in: receipts are mailed in it. */
export async function rememberLanguage(db: Db, customer: CustomerRow, language: string): Promise<void> {
  if (customer.language === language) return;
  await db.updateTable('billing_customers').set({ language }).where('id', '=', customer.id).execute();
}

export type { BillingDetails };

export const billingDetailsOf = (c: CustomerRow): BillingDetails => ({ name: c.name, companyName: c.company_name, vatNumber: c.vat_number, additionalInfo: c.additional_info });

/** The buyer as an invoice prints it. */
export const buyerOf = (c: CustomerRow): InvoiceParty => ({ name: c.name ?? c.email, companyName: c.company_name, vatNumber: c.vat_number, additionalInfo: c.additional_info, email: c.email });

export function customerDto(c: CustomerRow, defaultCardId: string | null) {
  return {
    id: c.gateway_customer_id,
    gateway: c.gateway,
    email: c.email,
    defaultCardId,
    hasDefaultCard: defaultCardId !== null,
    ...billingDetailsOf(c),
    concurrencyStamp: c.concurrency_stamp,
  };
}

export async function updateBillingDetails(ctx: BillingContext, customer: CustomerRow, details: BillingDetails, key: string): Promise<CustomerRow> {
  const name = details.name?.trim() || null;
  await ctx.gateway.updateCustomer(customer.gateway_customer_id, { email: customer.email, name: name ?? customer.email }, `customer-details:${key}`);
  return ctx.db
    .updateTable('billing_customers')
    .set({
      name,
      company_name: details.companyName?.trim() || null,
      vat_number: details.vatNumber?.trim() || null,
      additional_info: details.additionalInfo?.trim() || null,
      concurrency_stamp: randomUUID(),
      last_modification_time: new Date(),
    })
    .where('id', '=', customer.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
