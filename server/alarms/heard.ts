import { sql } from 'kysely';

/**
 * Whether the user of an alarm message (table or alias `of`) still hears its watch: as its owner
 * or as one of its active alarm receivers. A watch's alarms go with it: once it is given away (an
 * account transfer) or given back, its former owner no longer lists, streams or acts on them
 * (docs/decisions/048-account-transfer-at-both-ends.md). A message of no watch stays.
 */
export function stillHeard(of: 'm' | 'alarm_messages') {
  const device = sql.ref(`${of}.device_id`);
  const user = sql.ref(`${of}.user_id`);
  return sql<boolean>`(${device} is null
    or exists (select 1 from devices hd where hd.id = ${device} and hd.owner_user_id = ${user})
    or exists (select 1 from device_alarm_receivers hr where hr.device_id = ${device} and hr.user_id = ${user} and hr.status = 'active'))`;
}
