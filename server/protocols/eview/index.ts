import type { ProtocolCodec } from '../types';
import { decodeFrame } from './decoder';
import { encodeCommand, EVIEW_COMMANDS } from './encoder';
import { EviewFramer } from './frame';

/** Eview EV-04, EV-05 and EV-07 watches and trackers: Traccar's minifinder2 protocol, binary over TCP. */
export const eviewCodec: ProtocolCodec<'eview'> = {
  name: 'eview',
  defaultPort: 5187,
  createFramer: (maxFrameBytes) => new EviewFramer(maxFrameBytes),
  decode: decodeFrame,
  commands: EVIEW_COMMANDS,
  encode: encodeCommand,
  // An Eview acknowledges a frame by its sequence, not a command by its kind: a command stays sent.
  echoOf: () => null,
  conventionOf: () => null,
};

export { MAX_FRAME_BYTES } from './frame';
