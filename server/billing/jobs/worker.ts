import type { BillingContext } from '../context';
import { chargeSubscription, scheduleBillingRun, sweepDue, type JobOutcome } from './billing-run';
import { claimDue, failed, finish, reschedule, type JobRow } from './queue';

/** One pass of the billing worker: enqueue this hour's run, then work through every due job. Returns how many jobs ran. */
export async function runDueJobs(ctx: BillingContext): Promise<number> {
  await scheduleBillingRun(ctx.db);
  let handled = 0;
  for (;;) {
    const jobs = await claimDue(ctx.db, 10);
    if (jobs.length === 0) return handled;
    for (const job of jobs) {
      handled++;
      try {
        const outcome = await runJob(ctx, job);
        if ('retryAt' in outcome) await reschedule(ctx.db, job.id, outcome.retryAt, outcome.note);
        else await finish(ctx.db, job.id);
      } catch (err) {
        await failed(ctx.db, job, err);
      }
    }
  }
}

async function runJob(ctx: BillingContext, job: JobRow): Promise<JobOutcome> {
  switch (job.kind) {
    case 'billing-run':
      await sweepDue(ctx.db);
      return { done: true };
    case 'charge-subscription':
      return chargeSubscription(ctx, String(job.payload.subscriptionId));
    default:
      throw new Error(`unknown billing job kind '${job.kind}'`);
  }
}
