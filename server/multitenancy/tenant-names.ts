import type { FastifyRequest } from 'fastify';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { translate } from '../localization/texts';

/**
 * Whether the caller sees every tenant's records: a host user holding the tenant-management
 * policy, who may pick any tenant with `__tenant`. Only to such a caller may an answer say that a
 * record exists in another tenant, and which.
 */
export const seesEveryTenant = (request: FastifyRequest): boolean =>
  Boolean(request.principal && !request.principal.tenantId && request.grantedPolicies?.has(POLICIES.tenants));

/** A tenant's name as people read it, in the caller's language for the host (null). */
export async function tenantDisplayName(db: Db, tenantId: string | null, lang: string): Promise<string> {
  if (tenantId === null) return translate('tenants.own', lang);
  const tenant = await db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirst();
  return tenant?.name ?? tenantId;
}
