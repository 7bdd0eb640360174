import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isConnectionError } from '../../db/health';
import { unnest } from '../../db/unnest';
import { notifyDeviceStates } from '../../alarms/channels/device-states';
import type { WatchConnection, CloseReason } from './connection';

/** This process among the API nodes on the database (device_connections.node_id). */
export const NODE_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** How often the connections' last frame in and out are written (Troubleshooting reads them). */
const TOUCH_MS = 10_000;

/**
 * The watches connected to this node, one connection each: a new connection for the same watch
 * replaces the old one (a watch that lost its network reconnects before the old socket times out).
 * Each is recorded in device_connections, so Troubleshooting on any node shows it; a watch whose
 * connection closed shows offline at once, and its offline alarm waits for its timeout.
 */
export class LiveSessions {
  private readonly byDevice = new Map<string, WatchConnection>();
  private readonly touched = new Set<WatchConnection>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => void this.touch(), TOUCH_MS);
    this.timer.unref();
  }

  get(deviceId: string): WatchConnection | undefined {
    return this.byDevice.get(deviceId);
  }

  get size(): number {
    return this.byDevice.size;
  }

  deviceIds(): string[] {
    return [...this.byDevice.keys()];
  }

  /** The connection is its watch's now (its first frame naming a known watch); an older one is closed. */
  async attach(connection: WatchConnection): Promise<void> {
    const device = connection.device!;
    const old = this.byDevice.get(device.id);
    this.byDevice.set(device.id, connection);
    if (old && old !== connection) old.close('replaced');
    await this.db
      .insertInto('device_connections')
      .values({ device_id: device.id, tenant_id: device.tenantId, node_id: NODE_ID, connection_id: connection.id, protocol: connection.codec.name, remote_address: connection.remote, connected_time: connection.since, last_in_time: connection.lastIn, last_out_time: connection.lastOut })
      .onConflict((oc) =>
        oc.column('device_id').doUpdateSet((eb) => ({
          tenant_id: eb.ref('excluded.tenant_id'),
          node_id: eb.ref('excluded.node_id'),
          connection_id: eb.ref('excluded.connection_id'),
          protocol: eb.ref('excluded.protocol'),
          remote_address: eb.ref('excluded.remote_address'),
          connected_time: eb.ref('excluded.connected_time'),
          last_in_time: eb.ref('excluded.last_in_time'),
          last_out_time: eb.ref('excluded.last_out_time'),
        })),
      )
      .execute();
  }

  /** Marks a connection's last frames for the next write. */
  markTraffic(connection: WatchConnection): void {
    if (connection.identified) this.touched.add(connection);
  }

  /**
   * The connection closed. Unless another took its place or the node is stopping (its watches
   * reconnect elsewhere), the watch shows offline now; its offline alarm follows its timeout.
   */
  async detach(connection: WatchConnection, reason: CloseReason): Promise<void> {
    this.touched.delete(connection);
    const device = connection.device;
    if (!device || this.byDevice.get(device.id) !== connection) return;
    this.byDevice.delete(device.id);
    if (reason === 'shutdown') return;
    try {
      await this.db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('device_connections').where('device_id', '=', device.id).where('connection_id', '=', connection.id).executeTakeFirst();
        // Another node took the watch's new connection meanwhile: it is online there.
        if (Number(gone.numDeletedRows) === 0) return;
        const state = await trx.updateTable('device_state').set({ online: false, offline_pending: true }).where('device_id', '=', device.id).where('online', '=', true).executeTakeFirst();
        if (Number(state.numUpdatedRows) === 0) return;
        await trx.updateTable('devices').set({ status: 'offline' }).where('id', '=', device.id).execute();
        // The owner's open dashboards show it offline now (live watch cards).
        await notifyDeviceStates(trx, [device.id]);
      });
    } catch (err) {
      // The offline check marks it later from its last contact.
      if (!isConnectionError(err)) this.log.warn({ err }, 'ingest: a closed connection could not be recorded');
    }
  }

  /** Writes the last frame in and out of the connections that had traffic since the last write. */
  async touch(): Promise<void> {
    if (!this.touched.size) return;
    const rows = [...this.touched].map((c) => ({ id: c.id, last_in: c.lastIn, last_out: c.lastOut }));
    this.touched.clear();
    try {
      await sql`update device_connections d set last_in_time = v.last_in, last_out_time = v.last_out
        from ${unnest<(typeof rows)[number]>('v', { id: 'uuid', last_in: 'timestamptz', last_out: 'timestamptz' }, rows)} where d.connection_id = v.id`.execute(this.db);
    } catch (err) {
      if (!isConnectionError(err)) this.log.warn({ err }, 'ingest: connection times could not be written');
    }
  }

  /** Stops the timer; the node's rows are left for the watches' next connections to replace. */
  stop(): void {
    clearInterval(this.timer);
  }
}
