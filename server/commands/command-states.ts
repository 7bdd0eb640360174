import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import type { QueuedDeviceCommand } from './catalogue';
import { mergeReported } from './device-settings';
import type { CommandStatus } from './tables';

/**
 * How long a queued command waits for its watch before it expires. "Where is she now" is no use
 * an hour later (a caregiver asks again); a setting or a template still matters after a weekend
 * with the watch switched off, but not weeks later, when staff have long since given up on it.
 */
export const COMMAND_LIFETIMES: { readonly byType: Readonly<Record<string, number>>; readonly otherwise: number } = {
  byType: { positionSingle: 3_600_000 },
  otherwise: 7 * 86_400_000,
};

/** When a command made at `created` expires, if still queued then. */
export const expiryOf = (type: string, created: Date): Date => new Date(created.getTime() + (COMMAND_LIFETIMES.byType[type] ?? COMMAND_LIFETIMES.otherwise));

type Commands = ExpressionBuilder<Database, 'device_commands'>;

/** A command whose lifetime ran out by `now` (still queued or not). */
function pastExpiry(eb: Commands, now: Date): Expression<SqlBool> {
  const typed = Object.keys(COMMAND_LIFETIMES.byType);
  return eb.or([
    ...typed.map((type) => eb.and([eb('type', '=', type), eb('creation_time', '<', new Date(now.getTime() - COMMAND_LIFETIMES.byType[type]!))])),
    eb.and([...(typed.length ? [eb('type', 'not in', typed)] : []), eb('creation_time', '<', new Date(now.getTime() - COMMAND_LIFETIMES.otherwise))]),
  ]);
}

interface Change {
  to: CommandStatus;
  from: readonly CommandStatus[];
  at: Date;
  detail?: string | null;
  /** Which commands (besides their state being one of `from`). */
  where: (eb: Commands) => Expression<SqlBool>;
}

/**
 * Moves the commands `where` says from one of `from` to `to`, and records the new state with its
 * time, in one statement: a change is never there without its record, nor the record without it.
 * A command already moved on (by another node, the transport or the sweep) is left as it is.
 */
async function transition(db: Db, change: Change): Promise<{ id: string; device_id: string; attributes: unknown }[]> {
  const detail = change.detail ?? null;
  const times = change.to === 'sent' ? { sent_time: change.at } : change.to === 'acknowledged' ? { acknowledged_time: change.at } : {};
  return db
    .with('changed', (qb) =>
      qb
        .updateTable('device_commands')
        .set({ status: change.to, ...times, ...(change.to === 'failed' ? { error: detail } : {}) })
        .where((eb) => eb.and([eb('status', 'in', change.from), change.where(eb)]))
        .returning(['id', 'tenant_id', 'device_id', 'attributes']),
    )
    .with('logged', (qb) =>
      qb
        .insertInto('device_command_events')
        .columns(['command_id', 'tenant_id', 'status', 'time', 'detail'])
        .expression((eb) =>
          eb.selectFrom('changed').select(['changed.id', 'changed.tenant_id', sql<CommandStatus>`${change.to}::text`.as('status'), sql<Date>`${change.at}::timestamptz`.as('time'), sql<string | null>`${detail}::text`.as('detail')]),
        ),
    )
    .selectFrom('changed')
    .select(['id', 'device_id', 'attributes'])
    .execute();
}

/**
 * A queued command handed over: written to the watch's connection, in an OsmAnd answer that went
 * out, or accepted by the SMS gateway. Only a command still queued becomes sent (one another node
 * handed over already, or that expired meanwhile, is left as it is). True when it changed.
 */
export async function markCommandSent(db: Db, id: string): Promise<boolean> {
  return (await transition(db, { to: 'sent', from: ['queued'], at: new Date(), where: (eb) => eb('id', '=', id) })).length > 0;
}

/**
 * The watch echoed a command (or confirmed it otherwise). A queued one counts too: a watch may
 * answer before its sender marked the command sent. The settings the command carries become the
 * device's reported ones in the same transaction. True when it changed.
 */
export async function markCommandAcknowledged(db: Db, id: string, at: Date = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const [row] = await transition(trx, { to: 'acknowledged', from: ['queued', 'sent'], at, where: (eb) => eb('id', '=', id) });
    if (!row) return false;
    const attributes = (typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes) as Record<string, unknown>;
    const settings = attributes.settings;
    if (settings && typeof settings === 'object' && !Array.isArray(settings)) await mergeReported(trx, row.device_id, settings as Record<string, unknown>, at);
    return true;
  });
}

/** A command that could not be sent or that the watch refused; `error` says why (kept with it). */
export async function markCommandFailed(db: Db, id: string, error: string): Promise<boolean> {
  return (await transition(db, { to: 'failed', from: ['queued', 'sent'], at: new Date(), detail: error, where: (eb) => eb('id', '=', id) })).length > 0;
}

/** Queued commands whose lifetime (COMMAND_LIFETIMES) ran out become expired; how many did. */
export async function expireCommands(db: Db, now: Date = new Date()): Promise<number> {
  return (await transition(db, { to: 'expired', from: ['queued'], at: now, where: (eb) => pastExpiry(eb, now) })).length;
}

/**
 * What a device reported about its settings, merged over what it reported before. Once every
 * wanted setting is there, the settings commands still waiting for it count as acknowledged: the
 * watch has them, whichever way it said so.
 */
export async function recordReportedSettings(db: Db, deviceId: string, reported: Record<string, unknown>, at: Date = new Date()): Promise<{ inSync: boolean }> {
  return db.transaction().execute(async (trx) => {
    const { inSync } = await mergeReported(trx, deviceId, reported, at);
    if (inSync) await transition(trx, { to: 'acknowledged', from: ['queued', 'sent'], at, where: (eb) => eb.and([eb('device_id', '=', deviceId), sql<SqlBool>`(attributes ? 'settings' or type = 'settings')`]) });
    return { inSync };
  });
}

function commandsIn(db: Db, deviceId: string, status: CommandStatus) {
  return db
    .selectFrom('device_commands')
    .select(['id', 'type', 'text', 'attributes'])
    .where('device_id', '=', deviceId)
    .where('status', '=', status)
    .where('channel', '=', 'device');
}

const rows = (list: { id: string; type: string; text: string; attributes: unknown }[]): QueuedDeviceCommand[] =>
  list.map((r) => ({ ...r, attributes: (typeof r.attributes === 'string' ? JSON.parse(r.attributes) : r.attributes) as Record<string, unknown> }));

/**
 * For the transport: the device's queued commands, oldest first, without those whose lifetime ran
 * out (the sweep has not expired them yet). It marks each sent once written (markCommandSent).
 */
export async function queuedCommands(db: Db, deviceId: string): Promise<QueuedDeviceCommand[]> {
  const now = new Date();
  return rows(await commandsIn(db, deviceId, 'queued').where((eb) => eb.not(pastExpiry(eb, now))).orderBy('creation_time').orderBy('id').execute());
}

/** For the transport: the device's commands sent and not yet acknowledged, oldest first (an echo is matched to the oldest of its type). */
export async function sentCommands(db: Db, deviceId: string): Promise<QueuedDeviceCommand[]> {
  return rows(await commandsIn(db, deviceId, 'sent').orderBy('sent_time').orderBy('creation_time').orderBy('id').execute());
}
