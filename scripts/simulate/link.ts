import net from 'node:net';

export interface Backoff {
  /** The first wait before connecting again; it doubles after each failure up to maxMs. */
  minMs: number;
  maxMs: number;
}

export interface LinkOptions {
  host: string;
  port: number;
  backoff: Backoff;
  onOpen(): void;
  onData(chunk: Uint8Array): void;
  onClose(): void;
  log(line: string): void;
}

/** How long stop() lets the socket flush what was written before it is destroyed. */
const FLUSH_MS = 2000;

/**
 * A watch's TCP connection to the server, kept up as a watch keeps it: when it drops or cannot be
 * made it is tried again after a wait that doubles up to a ceiling, and the wait starts over once
 * a connection is made. Nothing the server sends or does makes it throw.
 */
export class Link {
  private socket: net.Socket | null = null;
  private open = false;
  private stopped = false;
  private wait: number;
  private timer: NodeJS.Timeout | null = null;
  /** Connections made since start (a reconnection makes one more). */
  connections = 0;

  constructor(private readonly options: LinkOptions) {
    this.wait = options.backoff.minMs;
  }

  get connected(): boolean {
    return this.open;
  }

  start(): void {
    this.connect();
  }

  /** Writes bytes if connected; false when not (the caller keeps or drops them). */
  write(bytes: Uint8Array): boolean {
    if (!this.open || !this.socket) return false;
    this.socket.write(bytes);
    return true;
  }

  /** Closes for good; what was written is flushed first. */
  stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    if (!socket || socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once('close', () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), FLUSH_MS).unref();
    });
  }

  private connect(): void {
    if (this.stopped) return;
    const { host, port } = this.options;
    const socket = net.connect({ host, port });
    this.socket = socket;
    let failure = 'closed by the server';
    socket.setNoDelay(true);
    socket.on('connect', () => {
      if (this.stopped) {
        socket.destroy();
        return;
      }
      this.open = true;
      this.connections++;
      this.wait = this.options.backoff.minMs;
      this.options.log(`connected to ${host}:${port}`);
      this.options.onOpen();
    });
    socket.on('data', (chunk: Buffer) => this.options.onData(chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      failure = err.code ?? err.message;
    });
    socket.on('close', () => {
      const wasOpen = this.open;
      this.open = false;
      if (this.socket === socket) this.socket = null;
      if (wasOpen) this.options.onClose();
      if (this.stopped) return;
      const seconds = Number((this.wait / 1000).toFixed(2));
      this.options.log(`${wasOpen ? 'connection lost' : `cannot connect to ${host}:${port}`} (${failure}); trying again in ${seconds} s`);
      this.timer = setTimeout(() => this.connect(), this.wait);
      this.wait = Math.min(this.wait * 2, this.options.backoff.maxMs);
    });
  }
}
