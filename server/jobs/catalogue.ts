/**
 * Every job kind and its payload: the one catalogue that enqueueing (enqueueJobs) and handling
 * (JobQueue.registerJobKind) are type-checked against. It is declared empty here, as jobs/ is
 * platform and names no module; each module adds its own kinds next to the code that owns them,
 * by declaration merging:
 *
 *   export const MAIL_SEND = 'mail.send';
 *   declare module '../jobs/catalogue' {
 *     interface JobPayloads { [MAIL_SEND]: { mailId: string } }
 *   }
 *
 * Payloads are stored as JSON: give them JSON types only (no Date, no undefined values).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

/** A job kind's name ('mail.send'). */
export type JobName = keyof JobPayloads & string;

/** The payload of a kind that needs no data (a periodic run): it may be left out when enqueueing. */
export type NoPayload = Record<string, never>;

/** The kinds whose payload may be left out: an empty object is one (every field optional, or none). */
export type PayloadlessJobName = { [K in JobName]: Record<never, never> extends JobPayloads[K] ? K : never }[JobName];

/**
 * A job to enqueue, its payload checked against its kind's. `uniqueKey` makes enqueueing the same
 * job twice (from any node, ever) a no-op; `runAt` delays it.
 */
export type JobSpec<K extends JobName = JobName> = {
  [N in K]: { kind: N; uniqueKey?: string; runAt?: Date } & (N extends PayloadlessJobName ? { payload?: JobPayloads[N] } : { payload: JobPayloads[N] });
}[K];
