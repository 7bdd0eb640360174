import type { Db } from '../db/database';
import { completeJob, enqueueJobs, kickJobs, type Job, type JobKind, type JobSpec } from '../jobs';
import { escalates } from '../../common/alarm-kinds';
import { notifyReceivers } from './deliver';
import { loadAlarmEvent, type AlarmEvent } from './event';
import { escalationSetups, receiversOf, stepsOf, type Receiver } from './receivers';

/**
 * Alarm escalation until someone answers. Step 0 is the immediate notice recordEvents sends to
 * every receiver. Then, while nobody has acknowledged the event, step k (k >= 1) runs when step
 * k-1's wait is over: the receivers of steps 0..k-1 are reminded and the alarm goes to step k's
 * receiver; once the list is exhausted everyone in it is reminded every last wait, at most
 * MAX_REMINDERS times. Each step is an `alarm.escalate` job with unique key esc:<eventId>:<step>,
 * and its messages, mails and next job are written in one transaction with the job's end
 * (completeJob), so a step happens exactly once over API nodes, restarts and a node dying in it.
 * Which kinds escalate is the registry's (common/alarm-kinds.ts). The first acknowledgment
 * (acknowledge.ts) ends it and tells the others who took it.
 */
export const ESCALATE = 'alarm.escalate';
/** Reminders to everyone after the list is exhausted. */
export const MAX_REMINDERS = 10;
/** A step is short work: a node that died in one leaves it to another this soon. */
export const ESCALATION_LEASE_MS = 60_000;

/** How long an escalation minute is (config.escalationMinuteMs, set by the alarms module; tests shorten it). */
export const escalationTiming = { minuteMs: 60_000 };

export interface EscalationPayload {
  eventId: string;
  step: number;
}

const jobSpec = (eventId: string, step: number, runAt: Date): JobSpec => ({ kind: ESCALATE, payload: { eventId, step }, uniqueKey: `esc:${eventId}:${step}`, runAt });

/**
 * The escalation jobs of freshly recorded events (step 1, when step 0's wait is over), for the
 * caller to enqueue in recordEvents' transaction. Needs each device's first wait: see
 * scheduleEscalations, which reads them and enqueues.
 */
export function escalationJobsFor(events: readonly Pick<AlarmEvent, 'id' | 'type' | 'deviceId' | 'time'>[], firstWaitMinutes: (deviceId: string) => number, now = new Date()): JobSpec[] {
  return events.filter((e) => escalates(e.type)).map((e) => jobSpec(e.id, 1, new Date(now.getTime() + firstWaitMinutes(e.deviceId) * escalationTiming.minuteMs)));
}

/** Enqueues the escalation of freshly recorded events inside the caller's transaction (recordEvents). */
export async function scheduleEscalations(trx: Db, events: readonly Pick<AlarmEvent, 'id' | 'type' | 'deviceId' | 'time'>[]): Promise<void> {
  const escalating = events.filter((e) => escalates(e.type));
  if (escalating.length === 0) return;
  const deviceIds = [...new Set(escalating.map((e) => e.deviceId))];
  const [receivers, setups] = await Promise.all([receiversOf(trx, deviceIds), escalationSetups(trx, deviceIds)]);
  const firstWait = (deviceId: string) => stepsOf(receivers.get(deviceId) ?? [], setups.get(deviceId))[0]?.waitMinutes ?? 0;
  await enqueueJobs(trx, escalationJobsFor(escalating, firstWait));
}

/** Whether someone took the event (the first acknowledgment, or any receiver's read message). */
async function acknowledged(trx: Db, eventId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('alarm_acknowledgments')
    .select('event_id')
    .where('event_id', '=', eventId)
    .unionAll(trx.selectFrom('alarm_messages').select('event_id').where('event_id', '=', eventId).where('acknowledged_time', 'is not', null))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Runs step `step` of an event's escalation in `trx` (with the job's end). Returns whether mail was queued. */
export async function runEscalationStep(trx: Db, job: Pick<Job, 'id' | 'token'>, payload: EscalationPayload, delivery: EscalationDelivery): Promise<boolean> {
  // First: the job row is ours (locked) or this claim is stale and nothing happens.
  await completeJob(trx, job);
  const { eventId, step } = payload;
  const event = await loadAlarmEvent(trx, eventId);
  if (!event || !escalates(event.type)) return false;
  if (await acknowledged(trx, eventId)) return false;
  const device = await trx.selectFrom('devices').select(['is_deleted']).where('id', '=', event.deviceId).executeTakeFirst();
  if (!device || device.is_deleted) return false;
  const [receivers, setups] = await Promise.all([receiversOf(trx, [event.deviceId]), escalationSetups(trx, [event.deviceId])]);
  const all = receivers.get(event.deviceId) ?? [];
  const steps = stepsOf(all, setups.get(event.deviceId));
  if (steps.length === 0) return false;
  const byKey = new Map(all.map((r) => [r.key, r]));
  const at = (i: number) => byKey.get(steps[i]!.receiver)!;
  let reminded: Receiver[];
  let escalatedTo: Receiver[];
  let wait: number;
  let last: boolean;
  if (step < steps.length) {
    reminded = steps.slice(0, step).map((_, i) => at(i));
    escalatedTo = [at(step)];
    wait = steps[step]!.waitMinutes;
    last = false;
  } else {
    const reminder = step - steps.length + 1;
    reminded = steps.map((_, i) => at(i));
    escalatedTo = [];
    wait = steps[steps.length - 1]!.waitMinutes;
    last = reminder >= MAX_REMINDERS;
  }
  const reminder = step;
  // Sent again as recordEvents sent it (rendered the same way, on each receiver's channels).
  const again = (to: readonly Receiver[], n: number) => notifyReceivers(trx, [event], new Map([[event.deviceId, to]]), { ...delivery, reminder: n, timed: false });
  const mailedA = await again(reminded, reminder);
  const mailedB = await again(escalatedTo, 0);
  if (!last) await enqueueJobs(trx, [jobSpec(eventId, step + 1, new Date(Date.now() + wait * escalationTiming.minuteMs))]);
  return mailedA || mailedB;
}

/** How a step's alarms are rendered: the links' base URL, and whether mails wait for the street address. */
export interface EscalationDelivery {
  publicUrl: string;
  addressLater?: boolean;
}

/** The `alarm.escalate` job kind for a node's queue. */
export function escalationJobKind(db: Db, delivery: EscalationDelivery): JobKind<typeof ESCALATE> {
  return {
    kind: ESCALATE,
    maxAttempts: 8,
    backoff: (attempts) => Math.min(10_000 * 2 ** (attempts - 1), 5 * 60_000),
    leaseMs: ESCALATION_LEASE_MS,
    concurrency: 4,
    async run(job) {
      const mailed = await db.transaction().execute((trx) => runEscalationStep(trx, job, { eventId: String(job.payload.eventId), step: Number(job.payload.step) }, delivery));
      if (mailed) kickJobs();
    },
  };
}
