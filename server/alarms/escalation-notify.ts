import type { Db } from '../db/database';
import { loadAlarmEvent, notifyReceivers as notifyEvents } from './dispatch';
import { queueDeliveries } from './delivery';
import type { Receiver } from './receivers';

/** What an escalation step sends: 0 the alarm itself (to a receiver it is escalated to), n > 0 the n-th reminder. */
export interface NotifyOptions {
  reminder: number;
  publicUrl: string;
  /** A geocoder is configured: mails go out with the street address (dispatch.ts NotifyOptions). */
  addressLater?: boolean;
}

/**
 * Sends an alarm again from its stored device_events row to the given receivers, inside the
 * caller's transaction, rendered as recordEvents rendered it (dispatch.ts renderAlarm: place,
 * link, HTML mail), on each receiver's channels: mail and in-app here, push and SMS as jobs.
 * Returns whether jobs were queued to send now.
 */
export async function notifyReceivers(trx: Db, eventId: string, receivers: readonly Receiver[], opts: NotifyOptions): Promise<boolean> {
  if (receivers.length === 0) return false;
  const event = await loadAlarmEvent(trx, eventId);
  if (!event) return false;
  const result = await notifyEvents(trx, [event], new Map([[event.deviceId, receivers]]), { publicUrl: opts.publicUrl, reminder: opts.reminder, addressLater: opts.addressLater ?? false });
  const queued = await queueDeliveries(trx, result.deliveries, opts.reminder);
  return result.mailed || queued > 0;
}
