import type { Account } from 'oidc-provider';
import type { Db } from '../db/database';
import { findUserSummary } from '../identity/user-records';

/** The issuer's view of a user: the claims that go into ID tokens and userinfo. */
export async function findAccount(db: Db, sub: string): Promise<Account | undefined> {
  // Subjects are UUIDs; anything else cannot be a user (and must not reach the query).
  if (!/^[0-9a-f-]{36}$/i.test(sub)) return undefined;
  const user = await findUserSummary(db, sub);
  if (!user) return undefined;
  return {
    accountId: user.id,
    async claims() {
      return {
        sub: user.id,
        name: [user.name, user.surname].filter(Boolean).join(' ') || user.userName,
        given_name: user.name,
        family_name: user.surname,
        preferred_username: user.userName,
        email: user.email,
        email_verified: user.emailConfirmed,
        tenantid: user.tenantId,
        role: user.roles,
      };
    },
  };
}
