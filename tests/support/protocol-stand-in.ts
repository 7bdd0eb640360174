import net from 'node:net';
import type { DecodedMessage, ProtocolCodec } from '../../server/protocols/types';

/** One frame a watch sent, as the project's framer cut it and its decoder read it. */
export interface Received {
  /** 1 for the first connection, 2 after a reconnection, ... */
  connection: number;
  frame: Uint8Array;
  message: DecodedMessage;
  at: Date;
}

/**
 * A TCP server of the test's own that reads watches as the server's listener will: each
 * connection's bytes through the protocol's framer and decoder, each decoded frame's reply written
 * back. The test sends it commands (`send`), cuts its connections (`drop`) and waits for frames.
 */
export class ProtocolStandIn {
  readonly received: Received[] = [];
  /** Frames the decoder refused, with its reason: a watch that sends one is broken. */
  readonly refused: string[] = [];
  connections = 0;
  private readonly sockets = new Set<net.Socket>();
  private readonly listeners = new Set<() => void>();

  private server: net.Server;
  readonly port: number;

  private constructor(
    private readonly codec: ProtocolCodec,
    server: net.Server,
  ) {
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
  }

  private static async listen(port: number, accept: (socket: net.Socket) => void): Promise<net.Server> {
    const server = net.createServer(accept);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  }

  static async start(codec: ProtocolCodec): Promise<ProtocolStandIn> {
    let standIn: ProtocolStandIn | null = null;
    const server = await ProtocolStandIn.listen(0, (socket) => standIn?.accept(socket));
    standIn = new ProtocolStandIn(codec, server);
    return standIn;
  }

  /** Goes away as a server that stopped does: connections cut, new ones refused until `back()`. */
  async away(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.drop();
    await closed;
  }

  /** Listens again on the same port. */
  async back(): Promise<void> {
    this.server = await ProtocolStandIn.listen(this.port, (socket) => this.accept(socket));
  }

  private accept(socket: net.Socket): void {
    const connection = ++this.connections;
    const framer = this.codec.createFramer(64 * 1024);
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('data', (chunk) => {
      for (const frame of framer.push(chunk)) {
        const at = new Date();
        const result = this.codec.decode(frame, at);
        if (!result.ok) {
          this.refused.push(result.reason);
          continue;
        }
        this.received.push({ connection, frame, message: result.message, at });
        if (result.message.reply) socket.write(result.message.reply);
      }
      for (const listener of [...this.listeners]) listener();
    });
  }

  /** Writes bytes to every open connection, as the server writes a command or anything else. */
  send(bytes: Uint8Array): void {
    for (const socket of this.sockets) socket.write(bytes);
  }

  /** Cuts every open connection, as a network fault or a server restart does. */
  drop(): void {
    for (const socket of this.sockets) socket.resetAndDestroy();
  }

  /** The first frame received from index `from` on that matches, waiting for it up to timeoutMs. */
  waitFor(match: (r: Received) => boolean, from = 0, timeoutMs = 5000): Promise<Received> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.received.slice(from).find(match);
        if (!found) return false;
        this.listeners.delete(listener);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const listener = () => void check();
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`no such frame within ${timeoutMs} ms; received: ${this.received.map((r) => r.message.type).join(' ')}`));
      }, timeoutMs);
      this.listeners.add(listener);
      check();
    });
  }

  /** Waits until `count` frames from index `from` on match. */
  async waitForCount(match: (r: Received) => boolean, count: number, from = 0, timeoutMs = 10_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(from).filter(match);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`${found.length} of ${count} frames within ${timeoutMs} ms; received: ${this.received.map((r) => r.message.type).join(' ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.away();
  }
}
