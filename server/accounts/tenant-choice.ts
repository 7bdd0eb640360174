import type { FastifyRequest } from 'fastify';
import { FEATURES } from '../../common/features';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { forbidden } from '../http/errors';
import { normalize } from '../identity/users';
import { translate } from '../localization/texts';
import { DEMO_TENANT } from '../seed/demo';
import { featureValues } from '../tenancy/features';
import { isTenantAvailable } from '../tenancy/tenant-state';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tenant a self-registration joins: the one the request names (`__tenant`, already resolved
 * and checked by tenant resolution), else PLUG_AND_PLAY_TENANT (name or id), else, on an install
 * seeded with demo data, the demo tenant. The tenant must be available and have plug and play on
 * (feature Vigil.PlugAndPlay); otherwise registration is closed (403).
 */
export async function registrationTenant(db: Db, config: Config, request: FastifyRequest): Promise<string> {
  const closed = () => forbidden(translate('profile:registration.closed', request.language), 'Vigil:RegistrationClosed');
  let tenantId = request.tenantId;
  if (!tenantId) {
    const wanted = config.plugAndPlayTenant || (config.seedDemo ? DEMO_TENANT : '');
    if (!wanted) throw closed();
    const tenant = await db
      .selectFrom('tenants')
      .select('id')
      .where(UUID.test(wanted) ? 'id' : 'normalized_name', '=', UUID.test(wanted) ? wanted : normalize(wanted))
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    if (!tenant) throw closed();
    tenantId = tenant.id;
  }
  const tenant = await db.selectFrom('tenants').select(['is_active', 'activation_end_date', 'is_deleted']).where('id', '=', tenantId).executeTakeFirst();
  if (!tenant || !isTenantAvailable(tenant)) throw closed();
  const features = await featureValues(db, tenantId);
  if (features[FEATURES.plugAndPlay.name] !== 'true') throw closed();
  return tenantId;
}
