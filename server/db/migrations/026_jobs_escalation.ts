import { sql, type Kysely } from 'kysely';

/**
 * One job queue and alarm escalation (issue 16):
 * - `jobs`: the queue of every module (server/jobs). billing_jobs' rows move into it and the table
 *   goes; each mail still waiting in mail_outbox gets its `mail.send` job (the outbox stays the
 *   record of each mail).
 * - `alarm_acknowledgments`: the first acknowledgment of an event, which stops its escalation.
 * - `device_escalation`: a device's escalation order and waits, and channels per receiver.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('unique_key', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'done', 'failed')`))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('lease_token', 'uuid')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finish_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('jobs_unique_key_uq').on('jobs').column('unique_key').unique().execute();
  await sql`create index jobs_due_idx on jobs (run_at) where status = 'pending'`.execute(db);
  await sql`create index jobs_kind_idx on jobs (kind, status)`.execute(db);

  await sql`
    insert into jobs (id, kind, unique_key, payload, status, run_at, lease_until, attempts, last_error, creation_time, finish_time)
    select id, kind, unique_key, payload, status, run_at, lease_until, attempts, last_error, creation_time, finish_time from billing_jobs
  `.execute(db);
  await db.schema.dropTable('billing_jobs').execute();
  await sql`
    insert into jobs (id, kind, payload, run_at, attempts)
    select gen_random_uuid(), 'mail.send', jsonb_build_object('mailId', id), next_attempt_time, attempts from mail_outbox where status = 'pending'
  `.execute(db);

  await db.schema
    .createTable('alarm_acknowledgments')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey())
    .addColumn('tenant_id', 'uuid')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('acknowledged_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('device_escalation')
    .addColumn('device_id', 'uuid', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid')
    .addColumn('steps', 'jsonb', (c) => c.notNull())
    .addColumn('channels', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('last_modification_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_escalation').ifExists().execute();
  await db.schema.dropTable('alarm_acknowledgments').ifExists().execute();
  await db.schema
    .createTable('billing_jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('unique_key', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lease_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('creation_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finish_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('billing_jobs_unique_key_uq').on('billing_jobs').column('unique_key').unique().execute();
  await sql`insert into billing_jobs select id, kind, unique_key, payload, status, run_at, lease_until, attempts, last_error, creation_time, finish_time from jobs where kind in ('billing-run', 'charge-subscription')`.execute(db);
  await db.schema.dropTable('jobs').ifExists().execute();
}
