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
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select('roles.name')
    .where('user_roles.user_id', '=', userId)
    .orderBy('roles.name')
    .execute();
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

/** Finds a user by user name or email: both are unique across the whole system. */
export async function findUserForSignIn(db: Db, login: string) {
  const key = normalize(login);
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('normalized_user_name', '=', key), eb('normalized_email', '=', key)]))
    .executeTakeFirst();
}
