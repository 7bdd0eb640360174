import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../http/uuid';
import { ALL_TENANTS } from '../../common/roles';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { translate } from '../localization/texts';
import { ABP_CODES, forbidden, notFound } from '../http/errors';
import { grantedPolicies } from '../permissions/granted';
import { isTenantAvailable, tenantIsAvailable } from '../multitenancy/tenant-state';

declare module 'fastify' {
  interface FastifyRequest {
    /** A host user asked for every tenant's rows (`__tenant` = the all-zero UUID). */
    allTenants: boolean;
  }
}


/** Where `__tenant` came from: ABP sets the cookie only when the query string named the tenant. */
interface AskedTenant {
  value: string;
  from: 'query' | 'header' | 'cookie';
}

/** `__tenant` as ABP reads it: query string, then header, then cookie. */
function requestedTenant(request: FastifyRequest): AskedTenant | undefined {
  // Not a route's own parameter: read from the query as it came (before any route schema).
  const raw: unknown = request.query;
  const query = typeof raw === 'object' && raw !== null && '__tenant' in raw ? raw.__tenant : undefined;
  if (typeof query === 'string' && query) return { value: query, from: 'query' };
  const header = request.headers.__tenant;
  if (typeof header === 'string' && header) return { value: header, from: 'header' };
  const cookie = /(?:^|;\s*)__tenant=([^;]+)/.exec(request.headers.cookie ?? '');
  if (!cookie) return undefined;
  try {
    return { value: decodeURIComponent(cookie[1]!), from: 'cookie' };
  } catch {
    return { value: cookie[1]!, from: 'cookie' };
  }
}

/** Does `asked` (an id or a name, as ABP accepts both) name the tenant with this id? */
async function namesTenant(db: Db, asked: string, tenantId: string): Promise<boolean> {
  if (isUuid(asked)) return asked.toLowerCase() === tenantId.toLowerCase();
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).where('normalized_name', '=', asked.trim().toUpperCase()).executeTakeFirst();
  return tenant !== undefined;
}

/** Ten years, as AbpMultiTenancyCookieHelper.SetTenantCookie sets it. */
const TENANT_COOKIE_SECONDS = 10 * 365 * 24 * 60 * 60;

/**
 * The `__tenant` cookie ABP's MultiTenancyMiddleware sets when the query string resolved the
 * tenant (AbpMultiTenancyCookieHelper: the tenant id, path /, readable by scripts, ten years).
 */
function setTenantCookie(reply: FastifyReply, tenantId: string): void {
  const cookie = `__tenant=${tenantId}; Path=/; Max-Age=${TENANT_COOKIE_SECONDS}; SameSite=Lax`;
  const existing = reply.getHeader('set-cookie');
  const others = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...others, cookie]);
}

/**
 * Which tenant a request acts in (ABP's order): a signed-in user's token first (ABP's
 * CurrentUserTenantResolveContributor); then `__tenant` by id or name. A tenant's user naming
 * their own tenant (by id or name) goes on as ABP does; naming another tenant is refused with 403
 * and logged. A host user may pick one only with the tenant-management policy. A tenant that is
 * inactive, past its activation end date or deleted is not found by `__tenant` (404, ABP's
 * `Volo.AbpIo.MultiTenancy:010001`), and its own users are refused (403, ABP's
 * `Volo.AbpIo.MultiTenancy:010002`) even with a token issued before the change. A tenant the
 * query string chose is remembered in the `__tenant` cookie, as ABP's middleware does.
 */
export function installTenantResolution(app: FastifyInstance, db: Db): void {
  app.decorateRequest('allTenants', false);

  // Before validation, with the policy guard: the query's `__tenant` is not a route's own parameter.
  app.addHook('preValidation', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const requested = requestedTenant(request);
    const asked = requested?.value;
    const principal = request.principal;

    if (principal?.tenantId) {
      request.tenantId = principal.tenantId;
      if (asked && asked !== principal.tenantId && !(await namesTenant(db, asked, principal.tenantId))) {
        request.log.warn({ user: principal.userId, asked }, 'tenant switch refused for a tenant user');
        throw forbidden(translate('errors.tenantSwitch', request.language), 'Vigil:Forbidden');
      }
      // A tenant deactivated, expired or deleted stops its users at once, not when tokens expire.
      request.tenantAvailable ??= await tenantIsAvailable(db, principal.tenantId);
      if (!request.tenantAvailable) throw forbidden(translate('errors.tenantInactive', request.language), ABP_CODES.tenantNotActive);
      return;
    }

    request.tenantId = null;
    if (!asked || asked === 'null') return;
    if (principal) {
      request.grantedPolicies ??= await grantedPolicies(db, principal);
      if (!request.grantedPolicies.has(POLICIES.tenants)) {
        request.log.warn({ user: principal.userId, asked }, 'tenant switch refused without the policy');
        throw forbidden(translate('errors.tenantSwitch', request.language), 'Vigil:Forbidden');
      }
    }
    if (asked === ALL_TENANTS) {
      if (!principal) throw forbidden(translate('errors.tenantSwitch', request.language), 'Vigil:Forbidden');
      request.allTenants = true;
      return;
    }
    const tenant = await db
      .selectFrom('tenants')
      .select(['id', 'is_active', 'activation_end_date', 'is_deleted'])
      .where(isUuid(asked) ? 'id' : 'normalized_name', '=', isUuid(asked) ? asked : asked.trim().toUpperCase())
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!tenant || !isTenantAvailable(tenant)) {
      throw notFound(translate('errors.tenantNotFound', request.language, { name: asked.slice(0, 64) }), ABP_CODES.tenantNotFound);
    }
    request.tenantId = tenant.id;
    if (requested?.from === 'query') setTenantCookie(reply, tenant.id);
  });
}
