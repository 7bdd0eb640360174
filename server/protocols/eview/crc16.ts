/**
 * CRC-16/XMODEM (polynomial 0x1021, initial 0, no reflection), the checksum of an Eview frame's
 * content as Traccar computes it (Checksum.CRC16_XMODEM). Small and fixed by its standard, so kept
 * here rather than as a dependency; the check value of "123456789" is 0x31C3.
 */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1;
    table[i] = crc & 0xffff;
  }
  return table;
})();

export function crc16Xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ TABLE[((crc >> 8) ^ byte) & 0xff]!;
  return crc;
}
