import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALL_TENANTS } from '../../common/roles';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { translate } from '../localization/texts';
import { forbidden, notFound } from '../http/errors';
import { grantedPolicies } from '../permissions/granted';
import { isTenantAvailable, tenantIsAvailable } from './tenant-state';

declare module 'fastify' {
  interface FastifyRequest {
    /** A host user asked for every tenant's rows (`__tenant` = the all-zero UUID). */
    allTenants: boolean;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `__tenant` as ABP reads it: query string, then header, then cookie. */
function requestedTenant(request: FastifyRequest): string | undefined {
  const query = (request.query as Record<string, unknown> | undefined)?.__tenant;
  if (typeof query === 'string' && query) return query;
  const header = request.headers.__tenant;
  if (typeof header === 'string' && header) return header;
  const cookie = /(?:^|;\s*)__tenant=([^;]+)/.exec(request.headers.cookie ?? '');
  return cookie ? decodeURIComponent(cookie[1]!) : undefined;
}

/**
 * Which tenant a request acts in (ABP's order): a signed-in user's token first; then `__tenant`
 * by id or name. A tenant's user naming another tenant is refused with 403 and logged; a host
 * user may pick one only with the tenant-management policy. A tenant that is inactive, past its
 * activation end date or deleted is not found by `__tenant` (404), and its own users are refused
 * (403) even with a token issued before the change.
 */
export function installTenantResolution(app: FastifyInstance, db: Db): void {
  app.decorateRequest('allTenants', false);

  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const asked = requestedTenant(request);
    const principal = request.principal;

    if (principal?.tenantId) {
      request.tenantId = principal.tenantId;
      if (asked && asked !== principal.tenantId) {
        request.log.warn({ user: principal.userId, asked }, 'tenant switch refused for a tenant user');
        throw forbidden(translate('errors.tenantSwitch', request.language));
      }
      // A tenant deactivated, expired or deleted stops its users at once, not when tokens expire.
      request.tenantAvailable ??= await tenantIsAvailable(db, principal.tenantId);
      if (!request.tenantAvailable) throw forbidden(translate('errors.tenantInactive', request.language), 'Vigil:TenantInactive');
      return;
    }

    request.tenantId = null;
    if (!asked || asked === 'null') return;
    if (principal) {
      request.grantedPolicies ??= await grantedPolicies(db, principal);
      if (!request.grantedPolicies.has(POLICIES.tenants)) {
        request.log.warn({ user: principal.userId, asked }, 'tenant switch refused without the policy');
        throw forbidden(translate('errors.tenantSwitch', request.language));
      }
    }
    if (asked === ALL_TENANTS) {
      if (!principal) throw forbidden(translate('errors.tenantSwitch', request.language));
      request.allTenants = true;
      return;
    }
    const tenant = await db
      .selectFrom('tenants')
      .select(['id', 'is_active', 'activation_end_date', 'is_deleted'])
      .where(UUID.test(asked) ? 'id' : 'normalized_name', '=', UUID.test(asked) ? asked : asked.trim().toUpperCase())
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!tenant || !isTenantAvailable(tenant)) throw notFound(translate('errors.tenantNotFound', request.language, { name: asked.slice(0, 64) }));
    request.tenantId = tenant.id;
  });
}
