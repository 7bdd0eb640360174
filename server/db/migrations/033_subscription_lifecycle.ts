import { sql, type Kysely } from 'kysely';

/**
 * The subscription lifecycle (docs/decisions/047-subscription-lifecycle.md):
 * - `billing_subscriptions.next_plan`: a plan change waiting for the next renewal, which applies
 *   it (the plan in force and its price stay until then);
 * - a watch's `subscription_status` is 'active' only while an active subscription covers it: owned
 *   watches without one (added before this rule, when adding said nothing about it) become 'paused',
 *   so their card says what they do and offers to start one;
 * - subscriptions of watches that went back to stock end (removing a watch ends its subscription).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table billing_subscriptions add column next_plan text check (next_plan in ('monthly', 'annual'))`.execute(db);
  await sql`update billing_subscriptions s set status = 'canceled', canceled_time = now()
    where s.status <> 'canceled' and not exists (select 1 from devices d where d.id = s.device_id and d.owner_user_id = s.user_id and not d.is_deleted)`.execute(db);
  await sql`update devices d set subscription_status = 'paused'
    where d.owner_user_id is not null and d.subscription_status = 'active'
      and not exists (select 1 from billing_subscriptions s where s.device_id = d.id and s.status = 'active')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table billing_subscriptions drop column next_plan`.execute(db);
}
