import type { Db } from '../db/database';
import { normalize } from '../identity/user-records';
import { ANONYMOUS } from '../permissions/guard';
import { type Api, pathParams } from '../http/route-schemas';
import { isUuid } from '../http/uuid';
import { FIND_TENANT_RESULT } from './route-schemas';
import { isTenantAvailable } from '../multitenancy/tenant-state';


/**
 * ABP's anonymous tenant lookup (what a tenant switcher asks before sign-in):
 * `GET /api/abp/multi-tenancy/tenants/by-name/{name}` and `/by-id/{id}` answer
 * `{ success, tenantId, name, isActive }`; an unknown or deleted tenant is `success: false`
 * (200, as ABP), an inactive or expired one `isActive: false`.
 */
export async function findTenantRoutes(app: Api, opts: { db: Db }) {
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
  const schema = <const P extends object>(params: P) => ({ tags: ['tenants'], summary: 'Find a tenant (anonymous)', params, response: { 200: FIND_TENANT_RESULT } });

  app.get('/api/abp/multi-tenancy/tenants/by-name/:name', { config: { policy: ANONYMOUS }, schema: schema(pathParams({ name: { type: 'string', description: "The tenant's name" } })) }, async (request) =>
    find('normalized_name', normalize(request.params.name.slice(0, 256))),
  );

  // Anything but a UUID names no tenant: found nothing, as ABP answers.
  app.get('/api/abp/multi-tenancy/tenants/by-id/:id', { config: { policy: ANONYMOUS }, schema: schema(pathParams({ id: { type: 'string', description: "The tenant's id (anything else finds nothing)" } })) }, async (request) =>
    isUuid(request.params.id) ? find('id', request.params.id) : { success: false, tenantId: null, name: null, isActive: false },
  );
}
