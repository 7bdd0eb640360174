import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';

/**
 * Personal data for the privacy tests: a citizen's or a carer's distinctive values written into
 * every table that can hold them, and a scan of every text and JSON column for what is left.
 */

/** Positions, events and raw messages of a device: `count` positions `stepMs` apart (ties when stepMs is 0), a third of them with an event. */
export async function seedHistory(db: Db, opts: { tenantId: string | null; deviceId: string; imei: string; lat: number; lon: number; count: number; stepMs?: number }): Promise<void> {
  const step = opts.stepMs ?? 1000;
  await sql`insert into positions (id, tenant_id, device_id, fix_time, server_time, latitude, longitude, accuracy, valid, attributes)
    select gen_random_uuid(), ${opts.tenantId}::uuid, ${opts.deviceId}::uuid, timestamptz '2026-01-01T00:00:00Z' + (i * ${step}::int) * interval '1 millisecond', now(),
           ${opts.lat}::float8, ${opts.lon}::float8, 5, true, jsonb_build_object('note', 'near "home", by the gate')
    from generate_series(1, ${opts.count}::int) i`.execute(db);
  await sql`insert into device_events (id, tenant_id, device_id, type, event_time, attributes)
    select gen_random_uuid(), ${opts.tenantId}::uuid, ${opts.deviceId}::uuid, 'geofenceExit', timestamptz '2026-01-01T00:00:00Z' + (i * ${step}::int) * interval '1 millisecond',
           jsonb_build_object('lat', ${opts.lat}::float8, 'lon', ${opts.lon}::float8)
    from generate_series(1, ${Math.ceil(opts.count / 3)}::int) i`.execute(db);
  await sql`insert into device_messages (id, tenant_id, device_id, unique_id, protocol, remote_address, payload, outcome)
    values (${randomUUID()}, ${opts.tenantId}, ${opts.deviceId}, ${opts.imei}, 'osmand', '198.51.100.7',
            ${`id=${opts.imei}&lat=${opts.lat}&lon=${opts.lon}`}, 'stored')`.execute(db);
  await sql`insert into device_state (device_id, tenant_id, online, fix_time, latitude, longitude, accuracy, zones)
    values (${opts.deviceId}, ${opts.tenantId}, true, now(), ${opts.lat}, ${opts.lon}, 5, ${JSON.stringify({ home: { inside: true, lat: opts.lat } })}::jsonb)
    on conflict (device_id) do update set latitude = excluded.latitude, longitude = excluded.longitude, zones = excluded.zones, fix_time = excluded.fix_time`.execute(db);
}

/** A live connection of the device as the watch ports record it, from `remote`. */
export async function seedConnection(db: Db, opts: { tenantId: string | null; deviceId: string; remote: string }): Promise<void> {
  await db
    .insertInto('device_connections')
    .values({ device_id: opts.deviceId, tenant_id: opts.tenantId, node_id: 'privacy-test', connection_id: randomUUID(), protocol: 'watch', remote_address: opts.remote, connected_time: new Date(), last_in_time: new Date(), last_out_time: null })
    .execute();
}

/** Everything around a device that can name its person: its live connection, alarms, receivers, commands, settings, escalation, a zone, mails. */
export async function seedDeviceCare(
  db: Db,
  opts: { tenantId: string | null; deviceId: string; alarmUserId: string; personName: string; phone: string; address: string; remote: string; lat: number; lon: number; link: { citizen_id: string } | { device_id: string } },
): Promise<void> {
  const { tenantId, deviceId } = opts;
  await seedConnection(db, { tenantId, deviceId, remote: opts.remote });
  const event = await sql<{ id: string }>`select id from device_events where device_id = ${deviceId} limit 1`.execute(db);
  const eventId = event.rows[0]!.id;
  await sql`insert into alarm_messages (id, tenant_id, user_id, event_id, device_id, type, subject, body, event_time)
    values (${randomUUID()}, ${tenantId}, ${opts.alarmUserId}, ${eventId}, ${deviceId}, 'sos', ${`SOS from ${opts.personName}`}, ${`${opts.personName} pressed SOS at ${opts.address}`}, now())`.execute(db);
  await sql`insert into alarm_acknowledgments (event_id, tenant_id, user_id, acknowledged_time) values (${eventId}, ${tenantId}, ${opts.alarmUserId}, now())`.execute(db);
  await sql`insert into device_alarm_receivers (id, tenant_id, device_id, email, name, status)
    values (${randomUUID()}, ${tenantId}, ${deviceId}, 'relative.privacy@example.net', ${`Relative of ${opts.personName}`}, 'active')`.execute(db);
  await sql`insert into device_commands (id, tenant_id, device_id, type, text, channel, phone_number, status)
    values (${randomUUID()}, ${tenantId}, ${deviceId}, 'sos', ${`SOS1,${opts.phone}`}, 'sms', ${opts.phone}, 'sent')`.execute(db);
  await sql`insert into device_settings (device_id, tenant_id, model, wanted, reported, concurrency_stamp)
    values (${deviceId}, ${tenantId}, 'watch4', ${JSON.stringify({ sosNumbers: [opts.phone] })}::jsonb, ${JSON.stringify({ owner: opts.personName })}::jsonb, ${randomUUID()})`.execute(db);
  await sql`insert into device_escalation (device_id, tenant_id, steps, channels) values (${deviceId}, ${tenantId}, ${JSON.stringify([{ note: opts.personName }])}::jsonb, '{}'::jsonb)`.execute(db);
  const zone = randomUUID();
  await sql`insert into geofences (id, tenant_id, name, shape, center_lat, center_lon, radius_m, concurrency_stamp)
    values (${zone}, ${tenantId}, ${`Home, ${opts.address}`}, 'circle', ${opts.lat}, ${opts.lon}, 100, ${randomUUID()})`.execute(db);
  const link = 'citizen_id' in opts.link ? { citizen: opts.link.citizen_id, device: null } : { citizen: null, device: opts.link.device_id };
  await sql`insert into geofence_links (id, tenant_id, geofence_id, device_id, citizen_id) values (${randomUUID()}, ${tenantId}, ${zone}, ${link.device}, ${link.citizen})`.execute(db);
  await sql`insert into mail_outbox (id, tenant_id, to_address, subject, text_body, html_body, status)
    values (${randomUUID()}, ${tenantId}, 'relative.privacy@example.net', ${`Alarm: ${opts.personName}`}, ${`${opts.personName} left the zone at ${opts.address}`}, null, 'sent')`.execute(db);
}

export interface Leftover {
  table: string;
  column: string;
  label: string;
}

/**
 * Every text, varchar and JSON column of every table holding one of the values (case-insensitive),
 * except the (table, column, label) hits listed as allowed. Found from information_schema, so a
 * column added later is searched too.
 */
export async function findPersonalValues(db: Db, values: Record<string, string>, allowed: readonly Leftover[] = []): Promise<Leftover[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'character')
    order by c.table_name, c.column_name`.execute(db);
  const found: Leftover[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const [label, value] of Object.entries(values)) {
      const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)}::text ilike ${pattern}`.execute(db);
      if ((rows[0]?.n ?? 0) > 0 && !allowed.some((a) => a.table === table && a.column === column && a.label === label)) found.push({ table, column, label });
    }
  }
  return found;
}

/** Every double precision column of every table holding one of the coordinates. */
export async function findCoordinates(db: Db, coordinates: readonly number[]): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.data_type in ('double precision', 'real', 'numeric')`.execute(db);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)}::float8 in (${sql.join([...coordinates])})`.execute(db);
    if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** The columns of the database (to check the PERSONAL_COLUMNS list names only real ones). */
export async function columnsOf(db: Db): Promise<Set<string>> {
  const { rows } = await sql<{ c: string }>`select table_name || '.' || column_name as c from information_schema.columns where table_schema = 'public'`.execute(db);
  return new Set(rows.map((r) => r.c));
}
