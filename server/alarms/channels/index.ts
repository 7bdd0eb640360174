import type { Db } from '../../db/database';
import { geocoderOf } from '../../geocoding/geocoder';
import type { JobQueue } from '../../jobs';
import type { ChannelEnv } from './delivery';
import { addressJobKind } from './mail';
import { pushJobKinds } from './push';
import { smsJobKind } from './sms';

/**
 * The channels' background jobs on a node's queue: alarm.address (mail and in-app with the street
 * address), alarm.push, push.send (acknowledgments) and alarm.sms. The deliver stage queues them in
 * the alarm's own transaction, so they exist exactly when the alarm does.
 */
export function registerChannelJobs(queue: JobQueue, db: Db, env: ChannelEnv): void {
  const geocoder = geocoderOf(env.config);
  queue.registerJobKind(addressJobKind(db, env.config, geocoder));
  const [alarmPush, pushSend] = pushJobKinds(db, env, geocoder);
  queue.registerJobKind(alarmPush);
  queue.registerJobKind(pushSend);
  queue.registerJobKind(smsJobKind(db, env));
}
