import type { AlarmName } from './alarms';
import type { Wearer } from './wearer';

/** What a watch does with bytes from the server. */
export interface Reaction {
  /** Frames to answer with, in order (a command's acknowledgement). */
  replies: Uint8Array[];
  /** The server asked where the watch is: a fresh position goes out after the replies. */
  locate: boolean;
  /** What happened, for the log (no personal data: a command's type, never its values). */
  notes: string[];
}

export const noReaction = (): Reaction => ({ replies: [], locate: false, notes: [] });

/**
 * One protocol's watch, as bytes: what it sends (heartbeat, position, alarm) and how it answers
 * what the server sends. Pure but for the frame numbering and the bytes held of a frame not yet
 * whole; the connection, timers and the walk are shared (tcp-walk.ts).
 */
export interface SimulatedDevice {
  readonly protocol: 'watch' | 'eview';
  /** What the log calls the watch. */
  readonly label: string;
  heartbeat(wearer: Wearer, now: Date): Uint8Array;
  position(wearer: Wearer, fixTime: Date): Uint8Array;
  /** Whether this protocol has the alarm at all. */
  supports(alarm: AlarmName): boolean;
  /** One frame raising the alarms it supports, with the place; null when it supports none of them. */
  alarm(alarms: readonly AlarmName[], wearer: Wearer, fixTime: Date): Uint8Array | null;
  /** Bytes from the server, in whatever chunks they came: never throws, whatever they are. */
  receive(chunk: Uint8Array, wearer: Wearer, now: Date): Reaction;
  /** A new connection: bytes held of a frame from the last one are dropped. */
  reset(): void;
}

/** A frame's type as the log may show it: printable, short. */
export const printable = (text: string): string => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 24);
