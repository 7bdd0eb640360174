import { sql } from 'kysely';
import type { Db } from '../db/database';
import { arrayLiteral, unnest } from '../db/unnest';
import { keepDaysOf } from '../history/keep-days';
import type { Outcome } from './guards';
import type { DeviceState, StateExpectation } from './device-states';

/**
 * The SQL of one ingest batch. Every statement takes its rows as column arrays (unnest), so a
 * batch of hundreds of messages is a handful of parameters to bind and a small plan to make.
 */

export interface PositionRow {
  id: string;
  tenant_id: string | null;
  device_id: string;
  fix_time: Date;
  latitude: number;
  longitude: number;
  altitude: number | null;
  speed: number | null;
  course: number | null;
  accuracy: number | null;
  battery: number | null;
  valid: boolean;
  attributes: string | null;
}

/** The positions' columns as unnest takes them. */
export const POSITION_COLUMNS = { id: 'uuid', tenant_id: 'uuid', device_id: 'uuid', fix_time: 'timestamptz', latitude: 'float8', longitude: 'float8', altitude: 'real', speed: 'real', course: 'real', accuracy: 'real', battery: 'real', valid: 'boolean', attributes: 'jsonb' } as const;

/** The insert of fixes, in their tenant's retention class; one already stored (a replay, a retry) conflicts on (device, fix time, class) and is left out. */
const positionsInsert = (rows: readonly PositionRow[]) => sql`
  insert into positions (id, tenant_id, device_id, fix_time, latitude, longitude, altitude, speed, course, accuracy, battery, valid, attributes, keep_days)
  select v.*, ${keepDaysOf(sql`v.tenant_id`)} from ${unnest<PositionRow>('v', POSITION_COLUMNS, rows)}
  on conflict (device_id, fix_time, keep_days) do nothing`;

/**
 * Inserts fixes (replays left out) and returns the ids stored. Nothing is returned per row: when
 * the count inserted is every row, all were stored (the usual case); only a batch with a replay
 * asks which ids are now there.
 */
export async function insertPositions(trx: Db, rows: readonly PositionRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await positionsInsert(rows).execute(trx);
  if (Number(inserted.numAffectedRows) === rows.length) return new Set(rows.map((r) => r.id));
  // positions has no index on id: the rows are found by (device, fix time), ours are those with our id.
  const keys = unnest<Pick<PositionRow, 'device_id' | 'fix_time'>>('k', { device_id: 'uuid', fix_time: 'timestamptz' }, rows);
  const stored = await sql<{ id: string }>`
    select p.id from ${keys} join positions p on p.device_id = k.device_id and p.fix_time = k.fix_time
    where p.id = any(${arrayLiteral('uuid', rows.map((r) => r.id))}::uuid[])`.execute(trx);
  return new Set(stored.rows.map((r) => r.id));
}

type OrNull<T> = { [K in keyof T]: T[K] | null };

/** A device's runtime state after the batch; null keeps the stored value. */
export type StateChange = OrNull<Pick<DeviceState, 'online' | 'fix_time' | 'latitude' | 'longitude' | 'accuracy' | 'battery' | 'charging' | 'low_battery_alarmed' | 'contact_synced'>> & {
  device_id: string;
  /** When the device was last heard from. */
  seen: Date | null;
  /** The zones' state as JSON, or null when no zone changed. */
  zones: string | null;
  message_seq: number;
} & StateExpectation;

/** devices columns refreshed from the state (at most once a minute per device, or when it comes online). */
export interface DeviceChange {
  id: string;
  battery: number | null;
  contact: Date;
}

export interface RingMessage {
  id: string;
  tenant_id: string | null;
  device_id: string | null;
  unique_id: string;
  remote_address: string | null;
  payload: string;
  outcome: Outcome;
  detail: string | null;
}

/**
 * The state rows, the devices' contact columns, the raw message ring (OsmAnd messages received at
 * `received`) and, for a batch evaluated on kept states, its positions, in one statement
 * (data-modifying CTEs: one round trip). A state row with expectations is only updated while it
 * still holds them. Returns how many positions were inserted and how many state rows updated, for
 * the caller to tell whether everything it assumed held.
 */
export async function writeBatch(
  trx: Db,
  states: readonly StateChange[],
  devices: readonly DeviceChange[],
  ring: readonly RingMessage[],
  received: Date,
  positions: readonly PositionRow[] = [],
  commandsFor: readonly string[] = [],
): Promise<{ positions: number; states: number; commands: Map<string, { id: string; text: string }> }> {
  const positionsCte = positions.length ? sql`${positionsInsert(positions)} returning 1` : sql`select 1 where false`;
  const stateCte = states.length
    ? sql`update device_state as s set
        online = coalesce(v.online, s.online), last_seen = coalesce(v.seen, s.last_seen),
        fix_time = coalesce(v.fix_time, s.fix_time), latitude = coalesce(v.latitude, s.latitude),
        longitude = coalesce(v.longitude, s.longitude), accuracy = case when v.online then v.accuracy else s.accuracy end,
        battery = coalesce(v.battery, s.battery), charging = coalesce(v.charging, s.charging),
        low_battery_alarmed = coalesce(v.low_battery_alarmed, s.low_battery_alarmed), zones = coalesce(v.zones, s.zones),
        message_seq = v.message_seq, contact_synced = coalesce(v.contact_synced, s.contact_synced),
        offline_pending = case when v.online then false else s.offline_pending end
      from ${unnest<StateChange>('v', { device_id: 'uuid', online: 'boolean', seen: 'timestamptz', fix_time: 'timestamptz', latitude: 'float8', longitude: 'float8', accuracy: 'real', battery: 'int', charging: 'boolean', low_battery_alarmed: 'boolean', zones: 'jsonb', message_seq: 'bigint', contact_synced: 'timestamptz', expected_seq: 'bigint', expected_online: 'boolean', expected_threshold: 'int' }, states)}
      where s.device_id = v.device_id
        and (v.expected_seq is null or (s.message_seq = v.expected_seq and s.online = v.expected_online and s.low_battery_threshold is not distinct from v.expected_threshold))
      returning 1`
    : sql`select 1 where false`;
  const devicesCte = devices.length
    ? sql`update devices as d set battery_level = coalesce(v.battery, d.battery_level), last_contact = v.contact, status = 'online'
      from ${unnest<DeviceChange>('v', { id: 'uuid', battery: 'int', contact: 'timestamptz' }, devices)} where d.id = v.id returning 1`
    : sql`select 1`;
  const ringRows = unnest<RingMessage>(
    'v',
    { id: 'uuid', tenant_id: 'uuid', device_id: 'uuid', unique_id: 'text', remote_address: 'text', payload: 'text', outcome: 'text', detail: 'text' },
    ring,
  );
  // The oldest command queued for each device of the batch, read in the same round trip (the
  // partial index device_commands_queued_idx keeps it cheap when there is none, the usual case).
  const commands = commandsFor.length
    ? sql`(select coalesce(json_agg(json_build_array(c.device_id, c.id, c.text)), '[]') from (
        select distinct on (device_id) device_id, id, text from device_commands
        where device_id = any(${arrayLiteral('uuid', commandsFor)}::uuid[]) and status = 'queued' and channel = 'device'
        order by device_id, creation_time, id) c)`
    : sql`'[]'::json`;
  const result = await sql<{ positions: string; states: string; commands: [string, string, string][] | string }>`
    with inserted as (${positionsCte}), state as (${stateCte}), changed as (${devicesCte}), kept as (
      insert into device_messages (id, tenant_id, device_id, unique_id, protocol, remote_address, payload, outcome, detail, received_time)
      select v.id, v.tenant_id, v.device_id, v.unique_id, 'osmand', v.remote_address, v.payload, v.outcome, v.detail, ${received}::timestamptz from ${ringRows}
      on conflict (id) do update set tenant_id = excluded.tenant_id, device_id = excluded.device_id, unique_id = excluded.unique_id,
        remote_address = excluded.remote_address, payload = excluded.payload, outcome = excluded.outcome, detail = excluded.detail,
        received_time = excluded.received_time
      returning 1)
    select (select count(*) from inserted) as positions, (select count(*) from state) as states, ${commands} as commands`.execute(trx);
  const row = result.rows[0]!;
  const list = typeof row.commands === 'string' ? (JSON.parse(row.commands) as [string, string, string][]) : row.commands;
  return { positions: Number(row.positions), states: Number(row.states), commands: new Map(list.map(([device, id, text]) => [device, { id, text }])) };
}
