import { buildFrame } from './frame';
import type { ByteReader } from './bytes';
import { MSG_RESPONSE, MSG_SERVICES } from './messages';

/**
 * The acknowledgement of a frame whose properties ask for one, as Traccar's sendResponse builds it:
 * the same sequence number, and either a services answer (0x03: key 0x11 asks for an address, given
 * as an empty one at 0,0; key 0x12 asks for the time, given as the reception time) or a response
 * message (0x7F) with key length 1 and result 0 (success).
 */
export function acknowledgement(type: number, records: ByteReader, sequence: number, receivedAt: Date): Uint8Array {
  const body: number[] = [];
  if (type === MSG_SERVICES) {
    while (records.readable) {
      const length = records.u8();
      const endIndex = records.pos + length;
      const key = records.u8();
      if (key === 0x11) body.push(9 + 1, key, 0, 0, 0, 0, 0, 0, 0, 0, 0);
      else if (key === 0x12) body.push(5, key, ...int32le(Math.floor(receivedAt.getTime() / 1000)));
      records.seek(endIndex);
    }
  }
  const content = body.length > 0 ? [MSG_SERVICES, ...body] : [MSG_RESPONSE, 1, 0];
  return buildFrame(Uint8Array.from(content), sequence);
}

/** Java's writeIntLE of an int: the low 32 bits. */
function int32le(value: number): number[] {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setInt32(0, value | 0, true);
  return [...bytes];
}
