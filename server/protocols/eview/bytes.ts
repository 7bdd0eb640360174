/** Reading an Eview frame as Traccar's Netty buffer reads it (little-endian), bounded by the frame. */

/** A read past the end of the frame (Netty's IndexOutOfBoundsException): the frame is refused. */
export class Truncated extends Error {
  constructor() {
    super('truncated frame');
  }
}

const UTF8 = new TextDecoder('utf-8');

/** Lower-case hex of bytes, as Netty's ByteBufUtil.hexDump. */
export const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export class ByteReader {
  private readonly view: DataView;
  /** Next byte to read. */
  pos: number;

  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
  }

  get end(): number {
    return this.bytes.length;
  }

  get readable(): boolean {
    return this.pos < this.bytes.length;
  }

  /** Moves to an index, backwards too (as Netty's readerIndex); past the end is a truncated frame. */
  seek(index: number): void {
    if (index < 0 || index > this.bytes.length) throw new Truncated();
    this.pos = index;
  }

  private take(n: number): number {
    if (n < 0 || this.pos + n > this.bytes.length) throw new Truncated();
    const at = this.pos;
    this.pos += n;
    return at;
  }

  u8 = (): number => this.view.getUint8(this.take(1));
  i8 = (): number => this.view.getInt8(this.take(1));
  u16 = (): number => this.view.getUint16(this.take(2), true);
  i16 = (): number => this.view.getInt16(this.take(2), true);
  u32 = (): number => this.view.getUint32(this.take(4), true);
  i32 = (): number => this.view.getInt32(this.take(4), true);
  u24 = (): number => {
    const at = this.take(3);
    return this.view.getUint16(at, true) | (this.view.getUint8(at + 2) << 16);
  };

  slice(n: number): Uint8Array {
    const at = this.take(n);
    return this.bytes.subarray(at, at + n);
  }

  skip(n: number): void {
    this.take(n);
  }

  /** US-ASCII as Java decodes it: a byte above 0x7F becomes U+FFFD. */
  ascii(n: number): string {
    return Array.from(this.slice(n), (b) => (b < 0x80 ? String.fromCharCode(b) : '\ufffd')).join('');
  }

  /** UTF-8, a malformed sequence read as U+FFFD (as Java does). */
  utf8(n: number): string {
    return UTF8.decode(this.slice(n));
  }
}
