import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { customTenantRoutes } from './custom-tenant-routes';
import { featureRoutes } from './feature-routes';
import { findTenantRoutes } from './find-tenant-routes';
import { tenantRoutes } from './tenant-routes';

/**
 * Tenant management (ABP SaaS `/api/saas/tenants`, the back office's `/api/app/customTenant`),
 * feature management (`/api/feature-management/features`) and the anonymous tenant lookup
 * (`/api/abp/multi-tenancy/tenants/by-name|by-id`). Tenant resolution itself is
 * resolve-tenant.ts, installed for every request by app.ts.
 */
export async function tenancyModule(app: FastifyInstance, opts: { db: Db; policies: readonly string[] }) {
  await app.register(tenantRoutes, opts);
  await app.register(customTenantRoutes, { db: opts.db });
  await app.register(featureRoutes, { db: opts.db });
  await app.register(findTenantRoutes, { db: opts.db });
}
