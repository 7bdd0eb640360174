import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { expiryOf } from './command-states';
import type { CommandStatus } from './tables';

/** One state a command took, and when. */
export interface CommandStateDto {
  status: CommandStatus;
  time: string;
  /** Why it failed, when it did. */
  detail: string | null;
}

/** The command log: every command to a device, its current state and every state it took. */
export interface CommandDto {
  id: string;
  deviceId: string;
  type: string;
  templateId: string | null;
  text: string;
  attributes: Record<string, unknown>;
  channel: 'device' | 'sms';
  phoneNumber: string | null;
  status: CommandStatus;
  error: string | null;
  creationTime: string;
  sentTime: string | null;
  acknowledgedTime: string | null;
  /** When it expires if still queued then (command-states.ts COMMAND_LIFETIMES). */
  expiryTime: string;
  /** In the order they were taken. */
  states: CommandStateDto[];
}

export interface NewCommand {
  tenantId: string | null;
  deviceId: string;
  userId: string | null;
  type: string;
  templateId?: string | null;
  text: string;
  attributes?: Record<string, unknown>;
  channel: 'device' | 'sms';
  phoneNumber?: string | null;
  status: CommandStatus;
  error?: string | null;
}

const COLUMNS = [
  'id', 'device_id as deviceId', 'type', 'template_id as templateId', 'text', 'attributes', 'channel', 'phone_number as phoneNumber',
  'status', 'error', 'creation_time as creationTime', 'sent_time as sentTime', 'acknowledged_time as acknowledgedTime',
] as const;

type Row = Omit<CommandDto, 'creationTime' | 'sentTime' | 'acknowledgedTime' | 'attributes' | 'expiryTime' | 'states'> & {
  attributes: unknown;
  creationTime: Date;
  sentTime: Date | null;
  acknowledgedTime: Date | null;
};

const iso = (time: Date | string | null) => (time === null ? null : new Date(time).toISOString());

function dto(row: Row, states: CommandStateDto[]): CommandDto {
  const attributes = (typeof row.attributes === 'string' ? JSON.parse(row.attributes) : row.attributes) as Record<string, unknown>;
  return {
    ...row,
    attributes,
    creationTime: iso(row.creationTime)!,
    sentTime: iso(row.sentTime),
    acknowledgedTime: iso(row.acknowledgedTime),
    expiryTime: expiryOf(row.type, new Date(row.creationTime)).toISOString(),
    states,
  };
}

/** The states of these commands in the order they were taken (a watch's acknowledgement may carry a clock behind ours), by command. */
async function statesOf(db: Db, ids: string[]): Promise<Map<string, CommandStateDto[]>> {
  const byCommand = new Map<string, CommandStateDto[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byCommand;
  const events = await db.selectFrom('device_command_events').select(['command_id', 'status', 'time', 'detail']).where('command_id', 'in', ids).orderBy('id').execute();
  for (const e of events) byCommand.get(e.command_id)?.push({ status: e.status, time: iso(e.time)!, detail: e.detail });
  return byCommand;
}

/** Logs a command in its first state, and that state with its time, in one statement. */
export async function logCommand(db: Db, command: NewCommand): Promise<CommandDto> {
  const id = randomUUID();
  const now = new Date();
  await db
    .with('made', (qb) =>
      qb
        .insertInto('device_commands')
        .values({
          id,
          tenant_id: command.tenantId,
          device_id: command.deviceId,
          user_id: command.userId,
          type: command.type,
          template_id: command.templateId ?? null,
          text: command.text,
          attributes: JSON.stringify(command.attributes ?? {}),
          channel: command.channel,
          phone_number: command.phoneNumber ?? null,
          status: command.status,
          error: command.error ?? null,
          creation_time: now,
          sent_time: command.status === 'sent' ? now : null,
          acknowledged_time: command.status === 'acknowledged' ? now : null,
        })
        .returning(['id', 'tenant_id', 'status', 'error']),
    )
    .insertInto('device_command_events')
    .columns(['command_id', 'tenant_id', 'status', 'time', 'detail'])
    .expression((eb) => eb.selectFrom('made').select(['made.id', 'made.tenant_id', 'made.status', sql<Date>`${now}::timestamptz`.as('time'), 'made.error']))
    .execute();
  return commandOf(db, id);
}

/** A device's latest commands, newest first, each with its states. */
export async function recentCommands(db: Db, deviceId: string, limit = 50): Promise<CommandDto[]> {
  const rows = await db.selectFrom('device_commands').select(COLUMNS).where('device_id', '=', deviceId).orderBy('creation_time', 'desc').orderBy('id').limit(limit).execute();
  const states = await statesOf(db, rows.map((r) => r.id));
  return rows.map((r) => dto(r, states.get(r.id)!));
}

/** One command, with its states. */
export async function commandOf(db: Db, id: string): Promise<CommandDto> {
  const row = await db.selectFrom('device_commands').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
  return dto(row, (await statesOf(db, [id])).get(id)!);
}
