import type { DeviceInfo } from './device-directory';
import type { Outcome } from './guards';

/** One message a device sent, as the message ring records it (written by the pipeline, or kept back when refused). */
export interface MessageLog {
  uniqueId: string;
  device: DeviceInfo | null;
  payload: string;
  remote: string | null;
  outcome: Outcome;
  detail?: string | null;
  /** Failed writes of this message to the ring so far. */
  tries?: number;
}
