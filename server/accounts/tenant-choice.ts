import type { FastifyRequest } from 'fastify';
import { FEATURES } from '../../common/features';
import { DEMO_TENANT, type Config } from '../config';
import type { Db } from '../db/database';
import { forbidden } from '../http/errors';
import { normalize } from '../identity/user-records';
import { translate } from '../localization/texts';
import { featureValues, selfRegistrationOpen } from '../tenancy/features';
import { isTenantAvailable } from '../multitenancy/tenant-state';
import { isUuid } from '../http/uuid';

declare module 'fastify' {
  interface FastifyRequest {
    /** `__tenant` of a registration request, taken away before tenant resolution (see takeTenantParameter). */
    registrationTenantName?: string;
  }
}

const COOKIE = /(?:^|;\s*)__tenant=([^;]*)/;

/**
 * Route hook (onRequest) of the anonymous registration routes: keeps the `__tenant` the request
 * names (query, header or cookie, ABP's order) and removes it, so tenant resolution does not
 * answer "tenant not found" for an unknown tenant; registrationTenant refuses it exactly like a
 * tenant that is closed to registration.
 */
export async function takeTenantParameter(request: FastifyRequest): Promise<void> {
  const query: unknown = request.query;
  const fromQuery = typeof query === 'object' && query !== null && '__tenant' in query ? query.__tenant : undefined;
  const header = request.headers.__tenant;
  const cookie = COOKIE.exec(request.headers.cookie ?? '');
  const named = (typeof fromQuery === 'string' && fromQuery) || (typeof header === 'string' && header) || (cookie ? decodeURIComponent(cookie[1] ?? '') : '');
  if (typeof query === 'object' && query !== null) Reflect.deleteProperty(query, '__tenant');
  delete request.headers.__tenant;
  if (cookie) request.headers.cookie = (request.headers.cookie ?? '').replace(COOKIE, '');
  if (named && named !== 'null') request.registrationTenantName = named;
}

/**
 * The tenant a self-registration joins: the one the request names (`__tenant`, by id or name),
 * else PLUG_AND_PLAY_TENANT (name or id), else, on an install seeded with demo data, the demo
 * tenant. The tenant must be available, have plug and play on (Vigil.PlugAndPlay) and be open to
 * self-registration (Vigil.SelfRegistration, on by default only for the plug-and-play tenant).
 * Every other case, an unknown tenant included, gets the same refusal (403).
 */
export async function registrationTenant(db: Db, config: Config, request: FastifyRequest): Promise<string> {
  const closed = () => forbidden(translate('profile:registration.closed', request.language), 'Vigil:RegistrationClosed');
  const byNameOrId = async (wanted: string) =>
    db
      .selectFrom('tenants')
      .select(['id', 'is_active', 'activation_end_date', 'is_deleted'])
      .where(isUuid(wanted) ? 'id' : 'normalized_name', '=', isUuid(wanted) ? wanted : normalize(wanted))
      .where('is_deleted', '=', false)
      .executeTakeFirst();
  const plugAndPlayName = config.plugAndPlayTenant || (config.seedDemo ? DEMO_TENANT : '');
  const plugAndPlay = plugAndPlayName ? await byNameOrId(plugAndPlayName) : undefined;
  const named = request.registrationTenantName;
  const tenant = named ? await byNameOrId(named.slice(0, 256)) : plugAndPlay;
  if (!tenant || !isTenantAvailable(tenant)) throw closed();
  const features = await featureValues(db, tenant.id);
  if (features[FEATURES.plugAndPlay.name] !== 'true') throw closed();
  if (!(await selfRegistrationOpen(db, tenant.id, tenant.id === plugAndPlay?.id))) throw closed();
  return tenant.id;
}
