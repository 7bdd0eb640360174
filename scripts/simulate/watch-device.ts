import { ECHO_TYPES } from '../../server/protocols/watch/commands';
import { CLOSE, readHeader } from '../../server/protocols/watch/frame-header';
import { WatchFramer } from '../../server/protocols/watch/framer';
import type { AlarmName } from './alarms';
import { noReaction, printable, type Reaction, type SimulatedDevice } from './device';
import { heartbeatContent, positionContent, statusWord, watchFrame } from './watch-uplink';
import type { Wearer } from './wearer';

/** The server's answers to what the watch sent (LK, AL, INIT, TKQ, a voice message's part): taken silently. */
const SERVER_ANSWERS: ReadonlySet<string> = new Set(['LK', 'AL', 'INIT', 'TKQ', 'TKQ2', 'JXTKR']);
/** Room for any command (a voice message, which the watch does not take, is larger and skipped). */
const MAX_FRAME_BYTES = 16 * 1024;
/** Locate now: the watch echoes it, then sends its place at once. */
const LOCATE = 'CR';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

/**
 * A 3G/SeTracker watch (Traccar's `watch` protocol). It calls itself `id`: the 10 digits its
 * maker prints as the watch's ID (by default the IMEI's last 10, see args.ts). It echoes every
 * command it knows with the command's keyword (`[3G*ID*LEN*CR]`), as these watches acknowledge
 * them, and answers `CR` (locate now) with a fresh position too.
 */
export class WatchDevice implements SimulatedDevice {
  readonly protocol = 'watch';
  private framer = new WatchFramer(MAX_FRAME_BYTES);

  constructor(readonly id: string) {}

  get label(): string {
    return `3G watch ${this.id}`;
  }

  heartbeat(wearer: Wearer): Uint8Array {
    return watchFrame(this.id, heartbeatContent(wearer));
  }

  position(wearer: Wearer, fixTime: Date): Uint8Array {
    return watchFrame(this.id, positionContent('UD', wearer, fixTime, statusWord(wearer, [])));
  }

  supports(): boolean {
    return true; // SOS, fall and off the wrist each have a status bit
  }

  alarm(alarms: readonly AlarmName[], wearer: Wearer, fixTime: Date): Uint8Array | null {
    if (alarms.length === 0) return null;
    return watchFrame(this.id, positionContent('AL', wearer, fixTime, statusWord(wearer, alarms)));
  }

  receive(chunk: Uint8Array): Reaction {
    const reaction = noReaction();
    for (const frame of this.framer.push(chunk)) this.answer(frame, reaction);
    return reaction;
  }

  reset(): void {
    this.framer = new WatchFramer(MAX_FRAME_BYTES);
  }

  private answer(frame: Uint8Array, reaction: Reaction): void {
    const head = readHeader(frame, 0, frame.length);
    if (head.kind !== 'header' || frame[frame.length - 1] !== CLOSE || head.header.contentStart > frame.length - 1) {
      reaction.notes.push('a frame it cannot read: ignored');
      return;
    }
    if (head.header.deviceId !== this.id) {
      reaction.notes.push('a frame for another watch: ignored');
      return;
    }
    const content = latin1(frame.subarray(head.header.contentStart, frame.length - 1));
    const comma = content.indexOf(',');
    const type = comma < 0 ? content : content.slice(0, comma);
    if (SERVER_ANSWERS.has(type)) return;
    if (!ECHO_TYPES.has(type)) {
      reaction.notes.push(`"${printable(type)}" from the server: not a command it knows, ignored`);
      return;
    }
    reaction.replies.push(watchFrame(this.id, type));
    reaction.notes.push(`command ${type}: acknowledged`);
    if (type === LOCATE) reaction.locate = true;
  }
}
