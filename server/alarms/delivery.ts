import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { completeJob, enqueueJobs, kickJobs, type Job, type JobQueue, type JobSpec } from '../jobs';
import { geocoderOf } from '../geocoding/reverse';
import { addressOfEvent } from '../geocoding/alarm-address';
import { queueMails } from '../mail';
import { loadTenantTexts } from './texts';
import { PUSH_JOB, alarmPayload, ackPayload, runPushJob, sendPushBatch, type PushJobData, type PushMessage } from '../push';
import { eachLimited } from '../../common/each-limited';
import { renderAlarmSms } from '../sms/alarm-sms';
import { sendAlarmSms } from '../sms/http-gateway';
import { translate } from '../localization/texts';
import type { AlarmDelivery } from './dispatch';
import { alarmLink, loadAlarmEvent, loadAlarmEvents, renderAlarm, timeZonesOf } from './dispatch';

/**
 * Push and SMS of alarms. recordEvents (and each escalation step) queues them as jobs in its own
 * transaction, so they exist exactly when the alarm does; the node's job queue sends them in the
 * background. The texts are rendered again there with the street address (a geocoder call is
 * never made inside the ingest's transaction), and a push service or SMS gateway that hangs holds
 * one job, never the ingest or another receiver.
 */
export const ALARM_PUSH = 'alarm.push';
export const ALARM_SMS = 'alarm.sms';
export const ALARM_ADDRESS = 'alarm.address';

/**
 * The pushes of one batch of alarms (one job per recordEvents or escalation step, so a thousand
 * watches leaving at once are a few jobs, not thousands): per event and language, the users.
 */
export interface AlarmPushJob {
  pushes: { eventId: string; language: string; userIds: string[] }[];
  /** 0 the alarm, n > 0 the n-th escalation reminder. */
  reminder: number;
}

/** An alarm's SMS to one number. */
export interface AlarmSmsJob {
  eventId: string;
  language: string;
  to: string;
  reminder: number;
}

/**
 * With a geocoder: an alarm's mails and in-app messages in one language, completed with the street
 * address (the mails queued then, the messages' text replaced where it still is what was written).
 */
export interface AlarmAddressJob {
  eventId: string;
  language: string;
  emails: string[];
  userIds: string[];
  reminder: number;
}

/** The jobs of a batch's deliveries (dispatch.ts notifyReceivers' `deliveries`). */
export function deliveryJobs(deliveries: readonly AlarmDelivery[], reminder = 0): JobSpec[] {
  const pushes = new Map<string, AlarmPushJob['pushes'][number]>();
  const addresses = new Map<string, AlarmAddressJob>();
  const jobs: JobSpec[] = [];
  for (const d of deliveries) {
    if (d.channel === 'mail' || d.channel === 'inApp') {
      const key = `${d.event.id}|${d.receiver.language}`;
      const job = addresses.get(key) ?? { eventId: d.event.id, language: d.receiver.language, emails: [], userIds: [], reminder };
      if (d.channel === 'mail') job.emails.push(d.receiver.email);
      else if (d.receiver.userId) job.userIds.push(d.receiver.userId);
      addresses.set(key, job);
    } else if (d.channel === 'push' && d.receiver.userId) {
      const key = `${d.event.id}|${d.receiver.language}`;
      const group = pushes.get(key) ?? { eventId: d.event.id, language: d.receiver.language, userIds: [] };
      if (!group.userIds.includes(d.receiver.userId)) group.userIds.push(d.receiver.userId);
      pushes.set(key, group);
    } else if (d.channel === 'sms' && d.receiver.phone) {
      const payload: AlarmSmsJob = { eventId: d.event.id, language: d.receiver.language, to: d.receiver.phone, reminder };
      jobs.push({ kind: ALARM_SMS, payload: { ...payload } });
    }
  }
  if (pushes.size) {
    const job: AlarmPushJob = { pushes: [...pushes.values()], reminder };
    jobs.push({ kind: ALARM_PUSH, payload: { ...job } });
  }
  for (const a of addresses.values()) jobs.push({ kind: ALARM_ADDRESS, payload: { ...a } });
  return jobs;
}

/** Queues the deliveries' jobs in the caller's transaction; returns how many. */
export async function queueDeliveries(trx: Db, deliveries: readonly AlarmDelivery[], reminder = 0): Promise<number> {
  const jobs = deliveryJobs(deliveries, reminder);
  if (jobs.length) await enqueueJobs(trx, jobs);
  return jobs.length;
}

/** The push that closes an alarm's notification on every device of these users (someone took it). */
export function ackPushJob(eventId: string, userIds: readonly string[], byName: string): JobSpec {
  const data: PushJobData = { userIds: [...new Set(userIds)], payload: ackPayload(eventId, byName) };
  return { kind: PUSH_JOB, payload: { ...data } };
}

type DeliveryConfig = Pick<Config, 'publicUrl' | 'geocoder' | 'push' | 'smsGateway' | 'smsHttp'>;

const reminderSubject = (subject: string, reminder: number, language: string) => (reminder > 0 ? translate('devices:escalation.reminderSubject', language, { n: reminder, subject }) : subject);

/**
 * Runs an alarm.address job: the mails queued and the in-app texts given the address, in one
 * transaction with the job's end, so a mail is queued once even if the node dies in between.
 */
async function completeWithAddress(db: Db, job: Job<AlarmAddressJob>, config: DeliveryConfig, geocoder: ReturnType<typeof geocoderOf>): Promise<boolean> {
  const p = job.payload;
  const language = String(p.language);
  const event = await loadAlarmEvent(db, String(p.eventId));
  if (!event) return false;
  const [texts, zones, address] = await Promise.all([loadTenantTexts(db, [event.tenantId]), timeZonesOf(db, [event.tenantId]), addressOfEvent(geocoder, event, language)]);
  const input = { event, receiver: { language }, texts, timeZone: zones.get(event.tenantId) ?? 'UTC', publicUrl: config.publicUrl };
  const written = renderAlarm(input);
  const full = address ? renderAlarm({ ...input, address }) : written;
  const subject = reminderSubject(full.subject, Number(p.reminder) || 0, language);
  const emails = Array.isArray(p.emails) ? p.emails.map(String) : [];
  const userIds = Array.isArray(p.userIds) ? p.userIds.map(String) : [];
  await db.transaction().execute(async (trx) => {
    await completeJob(trx, job);
    await queueMails(trx, emails.map((to) => ({ to, subject, text: full.text, html: full.html, tenantId: event.tenantId })));
    if (address && userIds.length) {
      await trx.updateTable('alarm_messages').set({ body: full.inAppText }).where('event_id', '=', event.id).where('user_id', 'in', userIds).where('body', '=', written.inAppText).execute();
    }
  });
  return emails.length > 0;
}

/** Registers alarm delivery on a node's queue: alarm.push, alarm.sms and push.send (acknowledgments). */
export function registerAlarmDelivery(queue: JobQueue, db: Db, config: DeliveryConfig, log: FastifyBaseLogger): void {
  const geocoder = geocoderOf(config);
  queue.registerJobKind({
    kind: ALARM_ADDRESS,
    // The mail must go out even when the lookup or the database failed once: retried, and a
    // geocoder that fails is remembered (server/geocoding), so a retry mails without the address.
    maxAttempts: 8,
    backoff: (attempts) => Math.min(5_000 * 2 ** (attempts - 1), 5 * 60_000),
    concurrency: 16,
    leaseMs: 60_000,
    async run(job) {
      if (await completeWithAddress(db, job, config, geocoder)) kickJobs();
    },
  });
  queue.registerJobKind({
    kind: ALARM_PUSH,
    // A push that failed is not sent again: the others went, and the alarm is also in mail and in-app.
    maxAttempts: 1,
    backoff: () => 0,
    concurrency: 4,
    leaseMs: 60_000,
    async run(job) {
      const groups = Array.isArray(job.payload.pushes) ? job.payload.pushes : [];
      const reminder = Number(job.payload.reminder) || 0;
      // One read of the events, texts and time zones for the whole batch.
      const events = await loadAlarmEvents(db, groups.map((g) => String(g.eventId)));
      const tenants = [...new Set([...events.values()].map((e) => e.tenantId))];
      const [texts, zones] = await Promise.all([loadTenantTexts(db, tenants), timeZonesOf(db, tenants)]);
      // Addresses a few at a time: a geocoder (often a shared public one) is not flooded.
      const messages = await eachLimited(groups, 8, async (g): Promise<PushMessage | undefined> => {
        const event = events.get(String(g.eventId));
        if (!event) return undefined;
        const language = String(g.language);
        const address = await addressOfEvent(geocoder, event, language);
        const rendered = renderAlarm({ event, receiver: { language }, texts, timeZone: zones.get(event.tenantId) ?? 'UTC', publicUrl: config.publicUrl, address });
        const body = [rendered.short, rendered.place.address ?? rendered.place.place].filter(Boolean).join('\n');
        const payload = alarmPayload({ eventId: event.id, messageId: event.id, type: event.type, deviceName: event.deviceName, time: event.time, title: reminderSubject(rendered.subject, reminder, language), body });
        return { userIds: Array.isArray(g.userIds) ? g.userIds.map(String) : [], payload };
      });
      await sendPushBatch(db, messages.filter((m): m is PushMessage => m !== undefined), { config, log });
    },
  });
  queue.registerJobKind({
    kind: ALARM_SMS,
    // A gateway that is down is tried again: 30 s, 1 min, 2 min, 4 min.
    maxAttempts: 5,
    backoff: (attempts) => 30_000 * 2 ** (attempts - 1),
    concurrency: 8,
    leaseMs: 60_000,
    async run(job) {
      const p = job.payload;
      // An SMS has no room for the address: no geocoder call for it.
      const event = await loadAlarmEvent(db, String(p.eventId));
      if (!event) return;
      const zones = await timeZonesOf(db, [event.tenantId]);
      const text = renderAlarmSms({ type: event.type, deviceName: event.deviceName, time: event.time, timeZone: zones.get(event.tenantId) ?? 'UTC', language: String(p.language), link: alarmLink(config.publicUrl, event.id) });
      await sendAlarmSms(config, String(p.to), text, log);
    },
  });
  queue.registerJobKind({
    kind: PUSH_JOB,
    maxAttempts: 1,
    backoff: () => 0,
    concurrency: 16,
    leaseMs: 60_000,
    async run(job) {
      await runPushJob(db, config, job.payload, log);
    },
  });
}
