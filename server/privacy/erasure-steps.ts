import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Subject } from './subject';
import { KEPT_COPIES_STALE } from '../ingest/device-states';

/** What an erasure does to one kind of data: deletes it, anonymises it, or keeps it (invoices). */
export type StepGroup = 'erased' | 'anonymised' | 'kept';

export interface ErasureStep {
  kind: string;
  group: StepGroup;
  /** How many rows it will touch (the preview). */
  count(db: Db): Promise<number>;
  /** Does it, in the erasure's transaction; answers the rows touched. */
  run(trx: Db): Promise<number>;
}

type Where = RawBuilder<boolean>;

/** `column in (ids)`; `false` for none (an empty list is not SQL). */
export const inList = (column: string, ids: readonly string[]): Where =>
  ids.length ? sql<boolean>`${sql.ref(column)} in (${sql.join(ids)})` : sql<boolean>`false`;

const or = (...parts: Where[]): Where => sql<boolean>`(${sql.join(parts, sql` or `)})`;

async function countWhere(db: Db, table: string, where: Where): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(db);
  return rows[0]?.n ?? 0;
}

async function affected(db: Db, statement: RawBuilder<unknown>): Promise<number> {
  return Number((await statement.execute(db)).numAffectedRows ?? 0);
}

const deleting = (kind: string, table: string, where: Where): ErasureStep => ({
  kind,
  group: 'erased',
  count: (db) => countWhere(db, table, where),
  run: (trx) => affected(trx, sql`delete from ${sql.table(table)} where ${where}`),
});

const updating = (kind: string, group: StepGroup, table: string, set: RawBuilder<unknown>, where: Where): ErasureStep => ({
  kind,
  group,
  count: (db) => countWhere(db, table, where),
  run: (trx) => affected(trx, sql`update ${sql.table(table)} set ${set} where ${where}`),
});

/** A `%text%` pattern for ILIKE, its own wildcards escaped. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The steps of an erasure, in the order they run: the history of the subject's devices (positions,
 * events, raw messages, live connections, alarms and their acknowledgments, receivers, commands, settings), their
 * zones and Wi-Fi places, the mails about them; then the devices are unlinked and renamed and the
 * subject's own record anonymised (profile.ts). Positions and events are deleted by device_id only,
 * which works on plain and partitioned tables alike.
 */
export function deviceSteps(subject: Subject): ErasureStep[] {
  const devices = subject.deviceIds;
  const user = subject.type === 'user' ? subject.id : null;
  const events = sql<boolean>`event_id in (select id from device_events where ${inList('device_id', devices)})`;
  const receivers = user
    ? or(inList('device_id', devices), sql<boolean>`user_id = ${user}`, sql<boolean>`lower(email) = lower(${subject.email ?? ''})`)
    : inList('device_id', devices);
  // The zones that go: linked to the subject or their devices (or drawn by the carer), and to nobody else.
  const links = or(subject.type === 'citizen' ? sql<boolean>`citizen_id = ${subject.id}` : sql<boolean>`false`, inList('device_id', devices));
  const linked = sql<boolean>`id in (select geofence_id from geofence_links where ${links})`;
  const othersLinked = sql<boolean>`exists (select 1 from geofence_links o where o.geofence_id = geofences.id and not (${links}))`;
  const zones = or(sql<boolean>`(${linked} and not ${othersLinked})`, user ? sql<boolean>`owner_user_id = ${user}` : sql<boolean>`false`);
  // A device named after the person ("Anna's watch") is renamed; "Mum's watch" names no one once unlinked.
  const nameParts = subject.name.split(/\s+/).filter((p) => p.length >= 3);
  const named = nameParts.length ? or(...nameParts.map((p) => sql<boolean>`name ilike ${containing(p)}`)) : sql<boolean>`false`;
  const deviceName = sql`case when ${named} then 'Device ' || right(imei, 4) else name end`;
  return [
    deleting('alarmAcknowledgments', 'alarm_acknowledgments', user ? or(events, sql<boolean>`user_id = ${user}`) : events),
    deleting('alarmMessages', 'alarm_messages', user ? or(inList('device_id', devices), sql<boolean>`user_id = ${user}`) : inList('device_id', devices)),
    deleting('events', 'device_events', inList('device_id', devices)),
    deleting('positions', 'positions', inList('device_id', devices)),
    deleting('deviceMessages', 'device_messages', inList('device_id', devices)),
    // A watch still connected keeps its connection; Troubleshooting shows it again once it reconnects.
    deleting('deviceConnections', 'device_connections', inList('device_id', devices)),
    deleting('receivers', 'device_alarm_receivers', receivers),
    deleting('deviceCommands', 'device_commands', inList('device_id', devices)),
    deleting('deviceSettings', 'device_settings', inList('device_id', devices)),
    deleting('escalations', 'device_escalation', inList('device_id', devices)),
    {
      ...deleting('geofences', 'geofences', zones),
      // The zones are read before their links go (a zone is known by its links).
      run: async (trx) => {
        const { rows } = await sql<{ id: string }>`select id from geofences where ${zones}`.execute(trx);
        await affected(trx, sql`delete from geofence_links where ${links}`);
        return rows.length ? affected(trx, sql`delete from geofences where ${inList('id', rows.map((r) => r.id))}`) : 0;
      },
    },
    ...(subject.type === 'citizen' ? [deleting('wifis', 'wifis', sql<boolean>`citizen_id = ${subject.id}`)] : []),
    // The ingest's kept copies of these rows are made stale, or its next batch would write the erased place back.
    updating('deviceState', 'anonymised', 'device_state', sql`fix_time = null, latitude = null, longitude = null, accuracy = null, zones = '{}'::jsonb, message_seq = ${KEPT_COPIES_STALE}`, inList('device_id', devices)),
    updating(
      'devicesUnlinked',
      'anonymised',
      'devices',
      subject.type === 'citizen' ? sql`citizen_id = null, name = ${deviceName}` : sql`owner_user_id = null, name = ${deviceName}`,
      inList('id', devices),
    ),
  ];
}

/** Mails to the subject, or naming them or their devices (alarm and invitation mails). */
export function mailStep(subject: Subject, deviceNames: readonly string[]): ErasureStep {
  // Short names would match unrelated mails; a full name or a device's own name is specific enough.
  const phrases = [subject.name, ...deviceNames].filter((p) => p.trim().length >= 5);
  const mentions = phrases.map((p) => sql<boolean>`(subject ilike ${containing(p)} or text_body ilike ${containing(p)} or coalesce(html_body, '') ilike ${containing(p)})`);
  const to = subject.email ? [sql<boolean>`lower(to_address) = lower(${subject.email})`] : [];
  return deleting('mails', 'mail_outbox', mentions.length + to.length ? or(...mentions, ...to) : sql<boolean>`false`);
}

/** The subject's exports (and a carer's own export requests): the archives hold everything. */
export function exportStep(subject: Subject): ErasureStep {
  return deleting('exports', 'privacy_exports', subject.type === 'user' ? or(sql<boolean>`subject_id = ${subject.id}`, sql<boolean>`requested_by = ${subject.id}`) : sql<boolean>`subject_id = ${subject.id}`);
}

export { deleting, updating, countWhere, affected, or };
