import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { NullableTimestamp } from '../db/columns';

/**
 * The one job queue of every module (migration 026_jobs_escalation, server/jobs): billing runs and
 * charges, mail delivery, alarm escalation steps. Claimed with a lease by server/jobs/worker.ts.
 */
export interface JobsTable {
  id: string;
  kind: string;
  /** At most one job per key, ever: enqueueing the same key from several nodes is a no-op. */
  unique_key: string | null;
  payload: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  status: Generated<'pending' | 'done' | 'failed'>;
  run_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** While in the future, the job is being run by the node that claimed it. */
  lease_until: NullableTimestamp;
  /** Which claim holds the lease: only that claim may finish the job. */
  lease_token: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  creation_time: ColumnType<Date, Date | string | undefined, never>;
  finish_time: NullableTimestamp;
}

/** Tables of this module, in the Database type. */
declare module '../db/tables' {
  interface Database {
    jobs: JobsTable;
  }
}
