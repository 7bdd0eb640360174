import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { normalize } from '../identity/users';
import { ANONYMOUS } from '../permissions/guard';
import { isTenantAvailable } from './tenant-state';

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
  const schema = { tags: ['tenants'], summary: 'Find a tenant (anonymous)' };

  app.get<{ Params: { name: string } }>('/api/abp/multi-tenancy/tenants/by-name/:name', { config: { policy: ANONYMOUS }, schema }, async (request) =>
    find('normalized_name', normalize(request.params.name.slice(0, 256))),
  );

  app.get<{ Params: { id: string } }>('/api/abp/multi-tenancy/tenants/by-id/:id', { config: { policy: ANONYMOUS }, schema }, async (request) =>
    UUID.test(request.params.id) ? find('id', request.params.id) : { success: false, tenantId: null, name: null, isActive: false },
  );
}
