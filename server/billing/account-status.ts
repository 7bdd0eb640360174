import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/**
 * What other modules ask of billing about an account (a user): used by account deletion and
 * account transfer (server/accounts). The billing module owns the answers.
 */

/** Whether the user has a default payment card (needed to accept a transfer or an invitation). */
export async function hasDefaultPaymentCard(db: Kysely<Database>, userId: string): Promise<boolean> {
  const card = await db
    .selectFrom('billing_cards as k')
    .innerJoin('billing_customers as c', 'c.id', 'k.customer_id')
    .select('k.id')
    .where('c.user_id', '=', userId)
    .where('k.is_default', '=', true)
    .executeTakeFirst();
  return card !== undefined;
}

/** How many of the user's device subscriptions are active (deletion is refused while any is). */
export async function activeSubscriptionCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('billing_subscriptions as s')
    .innerJoin('devices as d', 'd.id', 's.device_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('s.user_id', '=', userId)
    .where('s.status', '=', 'active')
    .where('d.is_deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Moves the sender's billing to the recipient, in the caller's transaction: the subscriptions
 * follow (charged to the recipient from the next renewal), and so do the customer and its cards
 * and invoices. A recipient without a customer takes the sender's customer as it is; a recipient
 * with one (accepting needs a default card) keeps its own default card and receives the sender's
 * invoices and, on the built-in gateway, the sender's cards as further cards. A Stripe card
 * belongs to its Stripe customer and cannot move; the sender's Stripe customer keeps those.
 */
export async function transferBillingOwnership(db: Kysely<Database>, fromUserId: string, toUserId: string): Promise<void> {
  if (fromUserId === toUserId) return;
  const [from, to] = await Promise.all(
    [fromUserId, toUserId].map((userId) => db.selectFrom('billing_customers').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst()),
  );
  if (!from) return;
  const recipient = await db.selectFrom('users').select('tenant_id').where('id', '=', toUserId).executeTakeFirstOrThrow();
  if (!to) {
    const user = await db.selectFrom('users').select('email').where('id', '=', toUserId).executeTakeFirstOrThrow();
    await db.updateTable('billing_customers').set({ user_id: toUserId, email: user.email, tenant_id: recipient.tenant_id, last_modification_time: new Date() }).where('id', '=', from.id).execute();
    await db.updateTable('billing_subscriptions').set({ user_id: toUserId }).where('customer_id', '=', from.id).execute();
    return;
  }
  await db.updateTable('billing_subscriptions').set({ user_id: toUserId, customer_id: to.id, last_modification_time: new Date() }).where('user_id', '=', fromUserId).execute();
  await db.updateTable('billing_invoices').set({ customer_id: to.id }).where('customer_id', '=', from.id).execute();
  if (from.gateway === 'builtin' && to.gateway === 'builtin') {
    await db.updateTable('billing_cards').set({ customer_id: to.id, is_default: false, tenant_id: recipient.tenant_id }).where('customer_id', '=', from.id).execute();
  }
}

/**
 * A watch leaves its owner's account (given back to stock): its subscription ends now, without a
 * refund of the paid period, so nobody is charged for a watch they no longer have and the next
 * owner starts their own. Runs in the caller's transaction.
 */
export async function endDeviceSubscription(db: Kysely<Database>, deviceId: string): Promise<void> {
  const now = new Date();
  await db.updateTable('billing_subscriptions').set({ status: 'canceled', canceled_time: now, next_plan: null, last_modification_time: now }).where('device_id', '=', deviceId).where('status', '<>', 'canceled').execute();
}
