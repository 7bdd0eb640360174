import { JobQueue, type JobKind } from '../../jobs';
import type { BillingContext } from '../context';
import { BILLING_RUN, CHARGE_SUBSCRIPTION, chargeSubscription, scheduleBillingRun, scheduleNextBillingRun, sweepDue } from './billing-run';

/** Attempts before a billing job that keeps throwing is marked failed; waits grow 1 min, 2, 4, ... */
export const MAX_JOB_ATTEMPTS = 10;
/** A claimed billing job is not picked again for this long (its node may have died). */
export const LEASE_MS = 5 * 60_000;
const backoff = (attempts: number) => 60_000 * 2 ** (attempts - 1);

/**
 * The billing kinds on the job queue: `billing-run` (the hourly sweep, which enqueues the next
 * hour's) and `charge-subscription` (one due period of one subscription; a declined charge is
 * rescheduled after 1, 3, 5 days by its outcome).
 */
export function billingJobKinds(ctx: BillingContext): [JobKind<typeof BILLING_RUN>, JobKind<typeof CHARGE_SUBSCRIPTION>] {
  return [
    {
      kind: BILLING_RUN,
      maxAttempts: MAX_JOB_ATTEMPTS,
      backoff,
      leaseMs: LEASE_MS,
      concurrency: 1,
      async run() {
        await sweepDue(ctx.db);
        await scheduleNextBillingRun(ctx.db);
      },
    },
    {
      kind: CHARGE_SUBSCRIPTION,
      maxAttempts: MAX_JOB_ATTEMPTS,
      backoff,
      leaseMs: LEASE_MS,
      concurrency: 4,
      run: (job) => chargeSubscription(ctx, String(job.payload.subscriptionId)),
    },
  ];
}

/** One pass of the billing jobs on this node: enqueue this hour's run, then work through every due billing job. Returns how many jobs ran. */
export async function runDueJobs(ctx: BillingContext): Promise<number> {
  await scheduleBillingRun(ctx.db);
  const queue = new JobQueue(ctx.db);
  for (const kind of billingJobKinds(ctx)) queue.registerJobKind(kind);
  return queue.drain();
}
