import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/tables';
import type { UsersTable } from '../tables';
import { contains } from '../../db/like';
import { inScope, UUID, type Scope } from '../../multitenancy/scope';

export type UserRow = Selectable<UsersTable>;

/** A live user the scope may see, or undefined (a malformed id is simply not found). */
export async function findScopedUser(db: Db, scope: Scope, id: string): Promise<UserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('users').selectAll().where('id', '=', id).where('is_deleted', '=', false).where(inScope('tenant_id', scope)).executeTakeFirst();
}

/** Role names given directly to each of the users (not the ones through organization units). */
export async function roleNamesByUser(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map(userIds.map((id) => [id, [] as string[]]));
  if (userIds.length === 0) return map;
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.name'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.name')
    .execute();
  for (const row of rows) map.get(row.user_id)?.push(row.name);
  return map;
}

export async function organizationUnitIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_organization_units').select('organization_unit_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.organization_unit_id);
}

export const isLockedOut = (user: Pick<UserRow, 'lockout_enabled' | 'lockout_end'>, now = Date.now()) =>
  user.lockout_enabled && user.lockout_end !== null && new Date(user.lockout_end).getTime() > now;

/**
 * ABP's IdentityUserDto (an ExtensibleFullAuditedEntityDto), with Vigil's phone sign-in flag and
 * the user's direct role names. Vigil records no creator, modifier or deleter of a user, so those
 * ids (and the modification time) are null, as ABP sends them when it has none.
 */
export function toUserDto(user: UserRow, roleNames: string[], organizationUnitIds?: string[]) {
  return {
    id: user.id,
    tenantId: user.tenant_id,
    userName: user.user_name,
    name: user.name,
    surname: user.surname,
    email: user.email,
    emailConfirmed: user.email_confirmed,
    phoneNumber: user.phone_number,
    phoneNumberConfirmed: false,
    phoneNumberLoginEnabled: user.phone_number_login_enabled,
    isActive: user.is_active,
    lockoutEnabled: user.lockout_enabled,
    lockoutEnd: user.lockout_end,
    isLockedOut: isLockedOut(user),
    accessFailedCount: user.access_failed_count,
    twoFactorEnabled: user.two_factor_enabled,
    creationTime: user.creation_time,
    creatorId: null,
    lastModificationTime: null,
    lastModifierId: null,
    isDeleted: user.is_deleted,
    deleterId: null,
    deletionTime: user.deletion_time,
    lastSignInTime: user.last_sign_in_time,
    lastPasswordChangeTime: user.last_password_change_time,
    concurrencyStamp: user.concurrency_stamp,
    roleNames,
    ...(organizationUnitIds ? { organizationUnitIds } : {}),
    extraProperties: {},
  };
}

/** What an audit entry records of a user (never the password hash or security stamp). */
export function auditedFields(user: Partial<UserRow> | null): Record<string, unknown> | null {
  if (!user) return null;
  return {
    userName: user.user_name,
    email: user.email,
    name: user.name,
    surname: user.surname,
    phoneNumber: user.phone_number,
    phoneNumberLoginEnabled: user.phone_number_login_enabled,
    isActive: user.is_active,
    lockoutEnabled: user.lockout_enabled,
    lockoutEnd: user.lockout_end,
    twoFactorEnabled: user.two_factor_enabled,
  };
}

export interface UserFilters {
  filter?: string;
  roleId?: string;
  organizationUnitId?: string;
  isLockedOut?: boolean;
  notActive?: boolean;
  phoneNumberLogin?: boolean;
  externalProvider?: string;
}

/**
 * Live users the scope may see, filtered: Filter over user name, email, name and surname; roleId
 * (given directly or through an organization unit); organizationUnitId (direct membership);
 * isLockedOut; notActive; phone sign-in; a linked external login.
 */
export function userListQuery(db: Db, scope: Scope, f: UserFilters) {
  let q = db.selectFrom('users as u').where('u.is_deleted', '=', false).where(inScope('u.tenant_id', scope));
  if (f.filter) {
    const like = contains(f.filter);
    q = q.where((eb) => eb.or([eb('u.user_name', 'ilike', like), eb('u.email', 'ilike', like), eb('u.name', 'ilike', like), eb('u.surname', 'ilike', like)]));
  }
  if (f.roleId) {
    const roleId = f.roleId;
    q = q.where(holdsRole(roleId));
  }
  if (f.organizationUnitId) {
    const ouId = f.organizationUnitId;
    q = q.where((eb) => eb.exists(eb.selectFrom('user_organization_units as m').select('m.user_id').whereRef('m.user_id', '=', 'u.id').where('m.organization_unit_id', '=', ouId)));
  }
  if (f.isLockedOut !== undefined) {
    const locked = sql<boolean>`(u.lockout_enabled and u.lockout_end is not null and u.lockout_end > now())`;
    q = q.where(f.isLockedOut ? locked : sql<boolean>`not ${locked}`);
  }
  if (f.notActive !== undefined) q = q.where('u.is_active', '=', !f.notActive);
  if (f.phoneNumberLogin !== undefined) q = q.where('u.phone_number_login_enabled', '=', f.phoneNumberLogin);
  if (f.externalProvider) {
    const provider = f.externalProvider;
    q = q.where((eb) => eb.exists(eb.selectFrom('external_logins as x').select('x.id').whereRef('x.user_id', '=', 'u.id').where('x.provider', '=', provider)));
  }
  return q;
}

/** Sortable fields of user lists. */
export const USER_SORTING = {
  userName: 'u.user_name',
  email: 'u.email',
  name: 'u.name',
  surname: 'u.surname',
  phoneNumber: 'u.phone_number',
  isActive: 'u.is_active',
  creationTime: 'u.creation_time',
  lastSignInTime: 'u.last_sign_in_time',
} as const;

/**
 * A condition on `users as u`: the user holds the role directly or through an organization unit
 * it is a member of (unit roles count as the user's own).
 */
export function holdsRole(roleId: string) {
  return (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) =>
    eb.or([
      eb.exists(eb.selectFrom('user_roles as ur').select('ur.user_id').whereRef('ur.user_id', '=', 'u.id').where('ur.role_id', '=', roleId)),
      eb.exists(
        eb
          .selectFrom('user_organization_units as uou')
          .innerJoin('organization_unit_roles as our', 'our.organization_unit_id', 'uou.organization_unit_id')
          .select('uou.user_id')
          .whereRef('uou.user_id', '=', 'u.id')
          .where('our.role_id', '=', roleId),
      ),
    ]);
}
