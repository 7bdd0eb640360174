import type { Db } from '../../db/database';
import { completeJob, kickJobs, type Job, type JobKind, type JobSpec } from '../../jobs';
import type { Geocoder } from '../../geocoding/geocoder';
import { queueMails, type OutgoingMail } from '../../mail';
import { addressOfEvent } from '../address';
import { loadAlarmEvent } from '../event';
import { loadRenderContext, reminderSubject, renderAlarm } from '../render';
import { groupsByEventAndLanguage, type ChannelConfig, type Delivery } from './delivery';
import { addAddressToMessages } from './in-app';
import { ALARM_MAIL_TAG } from '../metrics';

/**
 * The mail channel. Without a geocoder the mails are queued with the alarm, in its transaction.
 * With one, an `alarm.address` job per event and language looks the street address up outside
 * that transaction (a geocoder call is never made inside the ingest's), queues the mails with it
 * and puts it into the in-app messages written with the alarm.
 */
export const ALARM_ADDRESS = 'alarm.address';

/** An alarm's mails and in-app messages in one language, to complete with the street address. */
export interface AlarmAddressJob {
  eventId: string;
  language: string;
  emails: string[];
  userIds: string[];
  /** 0 the alarm, n > 0 the n-th escalation reminder. */
  reminder: number;
  /** Whether its deliveries count in vigil_alarm_fix_to_delivery_seconds (not an escalation step's; absent: yes). */
  timed?: boolean;
}

/** The mails of deliveries, as rendered (subject with the reminder, text and HTML). */
export function alarmMails(deliveries: readonly Delivery[], timed = true): OutgoingMail[] {
  return deliveries.map(({ event, receiver, rendered }) => ({ to: receiver.email, subject: rendered.subject, text: rendered.text, html: rendered.html, tenantId: event.tenantId, tag: ALARM_MAIL_TAG, ...(timed && { since: event.time }) }));
}

/** The alarm.address jobs of a batch's mail and in-app deliveries. */
export function addressJobs(mail: readonly Delivery[], inApp: readonly Delivery[], reminder: number, timed = true): JobSpec[] {
  const jobs = groupsByEventAndLanguage<AlarmAddressJob>((d) => ({ eventId: d.event.id, language: d.receiver.language, emails: [], userIds: [], reminder, timed }));
  for (const d of mail) jobs.of(d).emails.push(d.receiver.email);
  for (const d of inApp) if (d.receiver.userId) jobs.of(d).userIds.push(d.receiver.userId);
  return jobs.all().map((job) => ({ kind: ALARM_ADDRESS, payload: { ...job } }));
}

/**
 * Runs an alarm.address job: the mails queued and the in-app texts given the address, in one
 * transaction with the job's end, so a mail is queued once even if the node dies in between.
 */
async function completeWithAddress(db: Db, job: Job<AlarmAddressJob>, config: ChannelConfig, geocoder: Geocoder | null): Promise<boolean> {
  const p = job.payload;
  const language = String(p.language);
  const event = await loadAlarmEvent(db, String(p.eventId));
  if (!event) return false;
  const [{ texts, timeZones }, address] = await Promise.all([loadRenderContext(db, [event.tenantId]), addressOfEvent(geocoder, event, language)]);
  const input = { event, receiver: { language }, texts, timeZone: timeZones.get(event.tenantId) ?? 'UTC', publicUrl: config.publicUrl };
  const written = renderAlarm(input);
  const full = address ? renderAlarm({ ...input, address }) : written;
  const subject = reminderSubject(full.subject, Number(p.reminder) || 0, language);
  const emails = Array.isArray(p.emails) ? p.emails.map(String) : [];
  const userIds = Array.isArray(p.userIds) ? p.userIds.map(String) : [];
  await db.transaction().execute(async (trx) => {
    await completeJob(trx, job);
    await queueMails(trx, emails.map((to) => ({ to, subject, text: full.text, html: full.html, tenantId: event.tenantId, tag: ALARM_MAIL_TAG, ...(p.timed !== false && { since: event.time }) })));
    await addAddressToMessages(trx, event.id, userIds, written.inAppText, full.inAppText);
  });
  return emails.length > 0;
}

export function addressJobKind(db: Db, config: ChannelConfig, geocoder: Geocoder | null): JobKind<typeof ALARM_ADDRESS> {
  return {
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
  };
}
