import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/tables';
import { arrayLiteral } from '../db/unnest';
import type { JobName, JobPayloads, JobSpec } from './catalogue';
import type { JobsTable } from './tables';

/**
 * The job queue's statements (table `jobs`), the same on PGlite and PostgreSQL. A job is claimed
 * with a lease in one statement (FOR UPDATE SKIP LOCKED), so several API nodes share the queue and
 * each job runs once; a node that dies mid-job leaves it to be claimed again when the lease ends.
 * Every claim writes a fresh lease token, and only the holder of the current token may finish,
 * reschedule or fail the job: a node that outlived its lease finds its work refused.
 */
export type JobRow = Selectable<JobsTable>;
type Db = Kysely<Database>;

/**
 * A claimed job. Its payload is `unknown` as read from the table; a handler is given its kind's
 * payload type (`Job<JobPayloads[K]>`, see JobKind in worker.ts) once the worker has checked it.
 */
export interface Job<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  /** This run's attempt number, counting this one (1 on the first run). */
  attempts: number;
  /** The claim's token: finishing with another token (a later claim's) is refused. */
  token: string;
  uniqueKey: string | null;
  runAt: Date;
  leaseUntil: Date;
}

/** The job's lease went to another claim (it ran too long, or this node was cut off): its work must not count. */
export class LeaseLost extends Error {
  constructor(id: string) {
    super(`job ${id}: the lease was lost to another claim`);
  }
}

/**
 * Enqueues jobs in one statement; pass the caller's transaction to enqueue them exactly when its
 * change commits. Returns the ids of the jobs inserted (a unique key already taken inserts none).
 */
export async function enqueueJobs(db: Db, specs: readonly JobSpec[]): Promise<string[]> {
  if (specs.length === 0) return [];
  const now = new Date();
  const rows = await db
    .insertInto('jobs')
    .values(specs.map((s) => ({ id: randomUUID(), kind: s.kind, payload: JSON.stringify(s.payload ?? {}), unique_key: s.uniqueKey ?? null, run_at: s.runAt ?? now })))
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** What a node can take of each kind now: at most `slots` jobs, each leased for `leaseMs`. */
export interface ClaimWant {
  kind: string;
  slots: number;
  leaseMs: number;
}

/**
 * Claims due jobs of the wanted kinds in one statement, at most `slots` of each kind. Rows another
 * node is claiming at the same moment are skipped, not waited for.
 */
export async function claimJobs(db: Db, wants: readonly ClaimWant[]): Promise<Job[]> {
  const open = wants.filter((w) => w.slots > 0);
  if (open.length === 0) return [];
  const total = open.reduce((n, w) => n + w.slots, 0);
  const token = randomUUID();
  const kinds = arrayLiteral('text', open.map((w) => w.kind));
  const slots = arrayLiteral('int', open.map((w) => w.slots));
  const leases = arrayLiteral('bigint', open.map((w) => Math.max(1, Math.round(w.leaseMs))));
  const result = await sql<JobRow>`
    with want as (
      select * from unnest(${kinds}::text[], ${slots}::int[], ${leases}::bigint[]) as w(kind, slots, lease_ms)
    ), candidates as (
      select j.id, j.kind, j.run_at from jobs j
      where j.status = 'pending' and j.run_at <= now() and (j.lease_until is null or j.lease_until < now())
        and j.kind = any(${kinds}::text[])
      order by j.run_at
      limit ${total}
      for update skip locked
    ), ranked as (
      select c.id, c.kind, row_number() over (partition by c.kind order by c.run_at, c.id) as rn from candidates c
    )
    update jobs set
      lease_until = now() + make_interval(secs => w.lease_ms / 1000.0),
      lease_token = ${token}::uuid,
      attempts = jobs.attempts + 1
    from ranked r join want w on w.kind = r.kind
    where jobs.id = r.id and r.rn <= w.slots
    returning jobs.*
  `.execute(db);
  return result.rows.map(toJob);
}

/** The stored JSON as it is: a payload that is not JSON text stays a string, for the worker to refuse. */
function parsePayload(stored: unknown): unknown {
  if (typeof stored !== 'string') return stored;
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return stored;
  }
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    payload: parsePayload(row.payload),
    attempts: row.attempts,
    token: row.lease_token ?? '',
    uniqueKey: row.unique_key,
    runAt: new Date(row.run_at),
    leaseUntil: new Date(row.lease_until ?? Date.now()),
  };
}

const holds = (job: Pick<Job, 'id' | 'token'>) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.and([eb('id', '=', job.id), eb('lease_token', '=', job.token), eb('status', '=', 'pending')]);

/**
 * Marks the job done inside the caller's transaction (the handler's own writes and the job's end
 * commit together, so a step is done exactly once). Throws LeaseLost, rolling the transaction
 * back, when another claim holds the job now. The worker's own finish is then a no-op.
 */
export async function completeJob(trx: Db, job: Pick<Job, 'id' | 'token'>): Promise<void> {
  const r = await trx
    .updateTable('jobs')
    .set({ status: 'done', lease_until: null, finish_time: sql<Date>`now()`, last_error: null })
    .where(holds(job))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new LeaseLost(job.id);
}

/** Done (a no-op when the handler completed it in its own transaction). Whether this call ended it. */
export async function finishJob(db: Db, job: Pick<Job, 'id' | 'token'>): Promise<boolean> {
  const r = await db.updateTable('jobs').set({ status: 'done', lease_until: null, finish_time: sql<Date>`now()`, last_error: null }).where(holds(job)).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Runs the job again at `runAt`, keeping its attempt count (unless `refundAttempt`: the run did not count). */
export async function rescheduleJob(db: Db, job: Pick<Job, 'id' | 'token'>, runAt: Date, note: string | null, refundAttempt = false): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set({ run_at: runAt, lease_until: null, lease_token: null, last_error: note, ...(refundAttempt ? { attempts: sql<number>`greatest(attempts - 1, 0)` } : {}) })
    .where(holds(job))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The job will not run again. */
export async function failJob(db: Db, job: Pick<Job, 'id' | 'token'>, error: string): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set({ status: 'failed', lease_until: null, last_error: error, finish_time: sql<Date>`now()` })
    .where(holds(job))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends pending jobs of a kind whose payload has this field value (an escalation once acknowledged). */
export async function cancelJobs<K extends JobName>(db: Db, kind: K, field: keyof JobPayloads[K] & string, value: string, note: string): Promise<number> {
  const r = await db
    .updateTable('jobs')
    .set({ status: 'done', last_error: note, finish_time: sql<Date>`now()` })
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where(sql<boolean>`payload ->> ${field} = ${value}`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Removes finished jobs older than `ms` (done ones; failed ones stay for the record). */
export async function pruneJobs(db: Db, kinds: readonly JobName[], olderThanMs: number): Promise<void> {
  if (kinds.length === 0) return;
  await db.deleteFrom('jobs').where('status', '=', 'done').where('kind', 'in', kinds).where('finish_time', '<', new Date(Date.now() - olderThanMs)).execute();
}
