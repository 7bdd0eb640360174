import { sql } from 'kysely';
import type { Db } from '../db/database';

export const normalize = (value: string) => value.trim().toUpperCase();

/** A user with tenant name and role names, as sign-in, tokens and the API need them. */
export interface UserSummary {
  id: string;
  tenantId: string | null;
  tenantName: string | null;
  userName: string;
  email: string;
  emailConfirmed: boolean;
  name: string;
  surname: string;
  phoneNumber: string | null;
  roles: string[];
}

export async function findUserSummary(db: Db, userId: string): Promise<UserSummary | undefined> {
  const user = await db
    .selectFrom('users')
    .leftJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'users.id', 'users.tenant_id', 'tenants.name as tenant_name', 'users.user_name', 'users.email',
      'users.email_confirmed', 'users.name', 'users.surname', 'users.phone_number',
    ])
    .where('users.id', '=', userId)
    .where('users.is_active', '=', true)
    .where('users.is_deleted', '=', false)
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await effectiveRoles(db, userId);
  return {
    id: user.id,
    tenantId: user.tenant_id,
    tenantName: user.tenant_name,
    userName: user.user_name,
    email: user.email,
    emailConfirmed: user.email_confirmed,
    name: user.name,
    surname: user.surname,
    phoneNumber: user.phone_number,
    roles: roles.map((r) => r.name),
  };
}

/**
 * The roles a user holds: given directly or through an organization unit the user is a member of
 * (ABP's rule, the same one permissions are granted by).
 */
export async function effectiveRoles(db: Db, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('roles')
    .select(['roles.id', 'roles.name'])
    .where((eb) =>
      eb.or([
        eb('roles.id', 'in', eb.selectFrom('user_roles').select('user_roles.role_id').where('user_roles.user_id', '=', userId)),
        eb(
          'roles.id',
          'in',
          eb
            .selectFrom('organization_unit_roles as our')
            .innerJoin('user_organization_units as uou', 'uou.organization_unit_id', 'our.organization_unit_id')
            .select('our.role_id')
            .where('uou.user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('roles.name')
    .execute();
}

/** A phone number as stored and compared: digits with an optional leading '+', no spaces. */
export const normalizePhone = (value: string) => value.replace(/[\s-]/g, '');

/**
 * Finds a live user by user name or email (both unique across the whole system), or by phone
 * number for users who sign in with it.
 */
export async function findUserForSignIn(db: Db, login: string) {
  const key = normalize(login);
  const phone = normalizePhone(login.trim());
  return db
    .selectFrom('users')
    .selectAll()
    .where('is_deleted', '=', false)
    .where((eb) =>
      eb.or([
        eb('normalized_user_name', '=', key),
        eb('normalized_email', '=', key),
        ...(/^\+?[0-9]{4,16}$/.test(phone) ? [eb.and([eb('phone_number_login_enabled', '=', true), eb('phone_number', '=', phone)])] : []),
      ]),
    )
    // A user name or email that matches wins over another user's phone number.
    .orderBy(sql`case when normalized_user_name = ${key} or normalized_email = ${key} then 0 else 1 end`)
    .executeTakeFirst();
}
