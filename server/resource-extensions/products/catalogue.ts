import type { Db } from '../../db/database';
import { translate } from '../../localization/texts';
import type { SchemaEngine } from '../../schema-engine';
import type { DynamicDb } from '../../schema-engine/resource-model';
import { enumLabel } from '../../schema-engine/labels';
import { modelOf } from '../../schema-engine/records';
import { toAmount } from './money';

/**
 * What can be priced: the two subscription plans (fixed, named in the server's translations) and
 * every live accessory of the host ('accessory:<id>'). Currencies are the customers schema's
 * currency values, labelled as the forms label them.
 */
export const SUBSCRIPTIONS = ['monthly', 'annual'] as const;

export interface Product {
  productKey: string;
  kind: 'subscription' | 'accessory';
  name: string;
  itemNumber: string | null;
}

export async function listProducts(db: Db, engine: SchemaEngine, lang: string): Promise<Product[]> {
  const accessories = modelOf(engine, 'accessories');
  const rows = await (db as unknown as DynamicDb)
    .selectFrom(accessories.table)
    .select(['id', accessories.columnOf.get('name')!, accessories.columnOf.get('itemNumber')!])
    .where('tenant_id', 'is', null)
    .where('is_deleted', '=', false)
    .orderBy(accessories.columnOf.get('name')!)
    .execute();
  return [
    ...SUBSCRIPTIONS.map((plan): Product => ({ productKey: `subscription:${plan}`, kind: 'subscription', name: translate(`products.${plan}`, lang), itemNumber: null })),
    ...rows.map((r): Product => ({
      productKey: `accessory:${String(r.id)}`,
      kind: 'accessory',
      name: String(r[accessories.columnOf.get('name')!]),
      itemNumber: (r[accessories.columnOf.get('itemNumber')!] as string | null) ?? null,
    })),
  ];
}

/** The host's list prices: product key -> currency -> price. */
export async function listPrices(db: Db, currency?: string): Promise<Map<string, Map<string, number>>> {
  let q = db.selectFrom('product_list_prices').select(['product_key', 'currency', 'price']);
  if (currency) q = q.where('currency', '=', currency);
  const prices = new Map<string, Map<string, number>>();
  for (const row of await q.execute()) {
    const byCurrency = prices.get(row.product_key) ?? new Map<string, number>();
    byCurrency.set(row.currency, toAmount(row.price)!);
    prices.set(row.product_key, byCurrency);
  }
  return prices;
}

export interface Currency {
  code: string;
  name: string;
}

export function availableCurrencies(engine: SchemaEngine, lang: string): Currency[] {
  const customers = modelOf(engine, 'customers').schema;
  const codes = (customers.properties.currency?.enum ?? []).filter((c): c is string => typeof c === 'string');
  return codes.map((code) => ({ code, name: enumLabel(customers, 'currency', code, lang) }));
}
