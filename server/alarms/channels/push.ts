import type { Db } from '../../db/database';
import type { Geocoder } from '../../geocoding/geocoder';
import type { JobKind, JobSpec } from '../../jobs';
import { PUSH_JOB, alarmPayload, ackPayload, runPushJob, sendPushBatch, type PushJobData, type PushMessage } from '../../push';
import { eachLimited } from '../../../common/each-limited';
import { addressOfEvent } from '../address';
import { loadAlarmEvents } from '../event';
import { loadRenderContext, reminderSubject, renderAlarm } from '../render';
import { groupsByEventAndLanguage, type ChannelEnv, type Delivery } from './delivery';
import { countDelivered, countFailed } from '../metrics';

/**
 * The push channel: one `alarm.push` job per batch of alarms (a thousand watches leaving at once
 * are a few jobs, not thousands), sent in the background with the street address, so a push
 * service that hangs holds one job, never the ingest or another receiver.
 */
export const ALARM_PUSH = 'alarm.push';

/** The pushes of one batch of alarms: per event and language, the users. */
export interface AlarmPushJob {
  pushes: { eventId: string; language: string; userIds: string[] }[];
  /** 0 the alarm, n > 0 the n-th escalation reminder. */
  reminder: number;
  /** Whether its deliveries count in vigil_alarm_fix_to_delivery_seconds (not an escalation step's; absent: yes). */
  timed?: boolean;
}

/** The alarm.push job of a batch's push deliveries (none without a receiver with an account). */
export function pushJobs(deliveries: readonly Delivery[], reminder: number, timed = true): JobSpec[] {
  const groups = groupsByEventAndLanguage<AlarmPushJob['pushes'][number]>((d) => ({ eventId: d.event.id, language: d.receiver.language, userIds: [] }));
  for (const d of deliveries) {
    const userId = d.receiver.userId;
    if (!userId) continue;
    const group = groups.of(d);
    if (!group.userIds.includes(userId)) group.userIds.push(userId);
  }
  const pushes = groups.all();
  if (pushes.length === 0) return [];
  const job: AlarmPushJob = { pushes, reminder, timed };
  return [{ kind: ALARM_PUSH, payload: { ...job } }];
}

/** The push that closes an alarm's notification on every device of these users (someone took it). */
export function ackPushJob(eventId: string, userIds: readonly string[], byName: string): JobSpec {
  const data: PushJobData = { userIds: [...new Set(userIds)], payload: ackPayload(eventId, byName) };
  return { kind: PUSH_JOB, payload: { ...data } };
}

/** The alarm.push job kind, and push.send (the acknowledgments' pushes). */
export function pushJobKinds(db: Db, { config, log }: ChannelEnv, geocoder: Geocoder | null): [JobKind<typeof ALARM_PUSH>, JobKind<typeof PUSH_JOB>] {
  const alarmPush: JobKind<typeof ALARM_PUSH> = {
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
      const { texts, timeZones } = await loadRenderContext(db, [...new Set([...events.values()].map((e) => e.tenantId))]);
      // Addresses a few at a time: a geocoder (often a shared public one) is not flooded.
      const messages = await eachLimited(groups, 8, async (g): Promise<PushMessage | undefined> => {
        const event = events.get(String(g.eventId));
        if (!event) return undefined;
        const language = String(g.language);
        const address = await addressOfEvent(geocoder, event, language);
        const rendered = renderAlarm({ event, receiver: { language }, texts, timeZone: timeZones.get(event.tenantId) ?? 'UTC', publicUrl: config.publicUrl, address });
        const body = [rendered.short, rendered.place.address ?? rendered.place.place].filter(Boolean).join('\n');
        const payload = alarmPayload({ eventId: event.id, messageId: event.id, type: event.type, deviceName: event.deviceName, time: event.time, title: reminderSubject(rendered.subject, reminder, language), body });
        return { userIds: Array.isArray(g.userIds) ? g.userIds.map(String) : [], payload };
      });
      const outcomes = await sendPushBatch(db, messages.filter((m): m is PushMessage => m !== undefined), { config, log });
      const sent = outcomes.filter((o) => o.status === 'sent').length;
      countDelivered('push', sent && job.payload.timed !== false ? [...events.values()].map((e) => e.time) : [], sent);
      countFailed('push', outcomes.length - sent);
    },
  };
  const pushSend: JobKind<typeof PUSH_JOB> = {
    kind: PUSH_JOB,
    maxAttempts: 1,
    backoff: () => 0,
    concurrency: 16,
    leaseMs: 60_000,
    async run(job) {
      await runPushJob(db, config, job.payload, log);
    },
  };
  return [alarmPush, pushSend];
}
