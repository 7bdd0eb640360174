import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { arrayLiteral } from '../../db/unnest';
import type { DeviceStateEvent } from '../../../common/devices';

/**
 * The LISTEN/NOTIFY channel a watch's changed state (online, battery, last contact) travels on
 * between API nodes, to its owner's open dashboards. Its own channel, not the alarms': a node
 * that does not know these notices yet (during a rolling update) does not hear them.
 */
export const DEVICE_STATE_CHANNEL = 'vigil_device_states';

/**
 * Devices per notification. A device is at most about 230 bytes of JSON (three ids, a timestamp
 * with microseconds and its offset, a battery level): 30 stay well under PostgreSQL's 8000-byte
 * payload limit, past which the whole transaction fails.
 */
export const DEVICE_STATES_PER_NOTICE = 30;

/** One device in a notice: id, tenant, owner, online, battery, charging, last contact. */
interface NoticeEntry {
  d: string;
  t: string | null;
  u: string;
  o: boolean;
  b: number | null;
  c: boolean;
  l: string | null;
}

/**
 * Tells every node, once the caller's transaction commits, the state of these devices as their
 * rows now hold it: a notification per DEVICE_STATES_PER_NOTICE devices, all sent by one
 * statement. Called where a devices row's status, battery or last contact is written (the ingest
 * at most once a minute per device and on every online or offline change), so a watch costs a
 * few hundred bytes a minute. Devices without an owner are left out: nobody's dashboard shows them.
 * Online is the devices row's status and battery and contact the live ones, as the dashboard
 * reads them (server/ingest/live-state.ts).
 */
export async function notifyDeviceStates(trx: Db, deviceIds: readonly string[]): Promise<void> {
  if (deviceIds.length === 0) return;
  await sql`
    select pg_notify(${DEVICE_STATE_CHANNEL}, json_agg(json_build_object('d', x.id, 't', x.tenant_id, 'u', x.owner_user_id, 'o', x.online, 'b', x.battery, 'c', x.charging, 'l', x.last_contact))::text)
    from (
      select d.id, d.tenant_id, d.owner_user_id, d.status = 'online' as online, coalesce(s.battery, d.battery_level) as battery,
        coalesce(s.charging, false) as charging, coalesce(s.last_seen, d.last_contact) as last_contact,
        (row_number() over (order by d.id) - 1) / ${sql.lit(DEVICE_STATES_PER_NOTICE)} as chunk
      from devices d left join device_state s on s.device_id = d.id
      where d.id = any(${arrayLiteral('uuid', deviceIds)}::uuid[]) and d.owner_user_id is not null and not d.is_deleted
    ) x
    group by x.chunk`.execute(trx);
}

/** A notice's devices as the stream sends them, each with the user whose dashboard shows it. */
export function deviceStatesOf(payload: string): { ownerId: string; event: DeviceStateEvent }[] {
  return (JSON.parse(payload) as NoticeEntry[]).map((e) => ({
    ownerId: e.u,
    event: { deviceId: e.d, tenantId: e.t, online: e.o, batteryLevel: e.b, charging: e.c, lastContact: e.l === null ? null : new Date(e.l).toISOString() },
  }));
}
