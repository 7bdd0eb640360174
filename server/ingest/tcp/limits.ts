/**
 * What one TCP protocol port allows a peer (anyone can open a connection). A watch sends a frame a
 * minute and a heartbeat every few; a history upload after a day offline sends a few hundred at
 * once. Everything above is a fault or an attack, and costs only its own connection.
 */
export interface PortLimits {
  /** Longest frame taken (the framer skips a longer one; held bytes past twice this close the connection). */
  maxFrameBytes: number;
  /** Open connections from one address (a care home's router, or a mobile operator's NAT, carries many watches): WATCH_CONNECTIONS_PER_ADDRESS. */
  connectionsPerAddress: number;
  /** Open connections on the port in all. */
  maxConnections: number;
  /** Frames a connection may send in a burst, then `framesPerSecond`; more are dropped (SOS and fall never). */
  frameBurst: number;
  framesPerSecond: number;
  /** Frames dropped for the rate before the connection is closed. */
  maxDroppedFrames: number;
  /** A connection must send a valid frame this soon after it opened, and this soon after a frame started. */
  helloMs: number;
  /** Frames that do not decode, or name no known watch, before a connection that never sent a good one is closed. */
  maxBadFrames: number;
  /** An identified watch that sends nothing this long is gone (its heartbeat is every 5 minutes at most, by default 3). */
  idleMs: number;
  /** TCP keepalive probes start after this much silence (a peer that vanished without closing). */
  keepAliveMs: number;
  /** Frames being handled per connection before its socket stops being read (backpressure). */
  maxPendingFrames: number;
}

export const DEFAULT_LIMITS: PortLimits = {
  maxFrameBytes: 64 * 1024,
  connectionsPerAddress: 500,
  maxConnections: 50_000,
  frameBurst: 100,
  framesPerSecond: 10,
  maxDroppedFrames: 200,
  helloMs: 30_000,
  maxBadFrames: 5,
  idleMs: 10 * 60_000,
  keepAliveMs: 60_000,
  maxPendingFrames: 64,
};

/** A token bucket for one connection's frames. */
export class FrameBudget {
  private tokens: number;
  private at = Date.now();

  constructor(private readonly burst: number, private readonly perSecond: number) {
    this.tokens = burst;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) * this.perSecond) / 1000);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
