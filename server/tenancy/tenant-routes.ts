import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import { conflict, forbidden } from '../http/errors';
import { translate } from '../localization/texts';
import { refuseTenantUsers } from '../permissions/host-only';
import { isUniqueViolation } from '../db/constraint-errors';
import { provisionTenantRoles, removeTenantRoles } from './provision';
import type { Api } from '../http/route-schemas';
import { CONFLICT, ID_PARAMS, NO_CONTENT, TENANT, TENANT_LIST_QUERY, TENANT_PAGE } from './route-schemas';
import { activationColumns, cleanTenantBody, customColumns, nameColumns, refuseReservedName, TENANT_BODY } from './tenant-body';
import { findTenant, listTenants, nameTaken, nameTakenError, requireTenant, tenantDto, type TenantRow } from './tenants';

const ENDPOINT = '/api/saas/tenants';

/** What the audit log records of a tenant: its DTO without the bookkeeping fields. */
function audited(row: TenantRow): Record<string, unknown> {
  const { id: _id, concurrencyStamp: _s, creationTime: _c, lastModificationTime: _m, extraProperties: _e, isAvailable: _a, ...fields } = tenantDto(row);
  return fields;
}

/**
 * ABP SaaS tenants, host users only: paged list, get, create (with the tenant's static roles),
 * update (concurrencyStamp, 409 when stale) and delete (soft, refused while the tenant has users;
 * its roles are removed with it).
 */
export async function tenantRoutes(app: Api, opts: { db: Db; policies: readonly string[] }) {
  const { db, policies } = opts;
  app.addHook('preValidation', refuseTenantUsers);
  const tags = ['tenants'];
  const stale = (request: FastifyRequest) => conflict(translate('errors.concurrency', request.language));

  app.get(ENDPOINT, { config: { policy: POLICIES.tenants }, schema: { tags, summary: 'List tenants', querystring: TENANT_LIST_QUERY, response: { 200: TENANT_PAGE } } }, async (request) =>
    listTenants(db, request.query),
  );

  app.get(`${ENDPOINT}/:id`, { config: { policy: POLICIES.tenants }, schema: { tags, summary: 'Get a tenant', params: ID_PARAMS, response: { 200: TENANT } } }, async (request) =>
    tenantDto(await requireTenant(db, request.params.id, request.language)),
  );

  app.post(ENDPOINT, { config: { policy: `${POLICIES.tenants}.Create` }, preValidation: cleanTenantBody, schema: { tags, summary: 'Create a tenant', body: TENANT_BODY, response: { 200: TENANT } } }, async (request) => {
    const lang = request.language;
    const input = request.body;
    refuseReservedName(input.name, lang);
    const activation = activationColumns(input, undefined, lang);
    if (await nameTaken(db, input.name)) throw nameTakenError(input.name, lang);
    const id = randomUUID();
    try {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('tenants')
          .values({ id, ...nameColumns(input.name), ...activation, ...customColumns(input), concurrency_stamp: randomUUID() })
          .returningAll()
          .executeTakeFirstOrThrow();
        await provisionTenantRoles(trx, id, policies);
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('Tenant', id, null, audited(row))] });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTakenError(input.name, lang);
      throw err;
    }
    return tenantDto((await findTenant(db, id))!);
  });

  app.put(`${ENDPOINT}/:id`, {
    config: { policy: `${POLICIES.tenants}.Update` },
    preValidation: cleanTenantBody,
    schema: { tags, summary: 'Update a tenant', params: ID_PARAMS, body: TENANT_BODY, response: { 200: TENANT, ...CONFLICT } },
  }, async (request) => {
    const lang = request.language;
    const existing = await requireTenant(db, request.params.id, lang);
    const input = request.body;
    refuseReservedName(input.name, lang);
    if (input.concurrencyStamp !== undefined && input.concurrencyStamp !== existing.concurrency_stamp) throw stale(request);
    const activation = activationColumns(input, existing, lang);
    if (await nameTaken(db, input.name, existing.id)) throw nameTakenError(input.name, lang);
    try {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('tenants')
          .set({ ...nameColumns(input.name), ...activation, ...customColumns(input), last_modification_time: new Date(), concurrency_stamp: randomUUID() })
          .where('id', '=', existing.id)
          .where('concurrency_stamp', '=', existing.concurrency_stamp)
          .where('is_deleted', '=', false)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw stale(request);
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('Tenant', existing.id, audited(existing), audited(row))] });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTakenError(input.name, lang);
      throw err;
    }
    return tenantDto((await findTenant(db, existing.id))!);
  });

  app.delete(`${ENDPOINT}/:id`, { config: { policy: `${POLICIES.tenants}.Delete` }, schema: { tags, summary: 'Delete a tenant without users', params: ID_PARAMS, response: NO_CONTENT } }, async (request, reply) => {
    const lang = request.language;
    const existing = await requireTenant(db, request.params.id, lang);
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenant_id', '=', existing.id)
      .where('is_deleted', '=', false)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) throw forbidden(translate('tenants.hasUsers', lang, { count: Number(count) }), 'Vigil:TenantHasUsers');
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tenants')
        .set({ is_deleted: true, deletion_time: new Date(), deleter_id: request.principal?.userId ?? null, concurrency_stamp: randomUUID() })
        .where('id', '=', existing.id)
        .execute();
      const roles = await removeTenantRoles(trx, existing.id);
      await writeAuditLog(trx, request, {
        status: 204,
        entityChanges: [describeChange('Tenant', existing.id, audited(existing), null), ...roles.map((role) => describeChange('IdentityRole', role.id, { name: role.name }, null))],
      });
    });
    return reply.status(204).send();
  });
}
