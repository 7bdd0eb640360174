import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { normalize } from '../identity/user-records';
import { ANONYMOUS } from '../permissions/guard';
import { HAND_CHECKED } from '../http/route-schemas';
import { FIND_TENANT_RESULT } from './route-schemas';
import { isTenantAvailable } from '../multitenancy/tenant-state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * ABP's anonymous tenant lookup (what a tenant switcher asks before sign-in):
 * `GET /api/abp/multi-tenancy/tenants/by-name/{name}` and `/by-id/{id}` answer
 * `{ success, tenantId, name, isActive }`; an unknown or deleted tenant is `success: false`
 * (200, as ABP), an inactive or expired one `isActive: false`.
 */
export async function findTenantRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const find = async (by: 'id' | 'normalized_name', value: string) => {
    const tenant = await db
      .selectFrom('tenants')
      .select(['id', 'name', 'is_active', 'activation_end_date'])
      .where(by, '=', value)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    return tenant
      ? { success: true, tenantId: tenant.id, name: tenant.name, isActive: isTenantAvailable(tenant) }
      : { success: false, tenantId: null, name: null, isActive: false };
  };
  // A fresh object per route: the common refusals are added to each route's own schema.
  const schema = (param: string, description: string) => ({
    tags: ['tenants'],
    summary: 'Find a tenant (anonymous)',
    params: { type: 'object', properties: { [param]: { type: 'string', description } }, required: [param] },
    response: { 200: FIND_TENANT_RESULT },
  });

  app.get<{ Params: { name: string } }>('/api/abp/multi-tenancy/tenants/by-name/:name', { config: { policy: ANONYMOUS }, ...HAND_CHECKED, schema: schema('name', "The tenant's name") }, async (request) =>
    find('normalized_name', normalize(request.params.name.slice(0, 256))),
  );

  app.get<{ Params: { id: string } }>('/api/abp/multi-tenancy/tenants/by-id/:id', { config: { policy: ANONYMOUS }, ...HAND_CHECKED, schema: schema('id', "The tenant's id (anything else finds nothing)") }, async (request) =>
    UUID.test(request.params.id) ? find('id', request.params.id) : { success: false, tenantId: null, name: null, isActive: false },
  );
}
