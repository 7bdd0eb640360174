/**
 * The job queue every module shares (table `jobs`): enqueue in the caller's transaction, register
 * kinds on the node's worker (ModuleContext.jobs), wake it with kickJobs(). Each module declares
 * its kinds and their payloads in the catalogue (catalogue.ts), which both are checked against.
 */
export type { JobPayloads, JobName, JobSpec, NoPayload, PayloadlessJobName } from './catalogue';
export { enqueueJobs, completeJob, cancelJobs, claimJobs, finishJob, rescheduleJob, failJob, pruneJobs, LeaseLost, type Job, type JobRow, type ClaimWant } from './queue';
export { JobQueue, kickJobs, type JobKind, type JobOutcome, type JobWorkerOptions } from './worker';
export { enqueueNextSlot, nextSlot, periodicJob } from './slots';
