import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { CommandStatus } from './tables';

/** The command log: every command to a device with its status (queued, sent, delivered, failed). */
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
  deliveredTime: string | null;
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
  'status', 'error', 'creation_time as creationTime', 'sent_time as sentTime', 'delivered_time as deliveredTime',
] as const;

function dto(row: Omit<CommandDto, 'creationTime' | 'sentTime' | 'deliveredTime' | 'attributes'> & { attributes: unknown; creationTime: Date; sentTime: Date | null; deliveredTime: Date | null }): CommandDto {
  const attributes = typeof row.attributes === 'string' ? (JSON.parse(row.attributes) as Record<string, unknown>) : (row.attributes as Record<string, unknown>);
  return {
    ...row,
    attributes,
    creationTime: new Date(row.creationTime).toISOString(),
    sentTime: row.sentTime ? new Date(row.sentTime).toISOString() : null,
    deliveredTime: row.deliveredTime ? new Date(row.deliveredTime).toISOString() : null,
  };
}

export async function logCommand(db: Db, command: NewCommand): Promise<CommandDto> {
  const id = randomUUID();
  const now = new Date();
  await db
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
      sent_time: command.status === 'sent' ? now : null,
    })
    .execute();
  return dto(await db.selectFrom('device_commands').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow());
}

export async function recentCommands(db: Db, deviceId: string, limit = 50): Promise<CommandDto[]> {
  const rows = await db.selectFrom('device_commands').select(COLUMNS).where('device_id', '=', deviceId).orderBy('creation_time', 'desc').limit(limit).execute();
  return rows.map(dto);
}

/**
 * For the ingest: the device's queued commands, oldest first, marked sent as they are handed over
 * (in one statement, so two API nodes never hand the same command out twice).
 */
export async function takeQueuedCommands(db: Db, deviceId: string): Promise<CommandDto[]> {
  const rows = await db
    .updateTable('device_commands')
    .set({ status: 'sent', sent_time: new Date() })
    .where('device_id', '=', deviceId)
    .where('status', '=', 'queued')
    .where('channel', '=', 'device')
    .returning(COLUMNS)
    .execute();
  return rows.map(dto).sort((a, b) => a.creationTime.localeCompare(b.creationTime));
}

/**
 * For the ingest: a queued command handed over in an OsmAnd answer, once that answer went out.
 * Only a command still queued is marked (one another answer marked already is left as it is).
 */
export async function markCommandSent(db: Db, id: string): Promise<void> {
  await db.updateTable('device_commands').set({ status: 'sent', sent_time: new Date() }).where('id', '=', id).where('status', '=', 'queued').execute();
}

/** For the ingest: a device confirmed (or refused) a command. */
export async function markCommand(db: Db, id: string, status: 'delivered' | 'failed', error?: string): Promise<void> {
  await db
    .updateTable('device_commands')
    .set({ status, error: error ?? null, ...(status === 'delivered' ? { delivered_time: new Date() } : {}) })
    .where('id', '=', id)
    .execute();
}
