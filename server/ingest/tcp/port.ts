import net from 'node:net';
import { listenTcp } from '../../http/listen-tcp';
import type { ProtocolCodec } from '../../protocols/types';
import { WatchConnection, type CloseReason, type FrameHandler } from './connection';
import { DEFAULT_LIMITS, type PortLimits } from './limits';

/**
 * One protocol's TCP port (WATCH_PORT, EVIEW_PORT): accepts watches' connections within the
 * limits, and hands each its framer (connection.ts). Connections over a limit are closed at once,
 * before a byte of theirs is read.
 */
export class ProtocolPort {
  private readonly server: net.Server;
  private readonly connections = new Set<WatchConnection>();
  private readonly perAddress = new Map<string, number>();
  /** Connections refused or closed by a limit, by reason, since start (ingest stats). */
  readonly refusals: Partial<Record<CloseReason | 'tooMany', number>> = {};

  constructor(
    readonly codec: ProtocolCodec,
    handler: FrameHandler,
    readonly limits: PortLimits = DEFAULT_LIMITS,
  ) {
    const counting: FrameHandler = {
      frame: (c, f) => handler.frame(c, f),
      closed: (c, reason) => {
        this.connections.delete(c);
        if (c.remote) {
          const n = (this.perAddress.get(c.remote) ?? 1) - 1;
          if (n <= 0) this.perAddress.delete(c.remote);
          else this.perAddress.set(c.remote, n);
        }
        if (reason !== 'peer' && reason !== 'shutdown' && reason !== 'replaced') this.refusals[reason] = (this.refusals[reason] ?? 0) + 1;
        handler.closed(c, reason);
      },
    };
    this.server = net.createServer((socket) => {
      const address = socket.remoteAddress ?? '';
      const fromAddress = this.perAddress.get(address) ?? 0;
      if (this.connections.size >= limits.maxConnections || fromAddress >= limits.connectionsPerAddress) {
        this.refusals.tooMany = (this.refusals.tooMany ?? 0) + 1;
        socket.on('error', () => undefined);
        socket.destroy();
        return;
      }
      this.perAddress.set(address, fromAddress + 1);
      this.connections.add(new WatchConnection(socket, codec, limits, counting));
    });
    // An accept that fails (too many open files) must not end the process: the peer tries again.
    this.server.on('error', () => undefined);
  }

  get size(): number {
    return this.connections.size;
  }

  /** Listens; with port 0 a free port is taken. Returns the port. */
  listen(port: number, host: string): Promise<number> {
    return listenTcp(this.server, port, host);
  }

  /** Stops accepting and closes every connection (the watches reconnect, to another node if there is one). */
  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const c of [...this.connections]) c.close('shutdown');
    await closed;
  }
}
