import type { Db } from '../../db/database';
import { filterOf } from '../../http/paging';
import type { Scope } from '../../multitenancy/scope';
import { isLockedOut, roleNamesByUser, userListQuery, type UserFilters, type UserRow } from '../users/queries';

/** The MitID provider's name in external_logins. */
export const MITID = 'MitID';

/**
 * The users overview's lists: 'standard' users sign in with user name or email and a password,
 * 'phonenumberlogin' users with their phone number, 'mitid' users through MitID (a linked
 * external login); 'all' is every user (reports).
 */
export type OverviewKind = 'standard' | 'phonenumberlogin' | 'mitid' | 'all';

export function overviewFilters(kind: OverviewKind, query: { Filter?: string; roleId?: string; notActive?: boolean; isLockedOut?: boolean }): UserFilters {
  const common: UserFilters = { filter: filterOf(query), roleId: query.roleId, notActive: query.notActive, isLockedOut: query.isLockedOut };
  if (kind === 'phonenumberlogin') return { ...common, phoneNumberLogin: true };
  if (kind === 'mitid') return { ...common, externalProvider: MITID };
  return common;
}

/** The rows of a kind: 'standard' leaves out phone and MitID users. */
export function overviewQuery(db: Db, scope: Scope, kind: OverviewKind, filters: UserFilters) {
  let q = userListQuery(db, scope, filters).leftJoin('tenants as t', 't.id', 'u.tenant_id');
  if (kind === 'standard') {
    q = q
      .where('u.phone_number_login_enabled', '=', false)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('external_logins as x').select('x.id').whereRef('x.user_id', '=', 'u.id').where('x.provider', '=', MITID))));
  }
  return q;
}

export const OVERVIEW_SORTING = {
  userName: 'u.user_name',
  name: 'u.name',
  surname: 'u.surname',
  email: 'u.email',
  phoneNumber: 'u.phone_number',
  lastSignInTime: 'u.last_sign_in_time',
  creationTime: 'u.creation_time',
} as const;

/** Overview items: the user with tenant name, direct roles and last sign-in, plus what the kind adds. */
export async function overviewItems(db: Db, rows: (UserRow & { tenant_name: string | null })[], kind: OverviewKind) {
  const ids = rows.map((r) => r.id);
  const roles = await roleNamesByUser(db, ids);
  const logins =
    kind === 'mitid' && ids.length
      ? new Map(
          (await db.selectFrom('external_logins').select(['user_id', 'display_name', 'creation_time', 'last_used_time']).where('provider', '=', MITID).where('user_id', 'in', ids).execute()).map(
            (l) => [l.user_id, l],
          ),
        )
      : undefined;
  return rows.map((r) => {
    const login = logins?.get(r.id);
    return {
      id: r.id,
      tenantId: r.tenant_id,
      tenantName: r.tenant_name,
      userName: r.user_name,
      name: r.name,
      surname: r.surname,
      email: r.email,
      phoneNumber: r.phone_number,
      phoneNumberLoginEnabled: r.phone_number_login_enabled,
      isActive: r.is_active,
      isLockedOut: isLockedOut(r),
      roles: roles.get(r.id) ?? [],
      lastSignInTime: r.last_sign_in_time,
      creationTime: r.creation_time,
      ...(login ? { mitId: { displayName: login.display_name, linkedTime: login.creation_time, lastUsedTime: login.last_used_time } } : {}),
    };
  });
}
