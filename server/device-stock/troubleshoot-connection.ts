import type { DeviceMessagesTable } from '../care/tables';
import type { Db } from '../db/database';
import { protocolOfModel } from '../commands/models';

/**
 * A connection row whose watch sent nothing for this long is likely a dead node's: a node that
 * dies leaves its rows until the watches reconnect elsewhere, while a live one writes the last
 * frame in every few seconds and a watch's heartbeat comes every few minutes.
 */
export const STALE_CONNECTION_MS = 15 * 60_000;

/**
 * connected: a node holds the watch's live connection; stale: the row says so, but nothing came in
 * for STALE_CONNECTION_MS; notConnected: no connection; osmand: its model reports over OsmAnd,
 * which keeps none (server/commands/models.ts).
 */
export type ConnectionState = 'connected' | 'stale' | 'notConnected' | 'osmand';

/** The newest entry of the device's message ring (the page's raw messages hold it first). */
export type NewestMessage = { received_time: Date | string } & Pick<DeviceMessagesTable, 'payload' | 'outcome'>;

/** The newest of the times given, or null. */
export const latest = (...times: (Date | string | null | undefined)[]): Date | null =>
  times.reduce<Date | null>((max, t) => {
    if (!t) return max;
    const d = new Date(t);
    return max && max >= d ? max : d;
  }, null);

function stateOf(row: { connected_time: Date; last_in_time: Date | null } | undefined, model: string | null, now: Date): ConnectionState {
  if (!row) return protocolOfModel(model) === 'osmand' ? 'osmand' : 'notConnected';
  // Stale by the row's own last frame in, which only the node holding the connection writes.
  const quietSince = new Date(row.last_in_time ?? row.connected_time);
  return now.getTime() - quietSince.getTime() > STALE_CONNECTION_MS ? 'stale' : 'connected';
}

/**
 * The watch's connection as Troubleshooting shows it: since when, over which protocol and from
 * which address (personal data: answered to staff who troubleshoot, never logged), its last frame
 * in (the message ring's newest) and out (the newest command written to it, with its state).
 */
export async function connectionOf(db: Db, device: { id: string; model: string | null; last_contact: Date | string | null }, newest: NewestMessage | undefined, now = new Date()) {
  const [row, command] = await Promise.all([
    db
      .selectFrom('device_connections')
      .select(['protocol', 'remote_address', 'connected_time', 'last_in_time', 'last_out_time'])
      .where('device_id', '=', device.id)
      .executeTakeFirst(),
    db
      .selectFrom('device_commands')
      .select(['id', 'type', 'text', 'status', 'sent_time'])
      .where('device_id', '=', device.id)
      .where('channel', '=', 'device')
      .where('sent_time', 'is not', null)
      .orderBy('sent_time', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    state: stateOf(row, device.model, now),
    protocol: row?.protocol ?? null,
    remoteAddress: row?.remote_address ?? null,
    connectedTime: row ? new Date(row.connected_time).toISOString() : null,
    // The row's times are written every few seconds; the ring's newest frame may be newer.
    lastInTime: row ? (latest(row.last_in_time, newest?.received_time)?.toISOString() ?? null) : null,
    lastOutTime: row?.last_out_time ? new Date(row.last_out_time).toISOString() : null,
    lastHeardTime: latest(device.last_contact, newest?.received_time, row?.last_in_time)?.toISOString() ?? null,
    lastFrameIn: newest ? { receivedTime: new Date(newest.received_time).toISOString(), payload: newest.payload, outcome: newest.outcome } : null,
    lastCommandOut: command ? { id: command.id, type: command.type, text: command.text, status: command.status, sentTime: new Date(command.sent_time!).toISOString() } : null,
  };
}
