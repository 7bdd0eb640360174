import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { cancelJobs, enqueueJobs } from '../jobs';
import { translate } from '../localization/texts';
import { queueMails, type OutgoingMail } from '../mail';
import { ALARM_TAKEN, escalates, textKeysOf } from '../../common/alarm-kinds';
import { ESCALATE } from './escalate';
import { channelsFor, receiversOf, type Receiver } from './receivers';
import { insertMessages, type AlarmMessageRow } from './channels/in-app';
import { notifyLive, type AckNotice } from './channels/live';
import { ackPushJob } from './channels/push';
import { countAcknowledged } from './metrics';

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
  countAcknowledged(event.type);
  const user = await trx.selectFrom('users').select(['name', 'surname', 'user_name', 'email']).where('id', '=', userId).executeTakeFirst();
  const name = user ? `${user.name} ${user.surname}`.trim() || user.user_name || user.email : '';
  const receivers = (await receiversOf(trx, [event.device_id])).get(event.device_id) ?? [];
  // Every device of every receiver (the one who took it too) closes the alarm's notification.
  await enqueueJobs(trx, [ackPushJob(eventId, [userId, ...receivers.flatMap((r) => (r.userId ? [r.userId] : []))], name)]);
  if (!escalates(event.type)) return { first: true, mailed: true };
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
  await notifyLive(trx, closed.map((c): AckNotice => ({ ack: c.id, u: [c.user_id] })));
  const others = receivers.filter((r) => r.userId !== userId);
  const keys = textKeysOf(event.type);
  const mails: OutgoingMail[] = [];
  const messages: AlarmMessageRow[] = [];
  for (const r of others) {
    const values = { name, device: event.device_name, alarm: translate(keys.taken ?? keys.name, r.language) };
    const subject = translate('devices:escalation.taken.subject', r.language, values);
    const body = translate('devices:escalation.taken.body', r.language, values);
    const channels = channelsFor(r, event.type);
    if (channels.includes('mail')) mails.push({ to: r.email, subject, text: body, tenantId: event.tenant_id });
    if (channels.includes('inApp') && r.userId) {
      messages.push({ id: randomUUID(), tenant_id: event.tenant_id, user_id: r.userId, event_id: event.id, device_id: event.device_id, type: ALARM_TAKEN, subject, body, event_time: new Date(event.event_time) });
    }
  }
  await queueMails(trx, mails);
  await insertMessages(trx, messages);
  if (messages.length) await notifyLive(trx, [{ e: event.id, u: [...new Set(messages.map((m) => m.user_id))] }]);
  const ack: Acknowledgment = { eventId, deviceId: event.device_id, tenantId: event.tenant_id, type: event.type, userId, name, others };
  for (const hook of onAcknowledged) await hook(trx, ack);
  return { first: true, mailed: true };
}
