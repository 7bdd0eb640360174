import type { Db } from '../db/database';
import { keepDaysOf } from '../history/keep-days';
import { notifyReceivers, type DeliverOptions } from './deliver';
import { scheduleEscalations } from './escalate';
import type { AlarmEvent } from './event';
import { receiversOf } from './receivers';
import { countRaised } from './metrics';

/** PUBLIC_URL when a caller passes none (scripts, tests): the environment's, as loadConfig reads it. */
const defaultPublicUrl = () => (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');

/**
 * The alarm pipeline for events a detector raised, inside the caller's transaction: record (the
 * device_events rows), render and deliver to every receiver (deliver.ts: mail, in-app, live,
 * push and SMS jobs), then the escalation's first step for the kinds that escalate (escalate.ts).
 * Nothing is sent for a change that rolls back, and nothing twice. Returns whether mails or jobs
 * were queued to send now (the caller kicks the workers after commit).
 */
export async function recordEvents(trx: Db, events: readonly AlarmEvent[], opts: Partial<DeliverOptions> = {}): Promise<boolean> {
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
        keep_days: keepDaysOf(e.tenantId),
      })),
    )
    .execute();
  countRaised(events.map((e) => e.type));
  const receivers = await receiversOf(trx, [...new Set(events.map((e) => e.deviceId))]);
  const queued = await notifyReceivers(trx, events, receivers, { ...opts, publicUrl: opts.publicUrl ?? defaultPublicUrl() });
  await scheduleEscalations(trx, events);
  return queued;
}
