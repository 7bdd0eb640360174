import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { AlarmMessagesTable } from '../tables';
import type { Delivery } from './delivery';
import type { AlarmNotice } from './live';

export type AlarmMessageRow = Insertable<AlarmMessagesTable>;

/**
 * The in-app channel: one alarm_messages row per receiver with an account, and per event the live
 * notice for the users that got one (their open dashboards show it at once).
 */
export function inAppMessages(deliveries: readonly Delivery[]): { rows: AlarmMessageRow[]; notices: AlarmNotice[] } {
  const rows: AlarmMessageRow[] = [];
  const users = new Map<string, string[]>();
  for (const { event: e, receiver, rendered } of deliveries) {
    if (!receiver.userId) continue;
    rows.push({ id: randomUUID(), tenant_id: e.tenantId, user_id: receiver.userId, event_id: e.id, device_id: e.deviceId, type: e.type, subject: rendered.subject, body: rendered.inAppText, event_time: e.time });
    const list = users.get(e.id) ?? [];
    list.push(receiver.userId);
    users.set(e.id, list);
  }
  return { rows, notices: [...users].map(([e, u]) => ({ e, u })) };
}

export async function insertMessages(trx: Db, rows: readonly AlarmMessageRow[]): Promise<void> {
  if (rows.length) await trx.insertInto('alarm_messages').values([...rows]).execute();
}

/** Puts the street address into an event's messages whose text is still what was written (alarm.address job). */
export async function addAddressToMessages(trx: Db, eventId: string, userIds: readonly string[], written: string, withAddress: string): Promise<void> {
  if (userIds.length === 0 || written === withAddress) return;
  await trx.updateTable('alarm_messages').set({ body: withAddress }).where('event_id', '=', eventId).where('user_id', 'in', [...userIds]).where('body', '=', written).execute();
}
