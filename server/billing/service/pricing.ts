import type { Db } from '../../db/database';
import { translate } from '../../localization/texts';
import type { SchemaEngine } from '../../schema-engine';
import type { DynamicDb, Row } from '../../schema-engine/resource-model';
import { customerPrices } from '../../resource-extensions/customers/prices';
import { listPrices } from '../../resource-extensions/products/catalogue';
import { modelOf } from '../../schema-engine/records';
import type { Plan } from '../tables';

/**
 * What a caregiver pays. A caregiver's account belongs to a tenant; the tenant's pricing is the
 * default customer of its first top-level organization (by name) that has one: that customer's own
 * price per product and currency, else the host's list price, less the customer's discount
 * (server/resource-extensions/customers). A tenant without such a customer pays list prices in DKK.
 * Products: the monthly and annual subscription ('subscription:monthly' | 'subscription:annual').
 */
export const DEFAULT_CURRENCY = 'DKK';
export const PLANS: readonly Plan[] = ['monthly', 'annual'];

export interface PlanPrice {
  plan: Plan;
  productKey: string;
  amount: number;
  currency: string;
  discountPercentage: number;
}

/** The tenant's pricing customer (a customers row), if it has one. */
export async function pricingCustomer(db: Db, engine: SchemaEngine, tenantId: string | null): Promise<Row | undefined> {
  if (!tenantId) return undefined;
  const organizations = modelOf(engine, 'organizations');
  const customers = modelOf(engine, 'customers');
  const defaultCustomer = organizations.columnOf.get('defaultCustomerId')!;
  const parent = organizations.columnOf.get('parentId')!;
  const name = organizations.columnOf.get('name')!;
  return (db as unknown as DynamicDb)
    .selectFrom(`${organizations.table} as o`)
    .innerJoin(`${customers.table} as c`, 'c.id', `o.${defaultCustomer}`)
    .selectAll('c')
    .where('o.tenant_id', '=', tenantId)
    .where('o.is_deleted', '=', false)
    .where(`o.${parent}`, 'is', null)
    .where('c.is_deleted', '=', false)
    .orderBy(`o.${name}`)
    .orderBy('o.id')
    .limit(1)
    .executeTakeFirst();
}

/** Both plans' prices for a tenant's caregivers, discount applied. */
export async function planPrices(db: Db, engine: SchemaEngine, tenantId: string | null): Promise<PlanPrice[]> {
  const customer = await pricingCustomer(db, engine, tenantId);
  if (customer) {
    const currency = String(customer.currency ?? DEFAULT_CURRENCY);
    const priced = await customerPrices(db, engine, customer, currency, 'en');
    return PLANS.map((plan) => {
      const item = priced.items.find((i) => i.productKey === `subscription:${plan}`);
      return { plan, productKey: `subscription:${plan}`, amount: item?.effectivePrice ?? 0, currency, discountPercentage: priced.discountPercentage };
    });
  }
  const list = await listPrices(db, DEFAULT_CURRENCY);
  return PLANS.map((plan) => ({ plan, productKey: `subscription:${plan}`, amount: list.get(`subscription:${plan}`)?.get(DEFAULT_CURRENCY) ?? 0, currency: DEFAULT_CURRENCY, discountPercentage: 0 }));
}

export async function planPrice(db: Db, engine: SchemaEngine, tenantId: string | null, plan: Plan): Promise<PlanPrice> {
  return (await planPrices(db, engine, tenantId)).find((p) => p.plan === plan)!;
}

/** The products a caregiver can buy, as GET /api/stripe/products/products answers them. */
export async function productsFor(db: Db, engine: SchemaEngine, tenantId: string | null, lang: string) {
  return (await planPrices(db, engine, tenantId)).map((p) => ({
    id: p.productKey,
    plan: p.plan,
    name: translate(`products.${p.plan}`, lang),
    interval: p.plan === 'monthly' ? 'month' : 'year',
    amount: p.amount,
    currency: p.currency,
    discountPercentage: p.discountPercentage,
  }));
}

/** VAT rate in percent by currency (the seller's country); prices include VAT. */
const VAT_RATES: Record<string, number> = { DKK: 25, SEK: 25, NOK: 25, EUR: 19, USD: 0 };

export function vatOf(total: number, currency: string): { rate: number; vat: number; subtotal: number } {
  const rate = VAT_RATES[currency] ?? 0;
  const cents = Math.round(total * 100);
  const vatCents = Math.round((cents * rate) / (100 + rate));
  return { rate, vat: vatCents / 100, subtotal: (cents - vatCents) / 100 };
}
