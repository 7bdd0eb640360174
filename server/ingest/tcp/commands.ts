import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { isConnectionError } from '../../db/health';
import { notificationsOf } from '../../db/notifications';
import { markCommandAcknowledged, markCommandFailed, markCommandSent, queuedCommands, sentCommands, toDeviceCommand, type QueuedDeviceCommand } from '../../commands';
import type { WatchConnection } from './connection';
import type { CommandLink } from './receive';
import type { LiveSessions } from './sessions';

/** The channel a queued command is notified on (migration 032's trigger), its payload the device's id. */
export const COMMANDS_CHANNEL = 'vigil_commands';

/**
 * Commands to watches on a live connection. A command queued on any API node is notified through
 * the database (LISTEN/NOTIFY, one database, no other server); the node holding the watch's
 * connection encodes it with the watch's protocol, writes it, and marks it sent once written. A
 * watch not connected keeps its commands queued until it connects (to whichever node). The
 * watch's echo marks the oldest command it names acknowledged.
 *
 * Each device's commands are handled one flush at a time, so two notifications never send a
 * command twice; a command being written is not taken again before it is marked sent.
 */
export class CommandDispatch implements CommandLink {
  private readonly flushing = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  /** Commands written and not yet marked sent: the promise settles once they are. */
  private readonly writing = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly sessions: LiveSessions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Listens for queued commands; returns what stops listening. */
  async start(): Promise<() => Promise<void>> {
    return notificationsOf(this.db).listen(
      COMMANDS_CHANNEL,
      (deviceId) => this.flush(deviceId),
      // Notifications missed while the listener reconnected: every connected watch is looked at.
      () => {
        for (const id of this.sessions.deviceIds()) this.flush(id);
      },
    );
  }

  connected(connection: WatchConnection): void {
    if (connection.device) this.flush(connection.device.id);
  }

  /** Sends the device's queued commands if its connection is on this node (again afterwards, if asked meanwhile). */
  flush(deviceId: string): void {
    if (!this.sessions.get(deviceId)) return;
    if (this.flushing.has(deviceId)) {
      this.again.add(deviceId);
      return;
    }
    const run = this.send(deviceId)
      .catch((err: unknown) => {
        // The database is away: the commands stay queued, and go out on the watch's next connection or command.
        if (!isConnectionError(err)) this.log.warn({ err }, 'commands: queued commands could not be sent');
      })
      .finally(() => {
        this.flushing.delete(deviceId);
        if (this.again.delete(deviceId)) this.flush(deviceId);
      });
    this.flushing.set(deviceId, run);
  }

  private async send(deviceId: string): Promise<void> {
    const rows = await queuedCommands(this.db, deviceId);
    for (const row of rows) {
      const connection = this.sessions.get(deviceId);
      if (!connection || connection.isClosed || !connection.deviceKey) return;
      if (this.writing.has(row.id)) continue;
      const command = toDeviceCommand(row);
      const bytes = command && connection.codec.encode(connection.deviceKey, { ...command, attributes: { ...connection.convention, ...command.attributes } });
      if (!bytes) {
        await markCommandFailed(this.db, row.id, `not a command the ${connection.codec.name} protocol can send`);
        continue;
      }
      let done!: () => void;
      this.writing.set(row.id, new Promise<void>((resolve) => (done = resolve)));
      const finish = () => {
        this.writing.delete(row.id);
        done();
      };
      const written = connection.write(bytes, () => {
        this.sessions.markTraffic(connection);
        markCommandSent(this.db, row.id)
          .catch((err: unknown) => {
            if (!isConnectionError(err)) this.log.warn({ err }, 'commands: a sent command could not be marked sent');
          })
          .finally(finish);
      });
      // The connection closed before the write: it stays queued for the next one.
      if (!written) finish();
    }
  }

  async acknowledged(connection: WatchConnection, echo: string): Promise<void> {
    const device = connection.device;
    if (!device) return;
    try {
      // A fast watch may echo before its command was marked sent: such a command is among the queued.
      const candidates: QueuedDeviceCommand[] = [...(await sentCommands(this.db, device.id)), ...(await queuedCommands(this.db, device.id)).filter((r) => this.writing.has(r.id))];
      const match = candidates.find((row) => {
        const command = toDeviceCommand(row);
        return command !== null && connection.codec.echoOf(command) === echo;
      });
      if (!match) return;
      await this.writing.get(match.id);
      await markCommandAcknowledged(this.db, match.id);
    } catch (err) {
      if (!isConnectionError(err)) this.log.warn({ err }, 'commands: an acknowledgement could not be recorded');
    }
  }
}
