import type { ProtocolCodec } from '../types';
import { WATCH_COMMANDS } from './commands';
import { decodeFrame } from './decoder';
import { encodeCommand } from './encoder';
import { WatchFramer } from './framer';

/**
 * The "3G"/SeTracker watch protocol (Traccar's `watch`, port 5093): text frames
 * `[TAG*ID*LEN*CONTENT]` over TCP, used by most dementia-care GPS watches.
 */
export const watchCodec: ProtocolCodec<'watch'> = {
  name: 'watch',
  defaultPort: 5093,
  createFramer: (maxFrameBytes) => new WatchFramer(maxFrameBytes),
  decode: (frame) => decodeFrame(frame),
  commands: WATCH_COMMANDS,
  encode: encodeCommand,
};

export { frameConvention } from './decoder';
export { encodeMessage, encodeVoiceMessage, type FrameConvention } from './encoder';
