/**
 * CRC-32C (Castagnoli), the checksum of TFRecord framing, and TensorFlow's "masked" form of it. Table-driven
 * over the reflected polynomial 0x82F63B78; pure, so the page, a worker and Node share it.
 */

const POLYNOMIAL = 0x82f63b78;
/** TensorFlow adds this after rotating, so a CRC stored inside data that is itself checksummed stays unlike the raw CRC. */
const MASK_DELTA = 0xa282ead8;

const TABLE = buildTable();

function buildTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLYNOMIAL : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

export function crc32c(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = TABLE[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** TensorFlow's masked CRC (crc32c.h `Mask`): rotate right by 15 bits, add a constant, as uint32. */
export function maskedCrc32c(data: Uint8Array): number {
  const crc = crc32c(data);
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + MASK_DELTA) >>> 0;
}
