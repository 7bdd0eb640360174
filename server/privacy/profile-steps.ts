import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { endSessions } from '../identity/grant-revocation';
import { affected, containing, countWhere, deleting, or, updating, type ErasureStep } from './erasure-steps';
import type { Subject } from './subject';

/** The name an anonymised record is given: no trace of the person, still a valid record. */
export const ERASED_NAME = 'Erased';

/** The citizen's record: anonymised and soft-deleted, so devices and logs that point at it stay valid. */
export function citizenSteps(subject: Subject): ErasureStep[] {
  return [
    updating(
      'profile',
      'anonymised',
      'citizens',
      sql`first_name = ${ERASED_NAME}, last_name = '', date_of_birth = null, phone = null, address = null, postal_code = null, city = null, notes = null,
          is_deleted = true, deletion_time = now(), last_modification_time = now(), concurrency_stamp = ${randomUUID()}`,
      sql<boolean>`id = ${subject.id}`,
    ),
  ];
}

/**
 * A carer's account: sign-in methods, sessions, picture, push subscriptions and preferences
 * deleted; the user row anonymised and deleted (it cannot sign in again); billing details
 * anonymised, cards deleted; issued invoices kept for bookkeeping with the buyer's email erased.
 */
export function userSteps(subject: Subject, userName: string): ErasureStep[] {
  const id = subject.id;
  const mine = sql<boolean>`user_id = ${id}`;
  const erasedLogin = `erased-${id}`;
  const customers = sql<boolean>`customer_id in (select id from billing_customers where user_id = ${id})`;
  // Throttles and rate limits are keyed by login, email or id.
  const throttle = or(sql<boolean>`key ilike ${containing(userName)}`, sql<boolean>`key ilike ${containing(id)}`, ...(subject.email ? [sql<boolean>`key ilike ${containing(subject.email)}`] : []));
  return [
    deleting('pushSubscriptions', 'push_subscriptions', mine),
    { ...deleting('sessions', 'session_activity', mine), run: async (trx) => {
      const n = await affected(trx, sql`delete from session_activity where user_id = ${id}`);
      await endSessions(trx, id);
      return n;
    } },
    {
      kind: 'signInMethods',
      group: 'erased',
      count: async (db) =>
        (await Promise.all(['user_passkeys', 'user_authenticators', 'user_recovery_codes', 'external_logins'].map((t) => countWhere(db, t, mine)))).reduce((a, b) => a + b, 0),
      run: async (trx) => {
        let n = 0;
        for (const table of ['user_passkeys', 'user_authenticators', 'user_recovery_codes', 'external_logins']) n += await affected(trx, sql`delete from ${sql.table(table)} where ${mine}`);
        // Left-overs of sign-in that name the user: throttles, challenges, one-time tokens, old password hashes.
        for (const table of ['login_names', 'account_tokens', 'user_password_history', 'two_factor_challenges', 'authenticator_challenges', 'user_working_hours', 'user_organization_units', 'user_roles'])
          await affected(trx, sql`delete from ${sql.table(table)} where ${mine}`);
        await affected(trx, sql`delete from sign_in_throttle where ${throttle}`);
        await affected(trx, sql`delete from rate_limits where ${throttle}`);
        await affected(trx, sql`delete from permission_grants where provider_name = 'U' and provider_key = ${id}`);
        return n;
      },
    },
    deleting('avatar', 'user_avatars', mine),
    deleting('preferences', 'caregiver_profiles', mine),
    updating('transfers', 'anonymised', 'account_transfers', sql`recipient_label = null, status = case when status = 'pending' then 'cancelled' else status end`, or(sql<boolean>`sender_user_id = ${id}`, sql<boolean>`recipient_user_id = ${id}`)),
    deleting('paymentCards', 'billing_cards', customers),
    deleting('billingRequests', 'billing_requests', mine),
    updating(
      'billingDetails',
      'anonymised',
      'billing_customers',
      sql`name = ${ERASED_NAME}, email = ${`${erasedLogin}@erased.invalid`}, company_name = null, vat_number = null, additional_info = null, last_modification_time = now()`,
      mine,
    ),
    updating('invoices', 'kept', 'billing_invoices', sql`buyer = jsonb_set(buyer, '{email}', '""'::jsonb)`, customers),
    { ...updating('subscriptions', 'kept', 'billing_subscriptions', sql`user_id = user_id`, mine), run: (trx) => countWhere(trx, 'billing_subscriptions', mine) },
    updating(
      'profile',
      'anonymised',
      'users',
      sql`user_name = ${erasedLogin}, normalized_user_name = ${erasedLogin.toUpperCase()}, email = ${`${erasedLogin}@erased.invalid`},
          normalized_email = ${`${erasedLogin}@ERASED.INVALID`}, email_confirmed = false, name = ${ERASED_NAME}, surname = '', phone_number = null,
          password_hash = ${`erased:${randomBytes(24).toString('hex')}`}, security_stamp = ${randomUUID()}, concurrency_stamp = ${randomUUID()},
          two_factor_enabled = false, is_active = false, is_deleted = true, deletion_time = now()`,
      sql<boolean>`id = ${id}`,
    ),
  ];
}

/** Security log entries of the user (or naming their login): who and from where goes, what happened stays. */
export function securityLogStep(subject: Subject, userName: string): ErasureStep {
  const where = or(
    sql<boolean>`user_id = ${subject.id}`,
    sql<boolean>`lower(user_name) = lower(${userName})`,
    ...(subject.email ? [sql<boolean>`lower(user_name) = lower(${subject.email})`] : []),
  );
  return updating('securityLogEntries', 'anonymised', 'security_logs', sql`user_name = null, client_ip_address = null, browser_info = null, extra_properties = '{}'::jsonb`, where);
}

export type { Db };
