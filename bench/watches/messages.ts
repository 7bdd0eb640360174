/** What bench:watches' processes tell each other over IPC. */

/** A server process's use of the machine (server-process.ts). */
export interface ServerUsage {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** Memory outside the V8 heap held by JavaScript objects (buffers among it). */
  external: number;
  /** User + system CPU seconds since the process started. */
  cpuSeconds: number;
  /** Open file descriptors, and the limit on them (soft and hard). */
  fds: number;
  fdLimit: { soft: string; hard: string };
}

export type ServerRequest = { type: 'usage'; gc?: boolean } | { type: 'stop' };
export type ServerReply = { type: 'ready'; url: string; ingestPort: number; watchPort: number } | ({ type: 'usage' } & ServerUsage);

/** To a watch load generator (watches.ts). */
export type WatchOrder =
  | { type: 'connect'; port: number; first: number; count: number; concurrency: number }
  | { type: 'go'; start: number; watches: number }
  | { type: 'counts' }
  | { type: 'stop' };

export interface WatchCounts {
  /** Frames sent since the process started, by type (the hellos' LK included). */
  fixes: number;
  heartbeats: number;
  echoes: number;
  /** Connections the server closed (or that broke) after they were up. */
  closed: number;
  cpuSeconds: number;
}

export type WatchReport =
  | { type: 'connected'; ok: number; failed: Record<string, number>; seconds: number }
  | ({ type: 'counts' } & WatchCounts)
  /** A CR (locate now) frame read on watch `watch`'s socket, at `at` (wall clock ms). */
  | { type: 'cr'; watch: number; at: number };

/** To the OsmAnd load generator (osmand.ts). */
export type OsmandOrder = { type: 'start'; port: number; rate: number; seconds: number; devices: number; connections: number } | { type: 'counts' };
export interface OsmandCounts {
  sent: number;
  answered: number;
  /** Requests on a connection that closed before its answer. */
  lost: number;
  statuses: Record<string, number>;
  /** The most requests due at once and waiting for a free connection (near 0: the server kept up with the rate). */
  late: number;
  cpuSeconds: number;
}
export type OsmandReport = ({ type: 'counts' } & OsmandCounts) | ({ type: 'done' } & OsmandCounts);
