import { sql, type Kysely } from 'kysely';

/**
 * Partitioned history (server/history): `positions` and `device_events` become partitioned by
 * retention class (keep_days, the tenant's choice) and then by time, so a retention run drops whole
 * tables. The existing history moves into the host default's class, in ranges back to the host's
 * maximum (anything older lands in the class's default partition, which retention empties).
 *
 * - `retention_host`: the host's default class (written at start from RETENTION_HISTORY_DEFAULT_DAYS).
 * - `tenant_retention`: a tenant's own class; `pending` while its rows still sit in another class.
 *
 * A unique or primary key of a partitioned table must hold its partition keys: positions' replay
 * key is (device_id, fix_time, keep_days), device_events' key (id, event_time, keep_days).
 */
// The history's classes and ranges as server/history had them when this was written (frozen here:
// later changes to the live module must not change what this migration made).
const HISTORY_CLASSES = [30, 90, 180, 365, 730] as const;
const HISTORY_DEFAULT_DAYS = 90;
const HISTORY_MAX_DAYS = 730;
const AHEAD_DAYS = 7;
const DAY_MS = 86_400_000;
const HISTORY_TABLES = { positions: 'fix_time', device_events: 'event_time' } as const;
const widthDays = (days: number): number => Math.max(1, Math.floor(days / 30));
const classTable = (table: string, days: number) => `${table}_k${days}`;

/** Every class's list partition, each cut by time with a default partition. */
async function createClassPartitions(db: Kysely<unknown>): Promise<void> {
  for (const [table, time] of Object.entries(HISTORY_TABLES)) {
    for (const days of HISTORY_CLASSES) {
      const cls = classTable(table, days);
      await sql`create table if not exists ${sql.id(cls)} partition of ${sql.id(table)} for values in (${sql.lit(days)}) partition by range (${sql.id(time)})`.execute(db);
      await sql`create table if not exists ${sql.id(`${cls}_default`)} partition of ${sql.id(cls)} default`.execute(db);
    }
  }
}

/** The first day of each time range of a class covering [from, to). */
function rangeStarts(days: number, from: Date, to: Date): number[] {
  const w = widthDays(days);
  const starts: number[] = [];
  for (let startDay = Math.floor(Math.floor(from.getTime() / DAY_MS) / w) * w; startDay * DAY_MS < to.getTime(); startDay += w) starts.push(startDay);
  return starts;
}

/** The time ranges of a class covering [from, to), on tables just made (no row waits in a default); `present` are left as they are. */
async function createRanges(db: Kysely<unknown>, table: keyof typeof HISTORY_TABLES, days: number, from: Date, to: Date, present = new Set<string>()): Promise<void> {
  const w = widthDays(days);
  for (const startDay of rangeStarts(days, from, to)) {
    if (present.has(`${classTable(table, days)}_d${startDay}`)) continue;
    const start = new Date(startDay * DAY_MS).toISOString();
    const end = new Date((startDay + w) * DAY_MS).toISOString();
    await sql`create table ${sql.id(`${classTable(table, days)}_d${startDay}`)} partition of ${sql.id(classTable(table, days))} for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(db);
  }
}

const POSITION_COLUMNS = ['id', 'tenant_id', 'device_id', 'fix_time', 'server_time', 'latitude', 'longitude', 'altitude', 'speed', 'course', 'accuracy', 'battery', 'valid', 'attributes'];
const EVENT_COLUMNS = ['id', 'tenant_id', 'device_id', 'type', 'event_time', 'position_id', 'geofence_id', 'attributes', 'creation_time'];
const classes = sql.raw(HISTORY_CLASSES.join(', '));

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table retention_host (id boolean primary key default true check (id), default_days smallint not null check (default_days in (${classes})), pending boolean not null default false)`.execute(db);
  await sql`insert into retention_host (default_days) values (${sql.lit(HISTORY_DEFAULT_DAYS)})`.execute(db);
  await sql`
    create table tenant_retention (
      tenant_id uuid primary key references tenants(id) on delete cascade,
      history_days smallint not null check (history_days in (${classes})),
      pending boolean not null default true,
      last_modification_time timestamptz not null default now(),
      last_modifier_id uuid
    )`.execute(db);

  await sql`alter table positions rename to positions_unpartitioned`.execute(db);
  await sql`alter index positions_device_fix_uq rename to positions_unpartitioned_uq`.execute(db);
  await sql`alter table device_events rename to device_events_unpartitioned`.execute(db);
  await sql`alter index device_events_pkey rename to device_events_unpartitioned_pkey`.execute(db);
  await sql`alter index device_events_device_idx rename to device_events_unpartitioned_device_idx`.execute(db);
  await sql`alter index device_events_tenant_idx rename to device_events_unpartitioned_tenant_idx`.execute(db);

  await sql`
    create table positions (
      id uuid not null, tenant_id uuid, device_id uuid not null, fix_time timestamptz not null,
      server_time timestamptz not null default now(), latitude double precision not null, longitude double precision not null,
      altitude real, speed real, course real, accuracy real, battery real, valid boolean not null default true, attributes jsonb,
      keep_days smallint not null default ${sql.lit(HISTORY_DEFAULT_DAYS)}
    ) partition by list (keep_days)`.execute(db);
  await sql`
    create table device_events (
      id uuid not null, tenant_id uuid, device_id uuid not null, type text not null, event_time timestamptz not null,
      position_id uuid, geofence_id uuid, attributes jsonb not null default '{}'::jsonb, creation_time timestamptz not null default now(),
      keep_days smallint not null default ${sql.lit(HISTORY_DEFAULT_DAYS)}
    ) partition by list (keep_days)`.execute(db);
  await createClassPartitions(db);

  // Ranges over the history there is (back to the host's maximum), the class's period, and a week ahead.
  const now = new Date();
  const oldest = new Date(now.getTime() - (HISTORY_MAX_DAYS + widthDays(HISTORY_DEFAULT_DAYS)) * DAY_MS);
  const ahead = new Date(now.getTime() + AHEAD_DAYS * DAY_MS);
  const span = await sql<{ p: Date | null; e: Date | null }>`select (select min(fix_time) from positions_unpartitioned) as p, (select min(event_time) from device_events_unpartitioned) as e`.execute(db);
  for (const [table, first] of [['positions', span.rows[0]?.p], ['device_events', span.rows[0]?.e]] as const) {
    // The whole period of the class at least, so late fixes of a watch back online find their range.
    const live = new Date(now.getTime() - HISTORY_DEFAULT_DAYS * DAY_MS);
    const from = first && new Date(first) < live ? (new Date(first) > oldest ? new Date(first) : oldest) : live;
    await createRanges(db, table, HISTORY_DEFAULT_DAYS, from, ahead);
  }

  const pCols = sql.raw(POSITION_COLUMNS.join(', '));
  const eCols = sql.raw(EVENT_COLUMNS.join(', '));
  await sql`insert into positions (${pCols}, keep_days) select ${pCols}, ${sql.lit(HISTORY_DEFAULT_DAYS)} from positions_unpartitioned`.execute(db);
  await sql`insert into device_events (${eCols}, keep_days) select ${eCols}, ${sql.lit(HISTORY_DEFAULT_DAYS)} from device_events_unpartitioned`.execute(db);
  await sql`drop table positions_unpartitioned`.execute(db);
  await sql`drop table device_events_unpartitioned`.execute(db);

  // Indexes after the copy: one build per partition instead of one insert each.
  // Covering the trail's, the battery history's and the alarm's columns: a day of one watch is an
  // index-only scan of a few pages, not one heap page per fix (bench:history: 294 pages to 6).
  await sql`create unique index positions_device_fix_uq on positions (device_id, fix_time, keep_days) include (latitude, longitude, accuracy, speed, battery, valid)`.execute(db);
  await sql`alter table device_events add constraint device_events_pkey primary key (id, event_time, keep_days)`.execute(db);
  await sql`create index device_events_device_idx on device_events (device_id, event_time desc)`.execute(db);
  await sql`create index device_events_tenant_idx on device_events (tenant_id, event_time desc)`.execute(db);
  await sql`alter table device_events add constraint device_events_device_id_fkey foreign key (device_id) references devices(id) on delete cascade`.execute(db);
}

/**
 * The ranges `up` makes on an empty history, as of `now` rather than the day it ran: a template
 * migrated at build time (server/db/data-template.ts) and loaded into a new data folder later
 * gets the ranges a migration on that day would have made, and none other (its ranges are empty).
 */
export async function asOf(db: Kysely<unknown>, now: Date): Promise<void> {
  const from = new Date(now.getTime() - HISTORY_DEFAULT_DAYS * DAY_MS);
  const to = new Date(now.getTime() + AHEAD_DAYS * DAY_MS);
  for (const table of Object.keys(HISTORY_TABLES) as (keyof typeof HISTORY_TABLES)[]) {
    const cls = classTable(table, HISTORY_DEFAULT_DAYS);
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = ${cls}`.execute(db);
    const wanted = new Set(rangeStarts(HISTORY_DEFAULT_DAYS, from, to).map((startDay) => `${cls}_d${startDay}`));
    for (const { name } of rows) {
      if (name !== `${cls}_default` && !wanted.has(name)) await sql`drop table ${sql.id(name)}`.execute(db);
    }
    const present = new Set(rows.map((r) => r.name));
    await createRanges(db, table, HISTORY_DEFAULT_DAYS, from, to, present);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['positions', 'device_events']) await sql`alter table ${sql.id(table)} rename to ${sql.id(`${table}_partitioned`)}`.execute(db);
  await sql`alter index positions_device_fix_uq rename to positions_partitioned_uq`.execute(db);
  await sql`alter table device_events_partitioned drop constraint device_events_pkey`.execute(db);
  await sql`drop index device_events_device_idx`.execute(db);
  await sql`drop index device_events_tenant_idx`.execute(db);
  await sql`create table positions (like positions_partitioned including defaults)`.execute(db);
  await sql`create table device_events (like device_events_partitioned including defaults)`.execute(db);
  await sql`insert into positions select * from positions_partitioned`.execute(db);
  await sql`insert into device_events select * from device_events_partitioned`.execute(db);
  await sql`alter table positions drop column keep_days`.execute(db);
  await sql`alter table device_events drop column keep_days`.execute(db);
  await sql`drop table positions_partitioned, device_events_partitioned`.execute(db);
  await sql`create unique index positions_device_fix_uq on positions (device_id, fix_time)`.execute(db);
  await sql`alter table device_events add primary key (id)`.execute(db);
  await sql`alter table device_events add foreign key (device_id) references devices(id) on delete cascade`.execute(db);
  await sql`create index device_events_device_idx on device_events (device_id, event_time desc)`.execute(db);
  await sql`create index device_events_tenant_idx on device_events (tenant_id, event_time desc)`.execute(db);
  await sql`drop table tenant_retention, retention_host`.execute(db);
}
