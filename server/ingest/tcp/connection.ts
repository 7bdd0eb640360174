import { randomUUID } from 'node:crypto';
import type net from 'node:net';
import type { AttributeValue, Framer, ProtocolCodec } from '../../protocols/types';
import type { DeviceInfo } from '../device-directory';
import { FrameBudget, type PortLimits } from './limits';

/** Why a connection was closed (counted, never logged with the peer's address). */
export type CloseReason = 'peer' | 'idle' | 'noHello' | 'slowFrame' | 'badFrames' | 'flood' | 'oversize' | 'replaced' | 'shutdown' | 'error';

/** What a port does with a connection's frames; the ingest's side (receive.ts). */
export interface FrameHandler {
  /** One whole frame, in the order received; the next is handed over once this one's promise settles. */
  frame(connection: WatchConnection, frame: Uint8Array): Promise<void>;
  /** The connection is gone (for whatever reason): its watch's session ends. */
  closed(connection: WatchConnection, reason: CloseReason): void;
}

/**
 * One watch's TCP connection: bytes cut into frames by the protocol's framer, handed to the ingest
 * one at a time (replies go out in order), within the port's limits. A connection is nobody's
 * until a frame names a known watch; then `device` says whose it is.
 */
export class WatchConnection {
  readonly id = randomUUID();
  readonly since = new Date();
  readonly remote: string | null;
  /** The watch's own id (as its frames name it) and its device, once a frame named a known watch. */
  deviceKey: string | null = null;
  device: DeviceInfo | null = null;
  /** Frames that did not decode or named no known watch, while none was good yet. */
  badFrames = 0;
  lastIn: Date | null = null;
  /** The watch's habits its commands follow (codec.conventionOf of its latest frame). */
  convention: Record<string, AttributeValue> = {};
  lastOut: Date | null = null;
  private readonly framer: Framer;
  private readonly budget: FrameBudget;
  private dropped = 0;
  private queue: Uint8Array[] = [];
  private working = false;
  private paused = false;
  private closed = false;
  /** `idle`: no frame for too long (before the first good one: helloMs); `frame`: a frame started and not yet whole. */
  private readonly timers: { idle?: NodeJS.Timeout; frame?: NodeJS.Timeout } = {};

  constructor(
    private readonly socket: net.Socket,
    readonly codec: ProtocolCodec,
    private readonly limits: PortLimits,
    private readonly handler: FrameHandler,
  ) {
    this.remote = socket.remoteAddress ?? null;
    this.framer = codec.createFramer(limits.maxFrameBytes);
    this.budget = new FrameBudget(limits.frameBurst, limits.framesPerSecond);
    socket.setNoDelay(true);
    socket.setKeepAlive(true, limits.keepAliveMs);
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    // A reset or a broken pipe is the peer's business: the connection just ends.
    socket.on('error', () => this.close('error'));
    socket.on('end', () => this.close('peer'));
    socket.on('close', () => this.close('peer'));
    this.arm('idle', limits.helloMs, 'noHello');
  }

  get identified(): boolean {
    return this.device !== null;
  }

  /** Writes bytes to the watch; `written` is called once they were handed to the system without an error. */
  write(bytes: Uint8Array, written?: () => void): boolean {
    if (this.closed || this.socket.destroyed) return false;
    this.lastOut = new Date();
    this.socket.write(bytes, (err) => {
      if (!err) written?.();
    });
    return true;
  }

  /** Ends the connection (idempotent); the handler hears of it once. */
  close(reason: CloseReason): void {
    if (this.closed) return;
    this.closed = true;
    this.disarm('idle');
    this.disarm('frame');
    this.queue = [];
    this.socket.destroy();
    this.handler.closed(this, reason);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A frame named a known watch: from now on the idle time is its heartbeat's. */
  identify(deviceKey: string, device: DeviceInfo): void {
    this.deviceKey = deviceKey;
    this.device = device;
    this.badFrames = 0;
    this.arm('idle', this.limits.idleMs, 'idle');
  }

  /** A frame did not decode or named no known watch; too many before a good one close the connection. */
  refused(): void {
    if (this.identified) return;
    this.badFrames++;
    if (this.badFrames >= this.limits.maxBadFrames) this.close('badFrames');
  }

  private received(chunk: Buffer): void {
    if (this.closed) return;
    let frames: Uint8Array[];
    try {
      frames = this.framer.push(chunk);
    } catch {
      return this.close('badFrames');
    }
    if (this.framer.buffered > 2 * this.limits.maxFrameBytes) return this.close('oversize');
    const now = Date.now();
    for (const frame of frames) {
      // SOS and fall are never dropped: the budget is only asked once a frame is over it.
      if (!this.budget.take(now) && !this.urgent(frame)) {
        if (++this.dropped > this.limits.maxDroppedFrames) return this.close('flood');
        continue;
      }
      this.queue.push(frame);
    }
    // Only frames are signs of life: bytes that make none (noise, a frame that never ends) are not.
    if (frames.length) {
      this.lastIn = new Date(now);
      if (this.identified) this.arm('idle', this.limits.idleMs, 'idle');
    }
    // A frame once started must be whole soon, however slowly its bytes trickle in.
    if (this.framer.buffered === 0) this.disarm('frame');
    else if (!this.timers.frame) this.arm('frame', this.limits.helloMs, 'slowFrame');
    if (this.queue.length >= this.limits.maxPendingFrames && !this.paused) {
      this.paused = true;
      this.socket.pause();
    }
    void this.work();
  }

  /** Whether a frame over the budget must still be handled: one that decodes with an SOS or fall alarm. */
  private urgent(frame: Uint8Array): boolean {
    const decoded = this.codec.decode(frame, new Date());
    return decoded.ok && decoded.message.positions.some((p) => p.alarms.includes('sos') || p.alarms.includes('fallDown'));
  }

  private async work(): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      while (this.queue.length && !this.closed) {
        const frame = this.queue.shift()!;
        await this.handler.frame(this, frame).catch(() => undefined);
        if (this.paused && this.queue.length < this.limits.maxPendingFrames / 2) {
          this.paused = false;
          this.socket.resume();
        }
      }
    } finally {
      this.working = false;
    }
  }

  private arm(which: 'idle' | 'frame', ms: number, reason: CloseReason): void {
    clearTimeout(this.timers[which]);
    const timer = setTimeout(() => this.close(reason), ms);
    timer.unref();
    this.timers[which] = timer;
  }

  private disarm(which: 'idle' | 'frame'): void {
    clearTimeout(this.timers[which]);
    this.timers[which] = undefined;
  }
}
