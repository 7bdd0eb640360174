import type { Fix } from '../protocols/types';
import type { DeviceInfo } from './device-directory';
import type { MessageLog } from './message-log';

/** A fix waiting in the ingest queue; `stored` is set by the batch that writes it. */
export interface PendingFix {
  id: string;
  fix: Fix;
  stored: boolean;
}

/** A command queued for the device, handed over in the answer (Traccar's OsmAnd answer body). */
export interface QueuedCommand {
  id: string;
  text: string;
}

/** What became of a message: stored or a replay, and the device's oldest queued command, if any. */
export interface Submitted {
  outcome: 'stored' | 'duplicate';
  command: QueuedCommand | null;
}

/** A known device's message waiting in the ingest queue, and the request waiting for its answer. */
export interface Pending extends MessageLog {
  device: DeviceInfo;
  fixes: PendingFix[];
  handsCommands: boolean;
  /** Set by the batch that stored the message. */
  command?: QueuedCommand | null;
  resolve: (result: Submitted) => void;
  reject: (error: Error) => void;
}

/** A written message is 'stored' unless every fix with coordinates was a replay. */
export function writtenOutcome(p: Pick<Pending, 'fixes'>): Submitted['outcome'] {
  return p.fixes.length === 0 || p.fixes.some((f) => f.stored || f.fix.latitude === null) ? 'stored' : 'duplicate';
}
