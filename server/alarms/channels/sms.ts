import type { Db } from '../../db/database';
import type { JobKind, JobSpec } from '../../jobs';
import { sendAlarmSms } from '../../sms/http-gateway';
import { loadAlarmEvent } from '../event';
import { alarmLink, timeZonesOf } from '../render';
import type { ChannelEnv, Delivery } from './delivery';
import { renderAlarmSms } from './sms-text';
import { countDelivered, countFailed } from '../metrics';

/**
 * The SMS channel: one `alarm.sms` job per number, sent in the background through the gateway
 * (server/sms), so a gateway that hangs holds one job, never the ingest or another receiver.
 */
export const ALARM_SMS = 'alarm.sms';

/** An alarm's SMS to one number. */
export interface AlarmSmsJob {
  eventId: string;
  language: string;
  to: string;
  reminder: number;
  /** Whether its deliveries count in vigil_alarm_fix_to_delivery_seconds (not an escalation step's; absent: yes). */
  timed?: boolean;
}

/** The alarm.sms jobs of a batch's SMS deliveries (a receiver without a number gets none). */
export function smsJobs(deliveries: readonly Delivery[], reminder: number, timed = true): JobSpec[] {
  return deliveries.flatMap((d) => {
    if (!d.receiver.phone) return [];
    const payload: AlarmSmsJob = { eventId: d.event.id, language: d.receiver.language, to: d.receiver.phone, reminder, timed };
    return [{ kind: ALARM_SMS, payload: { ...payload } }];
  });
}

export function smsJobKind(db: Db, { config, log }: ChannelEnv): JobKind<typeof ALARM_SMS> {
  return {
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
      try {
        await sendAlarmSms(config, String(p.to), text, log);
      } catch (err) {
        countFailed('sms');
        throw err;
      }
      countDelivered('sms', p.timed === false ? [] : [event.time], 1);
    },
  };
}
