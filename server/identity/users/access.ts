import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { assertMayHandOut } from '../escalation-rules';
import { entityNotFound, scopeOf } from '../../multitenancy/scope';
import { effectiveRoles } from '../user-records';
import { findScopedUser, organizationUnitIdsOf, roleNamesByUser, toUserDto, type UserRow } from './queries';
import { rolesOfOrganizationUnits, type Role } from './rules';

/** The user as the API answers it, with direct roles and organization units. */
export async function userDto(db: Db, user: UserRow) {
  const roles = await roleNamesByUser(db, [user.id]);
  return toUserDto(user, roles.get(user.id) ?? [], await organizationUnitIdsOf(db, user.id));
}

/** The user the request names, in the request's scope, or a 404. */
export async function requireUser(db: Db, request: FastifyRequest, id: string): Promise<UserRow> {
  const user = await findScopedUser(db, scopeOf(request), id);
  if (!user) throw entityNotFound(request);
  return user;
}

/** Refuses roles (given directly or through new units) whose policies the caller does not hold. */
export async function assertHandOut(db: Db, request: FastifyRequest, tenantId: string | null, userId: string | null, roles: Role[], newOuIds: string[]) {
  const held = userId ? new Set((await effectiveRoles(db, userId)).map((r) => r.id)) : new Set<string>();
  const given = [...roles, ...(await rolesOfOrganizationUnits(db, newOuIds))].filter((r) => !held.has(r.id));
  await assertMayHandOut(db, request, tenantId, [...new Set(given.map((r) => r.name))], { targetUserId: userId });
}
