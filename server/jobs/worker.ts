import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { isConnectionError, logFailure } from '../db/health';
import type { JobName, JobPayloads } from './catalogue';
import { claimJobs, failJob, finishJob, rescheduleJob, type ClaimWant, type Job } from './queue';

type Db = Kysely<Database>;

/** What a handler says of its job: done, run again later (keeping the attempt count), or failed for good. */
export type JobOutcome = void | { done: true } | { retryAt: Date; note?: string } | { failed: string };

/** How a node runs the jobs of kind K (a name of the catalogue, server/jobs/catalogue.ts). */
export interface JobKind<K extends JobName = JobName> {
  kind: K;
  /**
   * Runs one job. Throwing retries it after `backoff(attempts)` until `maxAttempts`. `signal` aborts
   * when the node closes. The payload is stored JSON: a handler keeps checking the values it uses.
   */
  run(job: Job<JobPayloads[K]>, signal: AbortSignal): Promise<JobOutcome>;
  maxAttempts: number;
  /** The wait before the next attempt after `attempts` failed ones, in ms. */
  backoff(attempts: number): number;
  /** Jobs of this kind run at once on one node (default 4). */
  concurrency?: number;
  /** How long a claim holds a job (default 5 min); it is claimed again after, if its node went away. */
  leaseMs?: number;
  /** Called once a job has failed for good (the last attempt threw). */
  onFailed?(job: Job<JobPayloads[K]>, error: string): Promise<void>;
}

/**
 * A stored payload that is a JSON object is taken as its kind's: enqueueJobs writes only payloads
 * checked against the catalogue. Anything else was written some other way (by hand, another version).
 */
const isPayloadObject = (payload: unknown): payload is JobPayloads[JobName] => typeof payload === 'object' && payload !== null && !Array.isArray(payload);

export interface JobWorkerOptions {
  /** How often the queue is looked at when nothing woke the worker (ms, default 1000). */
  pollMs?: number;
  /** Jobs running at once on this node, of all kinds (default 16). */
  concurrency?: number;
  log?: { error(obj: object, msg: string): void; debug(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const DEFAULT_LEASE_MS = 5 * 60_000;
/** How long close() waits for running jobs before aborting them. */
const CLOSE_GRACE_MS = 10_000;
const SILENT = { error: () => undefined, debug: () => undefined, warn: () => undefined };

/** Every started queue of this process, for kickJobs(). */
const live = new Set<JobQueue>();

/** Wakes every job worker of this process now (after enqueueing something urgent: a mail, an alarm). */
export function kickJobs(): void {
  for (const q of live) q.kick();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * One node's job worker over the shared `jobs` table: the kinds registered here are claimed with a
 * lease (FOR UPDATE SKIP LOCKED) and run concurrently up to each kind's limit and the node's;
 * each ends done, rescheduled or failed with its kind's backoff. It polls, is woken at once by
 * kick()/kickJobs(), and on close waits for the jobs it runs. A lost database connection is not a
 * failed attempt: the job is put back (or left to its lease) and the worker keeps polling.
 */
export class JobQueue {
  private readonly kinds = new Map<string, JobKind>();
  private readonly running = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private readonly pollMs: number;
  private readonly limit: number;
  private readonly log: NonNullable<JobWorkerOptions['log']>;
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private again = false;
  private started = false;
  private stopped = false;

  constructor(
    readonly db: Db,
    opts: JobWorkerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1000;
    this.limit = opts.concurrency ?? 16;
    this.log = opts.log ?? SILENT;
  }

  /** Registers a kind this node runs (before or after start). */
  registerJobKind<K extends JobName>(kind: JobKind<K>): void {
    if (this.kinds.has(kind.kind)) throw new Error(`job kind '${kind.kind}' is registered twice`);
    this.kinds.set(kind.kind, kind);
  }

  get kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    live.add(this);
    this.kick();
  }

  /** Looks at the queue now. */
  kick(): void {
    if (!this.started || this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.pass = this.claimPass()
      .catch((err: unknown) => logFailure(this.log, err, 'job queue: claiming failed'))
      .finally(() => {
        this.pass = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else this.timer = setTimeout(() => this.kick(), this.pollMs);
      });
  }

  /**
   * Stops claiming and waits for the jobs that run; one still running after CLOSE_GRACE_MS is
   * told to stop (its signal aborts) and left to its lease if it does not.
   */
  async close(): Promise<void> {
    this.stopped = true;
    live.delete(this);
    clearTimeout(this.timer);
    await this.pass;
    const all = Promise.allSettled([...this.inFlight]);
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise<void>((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS)))]);
    clearTimeout(grace);
    this.abort.abort();
    await Promise.race([all, sleep(1000)]);
  }

  /** Runs every due job of the registered kinds (or of `kinds`) on this node until none is left: for tests and scripts. */
  async drain(kinds?: readonly JobName[]): Promise<number> {
    let handled = 0;
    for (;;) {
      const jobs = await claimJobs(this.db, this.wants(kinds));
      if (jobs.length === 0) break;
      handled += jobs.length;
      await Promise.all(jobs.map((job) => this.runOne(job)));
    }
    return handled;
  }

  private wants(only?: readonly JobName[]): ClaimWant[] {
    const free = this.limit - this.inFlight.size;
    const out: ClaimWant[] = [];
    for (const k of this.kinds.values()) {
      if (only && !only.includes(k.kind)) continue;
      const slots = Math.min(free, (k.concurrency ?? 4) - (this.running.get(k.kind) ?? 0));
      if (slots > 0) out.push({ kind: k.kind, slots, leaseMs: k.leaseMs ?? DEFAULT_LEASE_MS });
    }
    return out;
  }

  private async claimPass(): Promise<void> {
    while (!this.stopped) {
      const wants = this.wants();
      if (wants.length === 0) return;
      const jobs = await claimJobs(this.db, wants);
      if (jobs.length === 0) return;
      for (const job of jobs) {
        const p: Promise<void> = this.runOne(job).finally(() => {
          this.inFlight.delete(p);
          // A slot is free: look for more at once.
          this.kick();
        });
        this.inFlight.add(p);
      }
    }
  }

  private async runOne(claimed: Job): Promise<void> {
    const kind = this.kinds.get(claimed.kind);
    if (!kind) return;
    const { payload } = claimed;
    if (!isPayloadObject(payload)) {
      // Not what any kind enqueues (a row written by hand, or by another version): it fails at
      // once, without its handler or onFailed, which expect their kind's payload.
      this.log.warn({ job: claimed.id, kind: claimed.kind }, 'job with a malformed payload failed');
      await this.settle(claimed, () => failJob(this.db, claimed, 'malformed payload'));
      return;
    }
    const job = { ...claimed, payload };
    this.running.set(job.kind, (this.running.get(job.kind) ?? 0) + 1);
    try {
      let outcome: JobOutcome;
      try {
        outcome = await kind.run(job, this.abort.signal);
      } catch (err) {
        await this.afterThrow(kind, job, err);
        return;
      }
      await this.settle(job, async () => {
        if (outcome && 'retryAt' in outcome) await rescheduleJob(this.db, job, outcome.retryAt, outcome.note ?? null);
        else if (outcome && 'failed' in outcome) {
          if (await failJob(this.db, job, outcome.failed)) await kind.onFailed?.(job, outcome.failed);
        } else await finishJob(this.db, job);
      });
    } finally {
      this.running.set(job.kind, (this.running.get(job.kind) ?? 1) - 1);
    }
  }

  private async afterThrow(kind: JobKind, job: Job<JobPayloads[JobName]>, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    if (isConnectionError(err)) {
      // The database went away, not the job: try again soon, and the attempt does not count.
      this.log.debug({ job: job.id, kind: job.kind, error: message }, 'job queue: database away during a job');
      await this.settle(job, () => rescheduleJob(this.db, job, new Date(Date.now() + 1000), message, true));
      return;
    }
    if (job.attempts >= kind.maxAttempts) {
      this.log.warn({ job: job.id, kind: job.kind, error: message }, 'job failed for good');
      await this.settle(job, async () => {
        if (await failJob(this.db, job, message)) await kind.onFailed?.(job, message);
      });
    } else {
      logFailure(this.log, err, `job ${job.kind} failed; retried later`);
      await this.settle(job, () => rescheduleJob(this.db, job, new Date(Date.now() + kind.backoff(job.attempts)), message));
    }
  }

  /**
   * Writes a job's end, retrying while the database is away (until its lease is nearly over: after
   * that another claim may hold it, and the write is refused by its token anyway).
   */
  private async settle(job: Job, write: () => Promise<unknown>): Promise<void> {
    for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
      try {
        await write();
        return;
      } catch (err) {
        if (!isConnectionError(err) || Date.now() + wait >= job.leaseUntil.getTime()) {
          logFailure(this.log, err, `job ${job.kind}: could not record its end; its lease will run out`);
          return;
        }
        await sleep(wait);
      }
    }
  }
}
