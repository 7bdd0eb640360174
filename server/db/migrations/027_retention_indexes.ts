import type { Kysely } from 'kysely';

/** Retention removes the oldest rows first, across tenants: by time alone (audit_logs has its index since 005). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('security_logs_time_idx').on('security_logs').column('creation_time').execute();
  await db.schema.createIndex('mail_outbox_time_idx').on('mail_outbox').column('creation_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['security_logs_time_idx', 'mail_outbox_time_idx']) await db.schema.dropIndex(name).ifExists().execute();
}
