import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { forbidden } from '../http/errors';
import { translate } from '../localization/texts';
import { POLICIES } from '../../common/policies';
import { assertMayManageUser } from '../identity/escalation-rules';
import { Refusal } from '../identity/refusals';
import { entityNotFound, tenantIs } from '../multitenancy/scope';
import { effectiveRoles, normalize } from '../identity/user-records';
import { isUuid } from '../http/uuid';
import type { Checked } from '../http/route-schemas';
import { grantedPolicies } from '../permissions/granted';
import type { TARGET_QUERY } from './route-schemas';

/** Whose permissions a request manages: a role ('R', by name) or a user ('U', by id) of the acting tenant. */
export interface Target {
  providerName: 'R' | 'U';
  providerKey: string;
  tenantId: string | null;
  displayName: string;
  /** For a user: the roles (with units') whose grants the user also holds. */
  roleNames: string[];
}

const POLICY_OF = { R: `${POLICIES.roles}.ManagePermissions`, U: `${POLICIES.identityUsers}.ManagePermissions` } as const;

/**
 * Takes the checked providerName and providerKey, asks for the provider's policy, and finds the role or user
 * in the acting tenant. A role or user of another tenant is not found, and the attempt to change
 * one is logged as an escalation ('otherTenant') while answering the same 404.
 */
export async function resolveTarget(db: Db, request: FastifyRequest, query: Checked<typeof TARGET_QUERY>, forChange: boolean): Promise<Target> {
  const lang = request.language;
  const name = query.providerName;
  const key = query.providerKey.trim();

  request.grantedPolicies ??= await grantedPolicies(db, request.principal);
  if (!request.grantedPolicies.has(POLICY_OF[name])) {
    request.log.warn({ policy: POLICY_OF[name], user: request.principal?.userId }, 'policy refused');
    throw forbidden(translate('errors.forbidden', lang));
  }
  const tenantId = request.tenantId;

  if (name === 'R') {
    const role = await db.selectFrom('roles').select('name').where(tenantIs('tenant_id', tenantId)).where('normalized_name', '=', normalize(key)).executeTakeFirst();
    if (!role) throw entityNotFound(request);
    return { providerName: 'R', providerKey: role.name, tenantId, displayName: role.name, roleNames: [role.name] };
  }

  const user = isUuid(key)
    ? await db.selectFrom('users').select(['id', 'user_name', 'tenant_id']).where('id', '=', key).where('is_deleted', '=', false).executeTakeFirst()
    : undefined;
  if (!user || user.tenant_id !== tenantId) {
    if (user && forChange) throw new Refusal('otherTenant', { providerName: name, providerKey: key, targetTenantId: user.tenant_id }, 'notFound');
    throw entityNotFound(request);
  }
  if (forChange && user.id === request.principal?.userId) throw new Refusal('ownGrants', { providerName: name, providerKey: key });
  if (forChange) await assertMayManageUser(db, request, user);
  const roles = await effectiveRoles(db, user.id);
  return { providerName: 'U', providerKey: user.id, tenantId, displayName: user.user_name, roleNames: roles.map((r) => r.name) };
}
