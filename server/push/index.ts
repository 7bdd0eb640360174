import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { ModuleContext } from '../module-context';
import { vapidKeys } from './keys';
import { pushRoutes } from './routes';
import { sendPushToUsers, type PushOutcome, type SendOptions } from './send';
import { ackPayload, isPushPayload, type PushPayload } from './validation';
import type { RequestTypes } from '../http/route-schemas';

export { sendPushBatch, sendPushToUsers, type PushMessage, type PushOutcome, type SendOptions } from './send';
export { alarmPayload, ackPayload, isPushPayload, type AlarmPushPayload, type AckPushPayload, type PushPayload } from './validation';

/** The job kind the shared job queue runs runPushJob for. */
export const PUSH_JOB = 'push.send';

/** A push job's data: who gets it and what (texts already in each receiver's language). */
export interface PushJobData {
  userIds: string[];
  payload: PushPayload;
}

declare module '../jobs/catalogue' {
  interface JobPayloads {
    [PUSH_JOB]: PushJobData;
  }
}

type Log = SendOptions['log'];

/**
 * The push job: sends the payload to every subscription of the users and waits for the outcomes
 * (each push has its own deadline, so a job takes at most about config.push.timeoutMs). A job
 * whose data is not a push job is logged and dropped, not retried; delivery failures are logged,
 * never thrown (a retried job would page every other device again).
 */
export async function runPushJob(db: Db, config: Pick<Config, 'push'>, data: PushJobData, log?: Log): Promise<PushOutcome[]> {
  const userIds = Array.isArray(data?.userIds) ? data.userIds.filter((id): id is string => typeof id === 'string') : [];
  if (!isPushPayload(data?.payload)) {
    log?.warn({ job: PUSH_JOB }, 'push job without a valid payload: dropped');
    return [];
  }
  return sendPushToUsers(db, userIds, data.payload, { config, ...(log ? { log } : {}) });
}

/** Tells the users' devices that an alarm was acknowledged (by `byName`): each closes its notification. */
export function notifyAck(db: Db, config: Pick<Config, 'push'>, userIds: readonly string[], eventId: string, byName: string, log?: Log): Promise<PushOutcome[]> {
  return sendPushToUsers(db, userIds, ackPayload(eventId, byName), { config, ...(log ? { log } : {}) });
}

/** Web Push for alarms (issue 16): the VAPID key pair made on first start, and the subscription routes. */
export async function pushModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await vapidKeys(ctx.db);
  await pushRoutes(app.withTypeProvider<RequestTypes>(), ctx);
}
