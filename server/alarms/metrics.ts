import { Counter, Histogram } from 'prom-client';
import type { AlarmChannel } from '../../common/alarm-kinds';
import { onMailSent } from '../mail';
import { metricsRegistry } from '../metrics/registry';

/** Alarms raised, by kind (sos, fall, geofenceExit, ...: the registry's bounded set). */
const raised = new Counter({ name: 'vigil_alarms_raised_total', help: 'Alarm events raised, by kind', labelNames: ['kind'] as const, registers: [metricsRegistry] });

/** Deliveries per channel and outcome: one per receiver and channel (push: per subscription). */
const deliveries = new Counter({
  name: 'vigil_alarm_deliveries_total',
  help: 'Alarm deliveries to receivers, by channel (mail, push, sms, inApp) and outcome (delivered, failed)',
  labelNames: ['channel', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Acknowledgements (the first per alarm), by kind: every channel's alarm is taken in the app. */
const acknowledged = new Counter({ name: 'vigil_alarms_acknowledged_total', help: 'Alarms acknowledged (the first acknowledgement of each), by kind', labelNames: ['kind'] as const, registers: [metricsRegistry] });

/** From the watch's fix to the receiver's channel taking the alarm (the in-app message written, the mail or SMS accepted, the push sent). */
const fixToDelivery = new Histogram({
  name: 'vigil_alarm_fix_to_delivery_seconds',
  help: "Time from the fix that raised an alarm to its delivery, by channel",
  labelNames: ['channel'] as const,
  buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 900],
  registers: [metricsRegistry],
});

export function countRaised(kinds: readonly string[]): void {
  for (const kind of kinds) raised.inc({ kind });
}

export function countAcknowledged(kind: string): void {
  acknowledged.inc({ kind });
}

/** `n` deliveries of alarms whose fixes were at `fixTimes` (one per delivery, or fewer: each observed once). */
export function countDelivered(channel: AlarmChannel, fixTimes: readonly Date[], n = fixTimes.length): void {
  if (n > 0) deliveries.inc({ channel, outcome: 'delivered' }, n);
  const now = Date.now();
  for (const t of fixTimes) fixToDelivery.observe({ channel }, Math.max(0, (now - t.getTime()) / 1000));
}

export function countFailed(channel: AlarmChannel, n = 1): void {
  if (n > 0) deliveries.inc({ channel, outcome: 'failed' }, n);
}

/** The tag an alarm's mail carries through the mail queue, so its delivery is counted here. */
export const ALARM_MAIL_TAG = 'alarm';

onMailSent.push((mail) => {
  if (mail.tag === ALARM_MAIL_TAG) countDelivered('mail', mail.since ? [new Date(mail.since)] : [], 1);
});
