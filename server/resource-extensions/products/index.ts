import type {} from '@fastify/swagger';
import type { Db } from '../../db/database';
import type { EntityChange } from '../../audit/tables';
import { writeAuditLog } from '../../audit/audit-log';
import { AUTHENTICATED } from '../../permissions/guard';
import type { SchemaEngine } from '../../schema-engine';
import { assertScopeAllowed } from '../../schema-engine/scoping';
import { modelOf } from '../../schema-engine/records';
import { availableCurrencies, listPrices, listProducts } from './catalogue';
import { priceChanges } from './price-body';
import { CURRENCIES_RESPONSE, LIST_PRICES_RESPONSE, PRICE_BODY, PRICE_REFUSALS, SET_LIST_PRICES_RESPONSE } from './route-schemas';
import type { Api } from '../../http/route-schemas';

/**
 * The product catalogue's prices (SPEC section 7: product, currency/availableCurrencies): the
 * host keeps a list price per product and currency; customers' prices start from it
 * (server/resource-extensions/customers). List prices are host data, like the accessories they price.
 */
export async function productRoutes(app: Api, opts: { db: Db; engine: SchemaEngine }) {
  const { db, engine } = opts;
  const accessories = modelOf(engine, 'accessories');
  const policy = accessories.schema['x-resource'].policy;
  const currencies = () => availableCurrencies(engine, 'en').map((c) => c.code);
  const tags = ['products'];

  // Reference data every back-office screen with money needs: any signed-in user may read it.
  app.get('/api/app/currency/availableCurrencies', { config: { policy: AUTHENTICATED }, schema: { tags, summary: 'Currencies prices can be kept in', response: { 200: CURRENCIES_RESPONSE, ...PRICE_REFUSALS } } }, async (request) => ({
    items: availableCurrencies(engine, request.language),
  }));

  app.get('/api/app/product/listPrices', { config: { policy }, schema: { tags, summary: 'Products with their list price per currency', response: { 200: LIST_PRICES_RESPONSE, ...PRICE_REFUSALS } } }, async (request) => {
    assertScopeAllowed(accessories, request, 'read');
    const [products, prices] = await Promise.all([listProducts(db, engine, request.language), listPrices(db)]);
    return {
      currencies: currencies(),
      items: products.map((p) => ({ ...p, prices: Object.fromEntries(currencies().map((c) => [c, prices.get(p.productKey)?.get(c) ?? null])) })),
    };
  });

  // The schema checks the body; the handler its currency and products, which must exist.
  const setSchema = { tags, summary: 'Set list prices in one currency', body: PRICE_BODY, response: { 200: SET_LIST_PRICES_RESPONSE, ...PRICE_REFUSALS } };
  app.put('/api/app/product/listPrices', { config: { policy: `${policy}.Update` }, schema: setSchema }, async (request) => {
    assertScopeAllowed(accessories, request, 'write');
    const products = await listProducts(db, engine, request.language);
    const { currency, prices } = priceChanges(request.body, request.language, currencies(), products);
    const before = await listPrices(db, currency);
    await db.transaction().execute(async (trx) => {
      const changes: EntityChange[] = [];
      for (const { productKey, price } of prices) {
        const original = before.get(productKey)?.get(currency) ?? null;
        if (original === price) continue;
        if (price === null) {
          await trx.deleteFrom('product_list_prices').where('product_key', '=', productKey).where('currency', '=', currency).execute();
        } else {
          const values = { product_key: productKey, currency, price, last_modification_time: new Date(), last_modifier_id: request.principal?.userId ?? null };
          await trx
            .insertInto('product_list_prices')
            .values(values)
            .onConflict((oc) => oc.columns(['product_key', 'currency']).doUpdateSet({ price, last_modification_time: values.last_modification_time, last_modifier_id: values.last_modifier_id }))
            .execute();
        }
        changes.push({ entityType: 'products', entityId: productKey, changeType: 1, propertyChanges: [{ propertyName: `listPrice.${currency}`, originalValue: original, newValue: price }] });
      }
      await writeAuditLog(trx, request, { status: 200, entityChanges: changes });
    });
    const after = await listPrices(db, currency);
    return { currency, items: products.map((p) => ({ ...p, price: after.get(p.productKey)?.get(currency) ?? null })) };
  });
}
