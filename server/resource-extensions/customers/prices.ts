import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { EntityChange } from '../../audit/tables';
import { writeAuditLog } from '../../audit/audit-log';
import type { SchemaEngine } from '../../schema-engine';
import type { Row } from '../../schema-engine/resource-model';
import { listPrices, listProducts } from '../products/catalogue';
import { discounted, toAmount } from '../products/money';
import type { PriceBody } from '../products/price-body';

/**
 * A customer's prices in one currency: per product the host's list price, the customer's own
 * price where one was agreed, and the effective price (own price, else list price, less the
 * customer's discount, rounded to 2 decimals). Overrides are kept per currency.
 */
async function overrides(db: Db, customerId: string, currency?: string): Promise<Map<string, number>> {
  let q = db.selectFrom('customer_prices').select(['product_key', 'currency', 'price']).where('customer_id', '=', customerId);
  if (currency) q = q.where('currency', '=', currency);
  return new Map((await q.execute()).map((r) => [`${r.currency}|${r.product_key}`, toAmount(r.price)!]));
}

export async function customerPrices(db: Db, engine: SchemaEngine, customer: Row, currency: string, lang: string) {
  const customerId = String(customer.id);
  const discountPercentage = Number(customer.discount_percentage ?? 0);
  const [products, list, own] = await Promise.all([listProducts(db, engine, lang), listPrices(db, currency), overrides(db, customerId, currency)]);
  return {
    customerId,
    currency,
    discountPercentage,
    items: products.map((p) => {
      const listPrice = list.get(p.productKey)?.get(currency) ?? null;
      const customerPrice = own.get(`${currency}|${p.productKey}`) ?? null;
      return { ...p, listPrice, customerPrice, effectivePrice: discounted(customerPrice ?? listPrice, discountPercentage) };
    }),
  };
}

const priceChange = (customerId: string, key: string, originalValue: number | null, newValue: number | null): EntityChange => {
  const [currency, productKey] = key.split('|');
  return { entityType: 'customers', entityId: customerId, changeType: 1, propertyChanges: [{ propertyName: `prices.${currency}.${productKey}`, originalValue, newValue }] };
};

/** Sets (or with null removes) the customer's own prices, with their audit entry, in one transaction. */
export async function saveCustomerPrices(db: Db, request: FastifyRequest, customer: Row, body: PriceBody): Promise<void> {
  const customerId = String(customer.id);
  const before = await overrides(db, customerId, body.currency);
  const userId = request.principal?.userId ?? null;
  await db.transaction().execute(async (trx) => {
    const changes: EntityChange[] = [];
    for (const { productKey, price } of body.prices) {
      const key = `${body.currency}|${productKey}`;
      const original = before.get(key) ?? null;
      if (original === price) continue;
      const match = trx.deleteFrom('customer_prices').where('customer_id', '=', customerId).where('product_key', '=', productKey).where('currency', '=', body.currency);
      if (price === null) {
        await match.execute();
      } else {
        await trx
          .insertInto('customer_prices')
          .values({ id: randomUUID(), tenant_id: (customer.tenant_id as string | null) ?? null, customer_id: customerId, product_key: productKey, currency: body.currency, price, creator_id: userId })
          .onConflict((oc) => oc.columns(['customer_id', 'product_key', 'currency']).doUpdateSet({ price, last_modification_time: new Date(), last_modifier_id: userId }))
          .execute();
      }
      changes.push(priceChange(customerId, key, original, price));
    }
    await writeAuditLog(trx, request, { status: 200, entityChanges: changes });
  });
}

/** Removes the customer's own prices (in one currency, or all), so list prices apply again. */
export async function resetCustomerPrices(db: Db, request: FastifyRequest, customer: Row, currency?: string): Promise<number> {
  const customerId = String(customer.id);
  const before = await overrides(db, customerId, currency);
  await db.transaction().execute(async (trx) => {
    let q = trx.deleteFrom('customer_prices').where('customer_id', '=', customerId);
    if (currency) q = q.where('currency', '=', currency);
    await q.execute();
    await writeAuditLog(trx, request, { status: 200, entityChanges: [...before].map(([key, price]) => priceChange(customerId, key, price, null)) });
  });
  return before.size;
}
