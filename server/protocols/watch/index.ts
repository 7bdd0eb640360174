import type { ProtocolCodec } from '../types';
import { commandText, WATCH_COMMANDS } from './commands';
import { decodeFrame, frameConvention } from './decoder';
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
  // A watch echoes a command's keyword (CR, UPLOAD, SOS1, ...): the text's first value.
  echoOf: (command) => commandText(command)?.split(',')[0] ?? null,
  conventionOf: (frame) => {
    const convention = frameConvention(frame);
    return convention && { ...convention };
  },
};

export { frameConvention } from './decoder';
export { encodeMessage, encodeVoiceMessage, type FrameConvention } from './encoder';
