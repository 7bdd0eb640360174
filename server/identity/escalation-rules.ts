import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ROLE_ADMIN } from '../../common/roles';
import type { Db } from '../db/database';
import { grantedPolicies, policiesOfRoles } from '../permissions/granted';
import { Refusal } from './refusals';
import { tenantIs } from '../multitenancy/scope';
import { holdsRole } from './users/queries';
import { normalize } from './user-records';

/** The caller's own policies, loaded once per request. */
export async function callerPolicies(db: Db, request: FastifyRequest): Promise<Set<string>> {
  request.grantedPolicies ??= await grantedPolicies(db, request.principal);
  return request.grantedPolicies;
}

/**
 * Nobody hands out more than they hold: every policy of the roles newly given (to a user directly
 * or through an organization unit) must be one the caller holds. Throws a Refusal otherwise.
 */
export async function assertMayHandOut(db: Db, request: FastifyRequest, tenantId: string | null, roleNames: readonly string[], target: Record<string, unknown>): Promise<void> {
  if (roleNames.length === 0) return;
  const held = await callerPolicies(db, request);
  const byRole = await policiesOfRoles(db, tenantId, roleNames);
  const missing = [...new Set([...byRole.values()].flatMap((set) => [...set]).filter((p) => !held.has(p)))].sort();
  if (missing.length) throw new Refusal('roleNotHeld', { ...target, roles: [...roleNames], policies: missing.slice(0, 50) });
}

/**
 * Nobody changes a user who holds more than they do: every policy of the target (the user being
 * edited, locked, deleted, given a password or roles) must be one the caller holds, or a lesser
 * administrator could take over a stronger account by setting its password or email. Changing
 * oneself is not covered here (other rules apply). Throws a Refusal otherwise.
 */
export async function assertMayManageUser(db: Db, request: FastifyRequest, target: { id: string; tenant_id: string | null }): Promise<void> {
  if (target.id === request.principal?.userId) return;
  const held = await callerPolicies(db, request);
  const theirs = await grantedPolicies(db, { userId: target.id, tenantId: target.tenant_id, userName: '', clientId: null, scopes: [] });
  const missing = [...theirs].filter((p) => !held.has(p)).sort();
  if (missing.length) throw new Refusal('targetMorePowerful', { targetUserId: target.id, policies: missing.slice(0, 50) });
}

/** Active host users holding the host's static 'admin' role, directly or through an organization unit. */
async function activeHostAdmins(trx: Db, roleId: string): Promise<number> {
  const row = await trx
    .selectFrom('users as u')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('u.tenant_id', 'is', null)
    .where('u.is_active', '=', true)
    .where('u.is_deleted', '=', false)
    .where(sql<boolean>`(not u.lockout_enabled or u.lockout_end is null or u.lockout_end <= now())`)
    .where(holdsRole(roleId))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Runs a change of host identities (users, their roles, organization units) inside `trx` and
 * refuses it when it leaves no active host administrator where there was one: locking,
 * deactivating or deleting the last one, or taking the 'admin' role from them. The host admin
 * role's row is locked first, so two such changes cannot each remove one of the last two.
 */
export async function keepingHostAdmin<T>(trx: Db, tenantId: string | null, detail: Record<string, unknown>, change: () => Promise<T>): Promise<T> {
  if (tenantId !== null) return change();
  const role = await trx
    .selectFrom('roles')
    .select('id')
    .where(tenantIs('tenant_id', null))
    .where('normalized_name', '=', normalize(ROLE_ADMIN))
    .forUpdate()
    .executeTakeFirst();
  if (!role) return change();
  const before = await activeHostAdmins(trx, role.id);
  const result = await change();
  if (before > 0 && (await activeHostAdmins(trx, role.id)) === 0) throw new Refusal('lastHostAdmin', detail);
  return result;
}
