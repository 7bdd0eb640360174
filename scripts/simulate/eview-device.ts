import { ACK_REQUESTED, checkFrame, EviewFramer, HEADER_BYTES, MAX_FRAME_BYTES } from '../../server/protocols/eview/frame';
import { MSG_CONFIGURATION, MSG_DATA, MSG_RESPONSE, MSG_SERVICES, MSG_SYSTEM_CONTROL } from '../../server/protocols/eview/messages';
import type { AlarmName } from './alarms';
import { noReaction, type Reaction, type SimulatedDevice } from './device';
import { alarmRecord, ALARM_BITS, batteryRecord, configurationRecords, eviewFrame, generalRecord, gpsRecord, imeiRecord, stepsRecord } from './eview-uplink';
import { watchLabel } from './label';
import type { Wearer } from './wearer';

/** Key 0xF0 of a configuration message: "send me your whole configuration" (the eview encoder's read). */
const READ_CONFIGURATION = 0xf0;
/** System control key 0x30: a firmware update from a URL, which a simulated watch cannot take. */
const FIRMWARE_UPDATE = 0x30;
/**
 * Neither Traccar nor Vigil sends an Eview a position request (the eview encoder has only the
 * configuration command), so its key is this simulator's: a system control message (0x04) with
 * key 0x12 asks for the place now. The one place to change when the listener sends a real one.
 */
export const POSITION_REQUEST = 0x12;
/** A response's result codes: 0 done, 1 refused. */
const DONE = 0;
const REFUSED = 1;

/** The keys of a message's records, as far as they read (a record running past the end ends them). */
function recordKeys(frame: Uint8Array): number[] {
  const keys: number[] = [];
  let at = HEADER_BYTES + 1;
  while (at + 1 < frame.length) {
    const length = frame[at]!;
    keys.push(frame[at + 1]!);
    at += 1 + length;
  }
  return keys;
}

/**
 * An Eview EV-04/05/07 (Traccar's `minifinder2`): binary frames, each asking the server to
 * acknowledge it (properties bit 4) under its own sequence number. The IMEI names it in every
 * data message. It answers a configuration read with its configuration, a configuration write or
 * system control with a response (0x7F) under the command's sequence, and the position request
 * (POSITION_REQUEST) with a position too; the server's acknowledgements it takes silently.
 */
export class EviewDevice implements SimulatedDevice {
  readonly protocol = 'eview';
  private framer = new EviewFramer(MAX_FRAME_BYTES);
  private sequence = 0;

  constructor(
    readonly imei: string,
    private readonly intervals: { heartbeatS: number; uploadS: number },
  ) {}

  get label(): string {
    return `Eview ${watchLabel(this.imei)}`;
  }

  /** The next frame's sequence number (0..0xFFFF, then round again). */
  private next(): number {
    this.sequence = (this.sequence + 1) & 0xffff;
    return this.sequence;
  }

  private data(...records: number[][]): Uint8Array {
    return eviewFrame([MSG_DATA, ...imeiRecord(this.imei), ...records.flat()], this.next(), true);
  }

  /** Status without a place: time and status word, battery, pedometer. */
  heartbeat(wearer: Wearer, now: Date): Uint8Array {
    return this.data(generalRecord(wearer, now), batteryRecord(wearer), stepsRecord(wearer, now));
  }

  position(wearer: Wearer, fixTime: Date): Uint8Array {
    return this.data(generalRecord(wearer, fixTime), gpsRecord(wearer), stepsRecord(wearer, fixTime));
  }

  supports(alarm: AlarmName): boolean {
    return ALARM_BITS[alarm] !== undefined;
  }

  alarm(alarms: readonly AlarmName[], wearer: Wearer, fixTime: Date): Uint8Array | null {
    if (!alarms.some((a) => this.supports(a))) return null;
    return this.data(alarmRecord(alarms, fixTime), generalRecord(wearer, fixTime), gpsRecord(wearer), stepsRecord(wearer, fixTime));
  }

  receive(chunk: Uint8Array, wearer: Wearer): Reaction {
    const reaction = noReaction();
    for (const frame of this.framer.push(chunk)) this.answer(frame, wearer, reaction);
    return reaction;
  }

  reset(): void {
    this.framer = new EviewFramer(MAX_FRAME_BYTES);
  }

  private respond(reaction: Reaction, sequence: number, code: number): void {
    reaction.replies.push(eviewFrame([MSG_RESPONSE, 1, code], sequence, false));
  }

  private answer(frame: Uint8Array, wearer: Wearer, reaction: Reaction): void {
    const checked = checkFrame(frame);
    if (!checked.ok) return; // the framer passes only checked frames
    const { properties, sequence } = checked.header;
    const type = frame[HEADER_BYTES]!;
    const keys = recordKeys(frame);
    switch (type) {
      case MSG_RESPONSE:
      case MSG_SERVICES:
        return; // the server's acknowledgement of a frame, or its answer to a service request
      case MSG_CONFIGURATION:
        if (keys.includes(READ_CONFIGURATION)) {
          reaction.replies.push(eviewFrame([MSG_CONFIGURATION, ...configurationRecords(this.imei, wearer, this.intervals)], sequence, false));
          reaction.notes.push('configuration read: sent');
        } else {
          this.respond(reaction, sequence, DONE);
          reaction.notes.push(`configuration written (keys ${keys.map(hexByte).join(' ') || 'none'}): acknowledged`);
        }
        return;
      case MSG_SYSTEM_CONTROL:
        if (keys.includes(FIRMWARE_UPDATE)) {
          this.respond(reaction, sequence, REFUSED);
          reaction.notes.push('firmware update: refused (a simulated watch has no firmware to update)');
          return;
        }
        this.respond(reaction, sequence, DONE);
        if (keys.includes(POSITION_REQUEST)) {
          reaction.locate = true;
          reaction.notes.push('position request: acknowledged');
        } else {
          reaction.notes.push(`system control (keys ${keys.map(hexByte).join(' ') || 'none'}): acknowledged`);
        }
        return;
      default:
        if (properties & ACK_REQUESTED) this.respond(reaction, sequence, DONE);
        reaction.notes.push(`message type ${hexByte(type)} from the server: not one it knows, ignored`);
    }
  }
}

const hexByte = (n: number): string => `0x${n.toString(16).padStart(2, '0')}`;
