import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { arrayLiteral } from '../db/unnest';
import { cancelJobs, completeJob, enqueueJobs, kickJobs, type Job, type JobKind, type JobSpec } from '../jobs';
import { translate } from '../localization/texts';
import { queueMails, type OutgoingMail } from '../mail';
import { ALARM_CHANNEL, type AlarmEvent, type AlarmNotice } from './dispatch';
import { notifyReceivers } from './escalation-notify';
import { ackPushJob } from './delivery';
import type { AckNotice } from './live';
import { escalationSetups, receiversOf, stepsOf, type Receiver } from './receivers';

/**
 * Alarm escalation until someone answers. Step 0 is the immediate notice recordEvents sends to
 * every receiver. Then, while nobody has acknowledged the event, step k (k >= 1) runs when step
 * k-1's wait is over: the receivers of steps 0..k-1 are reminded and the alarm goes to step k's
 * receiver; once the list is exhausted everyone in it is reminded every last wait, at most
 * MAX_REMINDERS times. Each step is an `alarm.escalate` job with unique key esc:<eventId>:<step>,
 * and its messages, mails and next job are written in one transaction with the job's end
 * (completeJob), so a step happens exactly once over API nodes, restarts and a node dying in it.
 * The first acknowledgment (acknowledgeEvent) ends it and tells the others who took it.
 */
export const ESCALATE = 'alarm.escalate';
/** Events that escalate. */
export const ESCALATING_TYPES: readonly string[] = ['sos', 'fall', 'geofenceExit'];
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
  return events.filter((e) => ESCALATING_TYPES.includes(e.type)).map((e) => jobSpec(e.id, 1, new Date(now.getTime() + firstWaitMinutes(e.deviceId) * escalationTiming.minuteMs)));
}

/** Enqueues the escalation of freshly recorded events inside the caller's transaction (recordEvents). */
export async function scheduleEscalations(trx: Db, events: readonly Pick<AlarmEvent, 'id' | 'type' | 'deviceId' | 'time'>[]): Promise<void> {
  const escalating = events.filter((e) => ESCALATING_TYPES.includes(e.type));
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
  const event = await trx.selectFrom('device_events').select(['id', 'device_id', 'type']).where('id', '=', eventId).executeTakeFirst();
  if (!event || !ESCALATING_TYPES.includes(event.type)) return false;
  if (await acknowledged(trx, eventId)) return false;
  const device = await trx.selectFrom('devices').select(['is_deleted']).where('id', '=', event.device_id).executeTakeFirst();
  if (!device || device.is_deleted) return false;
  const [receivers, setups] = await Promise.all([receiversOf(trx, [event.device_id]), escalationSetups(trx, [event.device_id])]);
  const all = receivers.get(event.device_id) ?? [];
  const steps = stepsOf(all, setups.get(event.device_id));
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
  // Push and SMS are queued with the mails and messages, on each receiver's channels.
  const mailedA = await notifyReceivers(trx, eventId, reminded, { ...delivery, reminder });
  const mailedB = await notifyReceivers(trx, eventId, escalatedTo, { ...delivery, reminder: 0 });
  if (!last) await enqueueJobs(trx, [jobSpec(eventId, step + 1, new Date(Date.now() + wait * escalationTiming.minuteMs))]);
  return mailedA || mailedB;
}

/** The `alarm.escalate` job kind for a node's queue. */
/** How a step's alarms are rendered: the links' base URL, and whether mails wait for the street address. */
export interface EscalationDelivery {
  publicUrl: string;
  addressLater?: boolean;
}

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

/** Who took an alarm, as the acknowledgment hooks are told. */
export interface Acknowledgment {
  eventId: string;
  deviceId: string;
  tenantId: string | null;
  type: string;
  /** Who acknowledged it, and the name the others are told. */
  userId: string;
  name: string;
  /** The receivers to tell (everyone but the one who took it). */
  others: readonly Receiver[];
}

/** Called in the acknowledging transaction, once per event (the first acknowledgment). */
export type AcknowledgedHook = (trx: Db, ack: Acknowledgment) => Promise<void>;
export const onAcknowledged: AcknowledgedHook[] = [];

/**
 * Records the acknowledgment of an event by `userId` in the caller's transaction. The first one
 * stops the escalation and tells the other receivers who took it (in-app message and mail in their
 * language, then the onAcknowledged hooks). Returns whether it was the first and mail was queued.
 */
export async function acknowledgeEvent(trx: Db, eventId: string, userId: string): Promise<{ first: boolean; mailed: boolean }> {
  const event = await trx.selectFrom('device_events as e').innerJoin('devices as d', 'd.id', 'e.device_id').select(['e.id', 'e.tenant_id', 'e.device_id', 'e.type', 'e.event_time', 'd.name as device_name']).where('e.id', '=', eventId).executeTakeFirst();
  if (!event) return { first: false, mailed: false };
  const inserted = await trx
    .insertInto('alarm_acknowledgments')
    .values({ event_id: eventId, tenant_id: event.tenant_id, user_id: userId })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .returning('event_id')
    .executeTakeFirst();
  if (!inserted) return { first: false, mailed: false };
  const user = await trx.selectFrom('users').select(['name', 'surname', 'user_name', 'email']).where('id', '=', userId).executeTakeFirst();
  const name = user ? `${user.name} ${user.surname}`.trim() || user.user_name || user.email : '';
  const receivers = (await receiversOf(trx, [event.device_id])).get(event.device_id) ?? [];
  // Every device of every receiver (the one who took it too) closes the alarm's notification.
  await enqueueJobs(trx, [ackPushJob(eventId, [userId, ...receivers.flatMap((r) => (r.userId ? [r.userId] : []))], name)]);
  if (!ESCALATING_TYPES.includes(event.type)) return { first: true, mailed: true };
  await cancelJobs(trx, ESCALATE, 'eventId', eventId, 'acknowledged');
  // Taken is taken: every receiver's open message of this alarm (reminders too) is closed, and
  // their dashboards drop it; the message below tells them who took it.
  const closed = await trx
    .updateTable('alarm_messages')
    .set({ acknowledged_time: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .where('type', '=', event.type)
    .where('acknowledged_time', 'is', null)
    .returning(['id', 'user_id'])
    .execute();
  if (closed.length) {
    const notices = closed.map((c) => JSON.stringify({ ack: c.id, u: [c.user_id] } satisfies AckNotice));
    await sql`select pg_notify(${ALARM_CHANNEL}, n) from unnest(${arrayLiteral('text', notices)}::text[]) as n`.execute(trx);
  }
  const others = receivers.filter((r) => r.userId !== userId);
  const mails: OutgoingMail[] = [];
  const messages: { id: string; tenant_id: string | null; user_id: string; event_id: string; device_id: string; type: string; subject: string; body: string; event_time: Date }[] = [];
  for (const r of others) {
    const values = { name, device: event.device_name, alarm: translate(`devices:escalation.types.${event.type}`, r.language) };
    const subject = translate('devices:escalation.taken.subject', r.language, values);
    const body = translate('devices:escalation.taken.body', r.language, values);
    if (r.channels.includes('mail')) mails.push({ to: r.email, subject, text: body, tenantId: event.tenant_id });
    if (r.channels.includes('inApp') && r.userId) {
      messages.push({ id: randomUUID(), tenant_id: event.tenant_id, user_id: r.userId, event_id: event.id, device_id: event.device_id, type: 'alarmTaken', subject, body, event_time: new Date(event.event_time) });
    }
  }
  await queueMails(trx, mails);
  if (messages.length) {
    await trx.insertInto('alarm_messages').values(messages).execute();
    const notice: AlarmNotice = { e: event.id, u: [...new Set(messages.map((m) => m.user_id))] };
    await sql`select pg_notify(${ALARM_CHANNEL}, n) from unnest(${arrayLiteral('text', [JSON.stringify(notice)])}::text[]) as n`.execute(trx);
  }
  const ack: Acknowledgment = { eventId, deviceId: event.device_id, tenantId: event.tenant_id, type: event.type, userId, name, others };
  for (const hook of onAcknowledged) await hook(trx, ack);
  return { first: true, mailed: true };
}
