import type { Db } from '../db/database';
import { enqueueJobs } from '../jobs';
import { queueMails } from '../mail';
import { ALARM_CHANNELS, type AlarmChannel } from '../../common/alarm-kinds';
import type { AlarmEvent } from './event';
import { channelsFor, type AlarmReceiver } from './receivers';
import { loadRenderContext, reminderSubject, renderAlarm, type RenderedAlarm } from './render';
import type { Delivery } from './channels/delivery';
import { inAppMessages, insertMessages } from './channels/in-app';
import { notifyLive } from './channels/live';
import { addressJobs, alarmMails } from './channels/mail';
import { pushJobs } from './channels/push';
import { smsJobs } from './channels/sms';
import { countDelivered } from './metrics';

export interface DeliverOptions {
  /** PUBLIC_URL (links in the texts). */
  publicUrl: string;
  /** 0 the alarm, n > 0 the n-th escalation reminder (the subject says "Reminder n"). */
  reminder?: number;
  /**
   * A geocoder is configured: mails are not queued here but by an `alarm.address` job, which looks
   * up the street address outside this transaction, queues them with it and puts it into the
   * in-app messages (channels/mail.ts).
   */
  addressLater?: boolean;
  /**
   * Whether these deliveries count in vigil_alarm_fix_to_delivery_seconds (default true). An
   * escalation step's (a reminder, or the next receiver after the wait the owner chose) do not:
   * they are late by design, and would page the operator (docs/operations/alerts.md) for an
   * alarm nobody took. They still count as deliveries.
   */
  timed?: boolean;
}

/**
 * The deliver stage: alarms events to their receivers inside the caller's transaction, per event
 * and receiver in the receiver's language (rendered once per event and language), on the
 * channels the owner chose for the receiver or else the kind's own: mail, in-app and live here,
 * push, SMS (and mail with the street address) as jobs in the same transaction. Nothing is sent
 * for a change that rolls back, and nothing twice. The statements are per batch, never per event.
 * Returns whether mails or jobs were queued to send now (the caller kicks the workers after commit).
 */
export async function notifyReceivers(trx: Db, events: readonly AlarmEvent[], receiversByDevice: ReadonlyMap<string, readonly AlarmReceiver[]>, opts: DeliverOptions): Promise<boolean> {
  if (!events.some((e) => receiversByDevice.get(e.deviceId)?.length)) return false;
  const reminder = opts.reminder ?? 0;
  const timed = opts.timed ?? true;
  const { texts, timeZones } = await loadRenderContext(trx, [...new Set(events.map((e) => e.tenantId))]);
  const byChannel = new Map<AlarmChannel, Delivery[]>(ALARM_CHANNELS.map((c) => [c, []]));
  for (const event of events) {
    const rendered = new Map<string, RenderedAlarm>();
    const renderFor = (language: string) => {
      let r = rendered.get(language);
      if (!r) {
        r = renderAlarm({ event, receiver: { language }, texts, timeZone: timeZones.get(event.tenantId) ?? 'UTC', publicUrl: opts.publicUrl });
        r = { ...r, subject: reminderSubject(r.subject, reminder, language) };
        rendered.set(language, r);
      }
      return r;
    };
    for (const receiver of receiversByDevice.get(event.deviceId) ?? []) {
      const delivery = { event, receiver, rendered: renderFor(receiver.language) };
      for (const channel of channelsFor(receiver, event.type)) byChannel.get(channel)?.push(delivery);
    }
  }
  const on = (channel: AlarmChannel) => byChannel.get(channel) ?? [];
  const mails = opts.addressLater ? [] : alarmMails(on('mail'), timed);
  const messages = inAppMessages(on('inApp'));
  const jobs = [...smsJobs(on('sms'), reminder, timed), ...pushJobs(on('push'), reminder, timed), ...(opts.addressLater ? addressJobs(on('mail'), on('inApp'), reminder, timed) : [])];
  await queueMails(trx, mails);
  await insertMessages(trx, messages.rows);
  countDelivered('inApp', timed ? messages.rows.map((r) => new Date(r.event_time)) : [], messages.rows.length);
  await notifyLive(trx, messages.notices);
  if (jobs.length) await enqueueJobs(trx, jobs);
  return mails.length > 0 || jobs.length > 0;
}
