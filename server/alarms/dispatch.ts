import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { arrayLiteral } from '../db/unnest';
import { queueMails, type OutgoingMail } from '../mail';
import { readSettings } from '../settings/settings';
import { receiversOf } from './receivers';
import { alarmText, formatIn, loadTenantTexts, type AlarmType } from './texts';

/** The LISTEN/NOTIFY channel live alarms travel on between API nodes. */
export const ALARM_CHANNEL = 'vigil_alarms';

/** What a notification on ALARM_CHANNEL carries: the event and the users with a new message. */
export interface AlarmNotice {
  e: string;
  u: string[];
}

export interface AlarmEvent {
  id: string;
  tenantId: string | null;
  deviceId: string;
  deviceName: string;
  type: AlarmType;
  time: Date;
  positionId?: string | null;
  geofenceId?: string | null;
  attributes: Record<string, string | number | boolean | null>;
}

/**
 * Records events and alarms their receivers, inside the caller's transaction: the device_events
 * rows, one mail and one in-app message per receiver in the receiver's language, and a
 * notification that open dashboards on every node receive once the transaction commits. Nothing
 * is sent for a change that rolls back, and nothing twice. Returns whether mail was queued.
 */
export async function recordEvents(trx: Db, events: readonly AlarmEvent[]): Promise<boolean> {
  if (events.length === 0) return false;
  await trx
    .insertInto('device_events')
    .values(
      events.map((e) => ({
        id: e.id,
        tenant_id: e.tenantId,
        device_id: e.deviceId,
        type: e.type,
        event_time: e.time,
        position_id: e.positionId ?? null,
        geofence_id: e.geofenceId ?? null,
        attributes: JSON.stringify(e.attributes),
      })),
    )
    .execute();

  const tenants = [...new Set(events.map((e) => e.tenantId))];
  const [receivers, texts, zones] = await Promise.all([
    receiversOf(trx, [...new Set(events.map((e) => e.deviceId))]),
    loadTenantTexts(trx, tenants),
    Promise.all(tenants.map(async (t) => [t, (await readSettings(trx, t))['Abp.Timing.TimeZone']] as const)),
  ]);
  const timeZone = new Map(zones);

  const mails: OutgoingMail[] = [];
  const messages: { id: string; tenant_id: string | null; user_id: string; event_id: string; device_id: string; type: string; subject: string; body: string; event_time: Date }[] = [];
  const notices: AlarmNotice[] = [];
  for (const e of events) {
    const values = {
      device: e.deviceName,
      zone: String(e.attributes.geofenceName ?? ''),
      time: formatIn(e.time, timeZone.get(e.tenantId) ?? 'UTC'),
      battery: e.attributes.battery === null || e.attributes.battery === undefined ? '' : String(e.attributes.battery),
    };
    const users: string[] = [];
    for (const r of receivers.get(e.deviceId) ?? []) {
      const text = alarmText(texts, e.tenantId, e.type, r.language, values);
      mails.push({ to: r.email, subject: text.subject, text: text.body, tenantId: e.tenantId });
      if (r.userId) {
        messages.push({ id: randomUUID(), tenant_id: e.tenantId, user_id: r.userId, event_id: e.id, device_id: e.deviceId, type: e.type, subject: text.subject, body: text.body, event_time: e.time });
        users.push(r.userId);
      }
    }
    if (users.length) notices.push({ e: e.id, u: users });
  }
  await queueMails(trx, mails);
  if (messages.length) await trx.insertInto('alarm_messages').values(messages).execute();
  // One statement for all of them: a round trip per event held the batch's row locks for long.
  if (notices.length) await sql`select pg_notify(${ALARM_CHANNEL}, n) from unnest(${arrayLiteral('text', notices.map((n) => JSON.stringify(n)))}::text[]) as n`.execute(trx);
  return mails.length > 0;
}
