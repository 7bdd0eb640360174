import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { BillingJobsTable } from '../tables';

/**
 * A small Postgres-backed job queue (billing_jobs), the same on PGlite and PostgreSQL: jobs are
 * claimed with a lease in one statement (FOR UPDATE SKIP LOCKED), so several API nodes share the
 * queue and each job runs once; a node that dies mid-job leaves it to be claimed again when the
 * lease ends. A `unique_key` makes enqueueing the same job from several nodes a no-op.
 */
export type JobRow = Selectable<BillingJobsTable>;

/** A claimed job is not picked again for this long. */
export const LEASE_MS = 5 * 60_000;
/** Attempts before a job that keeps throwing is marked failed. */
export const MAX_JOB_ATTEMPTS = 10;

export async function enqueue(db: Db, kind: string, payload: Record<string, unknown>, opts: { uniqueKey?: string; runAt?: Date } = {}): Promise<boolean> {
  const result = await db
    .insertInto('billing_jobs')
    .values({ id: randomUUID(), kind, payload: JSON.stringify(payload), unique_key: opts.uniqueKey ?? null, run_at: opts.runAt ?? new Date() })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

export async function claimDue(db: Db, limit: number): Promise<JobRow[]> {
  return db
    .updateTable('billing_jobs')
    .set({ lease_until: sql<Date>`now() + ${`${LEASE_MS} milliseconds`}::interval`, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('billing_jobs')
        .select('id')
        .where('status', '=', 'pending')
        .where('run_at', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
        .orderBy('run_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

export async function finish(db: Db, id: string): Promise<void> {
  await db.updateTable('billing_jobs').set({ status: 'done', lease_until: null, finish_time: new Date(), last_error: null }).where('id', '=', id).execute();
}

/** Runs the job again later (a declined charge's retry), keeping its attempt count. */
export async function reschedule(db: Db, id: string, runAt: Date, note: string | null): Promise<void> {
  await db.updateTable('billing_jobs').set({ run_at: runAt, lease_until: null, last_error: note }).where('id', '=', id).execute();
}

/** A job that threw: retried with a growing wait (1 min, 2, 4, ...) until MAX_JOB_ATTEMPTS. */
export async function failed(db: Db, job: JobRow, err: unknown): Promise<void> {
  const message = err instanceof Error ? err.message : String(err);
  const final = job.attempts >= MAX_JOB_ATTEMPTS;
  await db
    .updateTable('billing_jobs')
    .set({ status: final ? 'failed' : 'pending', lease_until: null, last_error: message, run_at: new Date(Date.now() + 60_000 * 2 ** (job.attempts - 1)), finish_time: final ? new Date() : null })
    .where('id', '=', job.id)
    .execute();
}
