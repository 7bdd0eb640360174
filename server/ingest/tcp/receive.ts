import type { FastifyBaseLogger } from 'fastify';
import { isConnectionError } from '../../db/health';
import type { DeviceDirectory, DeviceInfo } from '../device-directory';
import { refusal, timeWindow } from '../guards';
import type { IngestPipeline } from '../pipeline';
import type { Fix } from '../../protocols/types';
import type { CloseReason, FrameHandler, WatchConnection } from './connection';
import { fixesOf } from './fixes';
import type { LiveSessions } from './sessions';

/** What the TCP ingest tells the command side: a watch connected, echoed a command, or went away. */
export interface CommandLink {
  connected(connection: WatchConnection): void;
  acknowledged(connection: WatchConnection, echo: string): Promise<void>;
}

/** An alarm frame resent (its answer was lost) within this long is stored and answered, not alarmed again. */
const RESENT_WITHIN_MS = 15 * 60_000;
const MAX_REMEMBERED_ALARMS = 100_000;

/** A frame as the message ring keeps it: text as sent when it is printable, else hex. */
export function ringText(frame: Uint8Array): string {
  for (const b of frame) if (b < 0x20 || b > 0x7e) return Buffer.from(frame).toString('hex');
  return Buffer.from(frame).toString('latin1');
}

/**
 * The ingest side of the protocol ports: each frame decoded, its watch found (by what it calls
 * itself: protocolId, else IMEI or serial number), its fixes stored by the same pipeline as
 * OsmAnd's, and then answered. Nothing in the answer tells a known watch from an unknown one; an
 * unknown one's frames go to the unknown devices' ring, and a connection that names none is closed
 * after a few. A frame is answered only once stored: a watch whose answer never came sends again,
 * and the replay is stored and alarmed once.
 */
export class TcpIngest implements FrameHandler {
  private readonly alarmed = new Map<string, number>();

  constructor(
    private readonly directory: DeviceDirectory,
    private readonly pipeline: IngestPipeline,
    private readonly sessions: LiveSessions,
    private readonly log: FastifyBaseLogger,
    private commands: CommandLink | null = null,
  ) {}

  linkCommands(commands: CommandLink): void {
    this.commands = commands;
  }

  async frame(connection: WatchConnection, frame: Uint8Array): Promise<void> {
    const receivedAt = new Date();
    const payload = ringText(frame);
    const remote = connection.remote;
    const decoded = connection.codec.decode(frame, receivedAt);
    if (!decoded.ok) {
      this.keep(connection, connection.deviceKey ?? '', payload, decoded.reason);
      connection.refused();
      return;
    }
    const message = decoded.message;
    const convention = connection.codec.conventionOf(frame);
    if (convention) connection.convention = convention;
    const key = message.deviceId || connection.deviceKey || '';
    if (key === '' || (connection.deviceKey !== null && key !== connection.deviceKey)) {
      // One connection speaks for one watch: a frame naming another is not taken.
      this.keep(connection, key, payload, key === '' ? 'no device id' : 'another device on this connection');
      connection.refused();
      return;
    }
    const known = this.directory.known(key);
    let device: DeviceInfo | null;
    try {
      device = known === undefined ? await this.directory.resolve(key) : known;
    } catch {
      // The database is away: no answer, so the watch keeps the frame and sends it again.
      return;
    }
    if (!device) {
      this.pipeline.record({ uniqueId: key, device: null, payload, remote, outcome: 'unknownDevice' });
      // The same answer a known watch gets: the protocol's acknowledgement of the frame's type.
      if (message.reply) connection.write(message.reply);
      connection.refused();
      return;
    }
    if (!connection.identified) {
      connection.identify(key, device);
      try {
        await this.sessions.attach(connection);
      } catch (err) {
        if (!isConnectionError(err)) this.log.warn({ err }, 'ingest: a connection could not be recorded');
      }
      if (connection.isClosed) return;
      this.commands?.connected(connection);
    }
    const { fixes, detail } = this.checked(fixesOf(message, receivedAt), device.id, receivedAt);
    try {
      await this.pipeline.submit({ uniqueId: key, device, payload, remote, fixes, detail, handsCommands: false });
    } catch (err) {
      if (!isConnectionError(err)) this.log.error({ err }, 'ingest: a frame could not be stored');
      return;
    }
    if (message.reply) connection.write(message.reply);
    this.sessions.markTraffic(connection);
    if (message.acknowledged) await this.commands?.acknowledged(connection, message.acknowledged);
  }

  closed(connection: WatchConnection, reason: CloseReason): void {
    void this.sessions.detach(connection, reason);
  }

  /** Fixes that can be stored (those that cannot are named in the ring), each marked for its time window; a resent alarm loses its alarm. */
  private checked(all: Fix[], deviceId: string, receivedAt: Date): { fixes: Fix[]; detail: string | null } {
    const now = receivedAt.getTime();
    const problems = all.map((f) => refusal(f));
    const fixes = all.filter((_, i) => !problems[i]);
    for (const f of fixes) {
      f.window = timeWindow(f.fixTime, now);
      if (f.alarm) {
        const key = `${deviceId}|${f.alarm}|${f.fixTime.getTime()}`;
        const at = this.alarmed.get(key);
        if (at !== undefined && now - at < RESENT_WITHIN_MS) f.alarm = null;
        else this.remember(key, now);
      }
    }
    const refused = all.length - fixes.length;
    return { fixes, detail: refused ? `${refused} refused: ${problems.find(Boolean)}` : null };
  }

  private remember(key: string, now: number): void {
    if (this.alarmed.size >= MAX_REMEMBERED_ALARMS) {
      for (const [k, at] of this.alarmed) if (now - at >= RESENT_WITHIN_MS) this.alarmed.delete(k);
      if (this.alarmed.size >= MAX_REMEMBERED_ALARMS) this.alarmed.clear();
    }
    this.alarmed.set(key, now);
  }

  /** A frame refused before its watch was found: counted and kept in its device's ring or the unknown devices'. */
  private keep(connection: WatchConnection, uniqueId: string, payload: string, reason: string): void {
    this.pipeline.record({ uniqueId, device: connection.device, payload, remote: connection.remote, outcome: 'rejected', detail: reason });
  }
}
