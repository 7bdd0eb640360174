import type {} from '@fastify/swagger';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { ABP_ERROR_RESPONSE, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { tenantDisplayName } from '../../multitenancy/tenant-names';
import { translate } from '../../localization/texts';
import type { SchemaEngine } from '../../schema-engine';
import { recordSchema } from '../../schema-engine/openapi-schemas';
import { fieldLabel, toRecord, type DynamicDb, type ResourceModel, type Row } from '../../schema-engine/resource-model';
import { computedSelections, scopedRows } from '../../schema-engine/scoping';
import { invalid } from '../../http/body-validation';
import { ID_PARAMS, NO_CONTENT, pathParams, RECORD_ID, UUID_STRING, type Api } from '../../http/route-schemas';
import { entityChange, modelOf, readVisible, requireVisible } from '../../schema-engine/records';
import { assertCurrency, priceChanges } from '../products/price-body';
import { availableCurrencies, listProducts } from '../products/catalogue';
import { customerPrices, resetCustomerPrices, saveCustomerPrices } from './prices';
import { CURRENCY_BODY, CURRENCY_QUERY, CUSTOMER_PRICES_RESPONSE, PRICE_BODY } from '../products/route-schemas';

/**
 * A customer's pricing tab and related lists (SPEC section 7: customer prices, discountPercentage,
 * resetPrices, contacts, linkedOrganizations). The customer must be one the caller sees through
 * the engine's tenant scoping; anyone else's is a 404.
 */
const MAX_ITEMS = 1000;

/** The body of POST .../linkedOrganizations: the organization to give this default customer. */
const LINK_BODY = {
  type: 'object',
  properties: { organizationId: UUID_STRING },
  required: ['organizationId'],
  additionalProperties: false,
} as const;

const linkParams = pathParams({ id: RECORD_ID, organizationId: RECORD_ID });
/** The refusals every route here may answer, in ABP's shape. */
const REFUSALS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE } as const;

export async function customerRoutes(app: Api, opts: { db: Db; engine: SchemaEngine }) {
  const { db, engine } = opts;
  const dyn = db as unknown as DynamicDb;
  const customers = modelOf(engine, 'customers');
  const contacts = modelOf(engine, 'contact-people');
  const organizations = modelOf(engine, 'organizations');
  const { endpoint, policy } = customers.schema['x-resource'];
  /** The currencies prices are kept in now (the customers schema's), the first the default. */
  const currencies = () => availableCurrencies(engine, 'en').map((c) => c.code);
  /** A currency asked for, which must be one prices are kept in; else the customer's own. */
  const currencyOf = (request: FastifyRequest, row: Row, asked: string | undefined) => {
    const codes = currencies();
    if (asked === undefined) return String(row.currency ?? codes[0]);
    assertCurrency(asked, codes, request.language);
    return asked;
  };
  // The discount's limits and messages are the customers schema's (loaded at run time).
  const discount = customers.schema.properties.discountPercentage;
  const discountBody = {
    type: 'object',
    properties: {
      discountPercentage: { type: 'number', title: discount?.title ?? 'Discount', minimum: discount?.minimum ?? 0, maximum: discount?.maximum ?? 100, 'x-messages': discount?.['x-messages'] ?? {} },
      concurrencyStamp: { type: 'string', maxLength: 64 },
    },
    required: ['discountPercentage'],
    additionalProperties: false,
  } as const;
  /** A refused member is named as the customer form labels it. */
  const customerLabel = (member: string, lang: string) => fieldLabel(customers.schema, member, lang);
  const tags = [customers.name];
  const items = (model: ResourceModel) => ({ type: 'object', properties: { items: { type: 'array', items: recordSchema(model) } }, required: ['items'] });
  const linkColumn = organizations.columnOf.get('defaultCustomerId')!;
  const organizationsPolicy = organizations.schema['x-resource'].policy;

  /** Linking changes the organization's record too: the caller needs its update policy as well. */
  const assertMayChangeOrganizations = (request: FastifyRequest) => {
    if (!request.grantedPolicies?.has(`${organizationsPolicy}.Update`)) throw forbidden(translate('errors.forbidden', request.language));
  };

  /** Sets (or clears) an organization's default customer, with its audit entry; the organization as it is after. */
  const setDefaultCustomer = async (request: FastifyRequest, organization: Row, customerId: string | null) => {
    const before = toRecord(organizations, organization);
    if ((before.defaultCustomerId ?? null) !== customerId) {
      await db.transaction().execute(async (trx) => {
        const result = await (trx as unknown as DynamicDb)
          .updateTable(organizations.table)
          .set({ [linkColumn]: customerId, last_modification_time: new Date(), last_modifier_id: request.principal?.userId ?? null, concurrency_stamp: randomUUID() })
          .where('id', '=', String(organization.id))
          .where('concurrency_stamp', '=', String(organization.concurrency_stamp))
          .where('is_deleted', '=', false)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw conflict(translate('errors.concurrency', request.language));
        await writeAuditLog(trx, request, { status: 200, entityChanges: [entityChange(organizations, before, { ...before, defaultCustomerId: customerId }, String(organization.id), 1)] });
      });
    }
    return toRecord(organizations, (await readVisible(dyn, engine, organizations, request, String(organization.id)))!);
  };
  const customer = (request: FastifyRequest, id: string) => requireVisible(dyn, engine, customers, request, id);

  /** The refusal of a link across tenants, naming both records and their tenants. */
  const otherTenantLink = async (request: FastifyRequest, organization: Row, row: Row) => {
    const lang = request.language;
    const tenantOf = (r: Row) => tenantDisplayName(db, (r.tenant_id as string | null) ?? null, lang);
    const message = translate('errors.organizationOfAnotherTenant', lang, {
      organization: String(organization[organizations.columnOf.get('name')!]),
      organizationTenant: await tenantOf(organization),
      customer: String(row[customers.columnOf.get('name')!]),
      customerTenant: await tenantOf(row),
    });
    return badRequest(message, [{ members: ['organizationId'], message }], 'Vigil:OrganizationOfAnotherTenant');
  };

  /** Records of another resource pointing at the customer, as the caller may see them. */
  const related = async (request: FastifyRequest, id: string, model: ResourceModel, field: string, order: [string, 'asc' | 'desc'][]) => {
    const row = await customer(request, id);
    let q = scopedRows(dyn, model, request, 't').selectAll('t').select(computedSelections(model, engine.models, 't')).where(`t.${model.columnOf.get(field)!}`, '=', String(row.id));
    for (const [f, dir] of order) q = q.orderBy(`t.${model.columnOf.get(f)!}`, dir);
    return { items: (await q.orderBy('t.id').limit(MAX_ITEMS).execute()).map((r) => toRecord(model, r)) };
  };

  app.get(`${endpoint}/:id/prices`, { config: { policy }, schema: { tags, summary: "A customer's prices in one currency", params: ID_PARAMS, querystring: CURRENCY_QUERY, response: { 200: CUSTOMER_PRICES_RESPONSE, ...REFUSALS } } }, async (request) => {
    const row = await customer(request, request.params.id);
    return customerPrices(db, engine, row, currencyOf(request, row, request.query.currency), request.language);
  });

  app.put(`${endpoint}/:id/prices`, { config: { policy: `${policy}.Update` }, schema: { tags, summary: "Set a customer's own prices", params: ID_PARAMS, body: PRICE_BODY, response: { 200: CUSTOMER_PRICES_RESPONSE, ...REFUSALS } } }, async (request) => {
    const row = await customer(request, request.params.id);
    const body = priceChanges(request.body, request.language, currencies(), await listProducts(db, engine, request.language));
    await saveCustomerPrices(db, request, row, body);
    return customerPrices(db, engine, row, body.currency, request.language);
  });

  app.post(`${endpoint}/:id/resetPrices`, { config: { policy: `${policy}.Update` }, schema: { tags, summary: "Remove a customer's own prices", params: ID_PARAMS, body: CURRENCY_BODY, response: { 200: CUSTOMER_PRICES_RESPONSE, ...REFUSALS } } }, async (request) => {
    const row = await customer(request, request.params.id);
    const asked = request.body?.currency;
    const currency = currencyOf(request, row, asked);
    // Left out, every currency's own prices go.
    await resetCustomerPrices(db, request, row, asked);
    return customerPrices(db, engine, row, currency, request.language);
  });

  app.put(`${endpoint}/:id/discountPercentage`, { config: { policy: `${policy}.Update`, fieldLabel: customerLabel }, schema: { tags, summary: "Set a customer's discount", params: ID_PARAMS, body: discountBody, response: { 200: recordSchema(customers), 409: ABP_ERROR_RESPONSE, ...REFUSALS } } }, async (request) => {
    const row = await customer(request, request.params.id);
    const { discountPercentage, concurrencyStamp } = request.body;
    const stale = () => conflict(translate('errors.concurrency', request.language));
    if (concurrencyStamp !== undefined && concurrencyStamp !== row.concurrency_stamp) throw stale();
    const before = toRecord(customers, row);
    await db.transaction().execute(async (trx) => {
      const result = await (trx as unknown as DynamicDb)
        .updateTable(customers.table)
        .set({
          [customers.columnOf.get('discountPercentage')!]: discountPercentage,
          last_modification_time: new Date(),
          last_modifier_id: request.principal?.userId ?? null,
          concurrency_stamp: randomUUID(),
        })
        .where('id', '=', String(row.id))
        .where('concurrency_stamp', '=', String(row.concurrency_stamp))
        .where('is_deleted', '=', false)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw stale();
      await writeAuditLog(trx, request, { status: 200, entityChanges: [entityChange(customers, before, { ...before, discountPercentage }, String(row.id), 1)] });
    });
    return toRecord(customers, (await readVisible(dyn, engine, customers, request, String(row.id)))!);
  });

  app.get(
    `${endpoint}/:id/contacts`,
    { config: { policy }, schema: { tags, summary: "A customer's contact people, primary first", params: ID_PARAMS, response: { 200: items(contacts), ...REFUSALS } } },
    async (request) =>
      related(request, request.params.id, contacts, 'customerId', [
        ['isPrimary', 'desc'],
        ['name', 'asc'],
      ]),
  );

  app.get(
    `${endpoint}/:id/linkedOrganizations`,
    { config: { policy }, schema: { tags, summary: 'Organizations whose default customer this is', params: ID_PARAMS, response: { 200: items(organizations), ...REFUSALS } } },
    async (request) => related(request, request.params.id, organizations, 'defaultCustomerId', [['name', 'asc']]),
  );

  // Links an organization of the customer's tenant: it becomes the organization's default customer
  // (an organization has one; linking moves it from another customer). Idempotent.
  app.post(
    `${endpoint}/:id/linkedOrganizations`,
    {
      config: { policy: `${policy}.Update` },
      schema: { tags, summary: 'Link an organization to a customer', params: ID_PARAMS, body: LINK_BODY, response: { 200: recordSchema(organizations), 409: ABP_ERROR_RESPONSE, ...REFUSALS } },
    },
    async (request) => {
      assertMayChangeOrganizations(request);
      const row = await customer(request, request.params.id);
      const { organizationId } = request.body;
      const organization = await readVisible(dyn, engine, organizations, request, organizationId);
      if (!organization) {
        throw invalid(request.language, [{ members: ['organizationId'], message: translate('validation:organizationNotFound', request.language) }]);
      }
      // Only a host looking at every tenant sees another tenant's organization: told whose it is.
      if (organization.tenant_id !== row.tenant_id) throw await otherTenantLink(request, organization, row);
      return setDefaultCustomer(request, organization, String(row.id));
    },
  );

  app.delete(
    `${endpoint}/:id/linkedOrganizations/:organizationId`,
    {
      config: { policy: `${policy}.Update` },
      schema: { tags, summary: 'Unlink an organization from a customer', params: linkParams, response: { ...NO_CONTENT, 409: ABP_ERROR_RESPONSE, ...REFUSALS } },
    },
    async (request, reply) => {
      assertMayChangeOrganizations(request);
      const row = await customer(request, request.params.id);
      const { organizationId } = request.params;
      const organization = await readVisible(dyn, engine, organizations, request, organizationId);
      if (!organization || organization.tenant_id !== row.tenant_id || organization[linkColumn] !== row.id) {
        throw notFound(translate('errors.entityNotFound', request.language));
      }
      await setDefaultCustomer(request, organization, null);
      return reply.status(204).send(null);
    },
  );
}
