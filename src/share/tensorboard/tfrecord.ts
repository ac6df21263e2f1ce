/**
 * TFRecord framing, the container of TensorBoard event files. Each record is
 *   uint64 LE length · uint32 LE masked CRC-32C of those 8 bytes · data · uint32 LE masked CRC-32C of the data.
 * The writer concatenates records into one byte array; the strict reader checks every length and both checksums,
 * so tests (and anyone reading a file back) learn where a file is damaged, not just that it is.
 */
import { maskedCrc32c } from './crc32c';

const LENGTH_BYTES = 8;
const CRC_BYTES = 4;
const HEADER_BYTES = LENGTH_BYTES + CRC_BYTES;
const FOOTER_BYTES = CRC_BYTES;

/** One byte array holding the records in order, each framed. */
export function writeRecords(records: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const total = records.reduce((sum, r) => sum + HEADER_BYTES + r.length + FOOTER_BYTES, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const data of records) {
    // A record is far below 2^32 bytes in a browser; the high word of the uint64 stays 0.
    view.setUint32(at, data.length, true);
    view.setUint32(at + 4, 0, true);
    view.setUint32(at + LENGTH_BYTES, maskedCrc32c(out.subarray(at, at + LENGTH_BYTES)), true);
    out.set(data, at + HEADER_BYTES);
    view.setUint32(at + HEADER_BYTES + data.length, maskedCrc32c(data), true);
    at += HEADER_BYTES + data.length + FOOTER_BYTES;
  }
  return out;
}

const hex = (n: number): string => `0x${n.toString(16).padStart(8, '0')}`;

/** The records' data (views into `bytes`), or an Error saying which record, at which byte offset, is wrong and how. */
export function readRecords(bytes: Uint8Array): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    const where = `TFRecord record ${records.length} (at byte ${at})`;
    if (bytes.length - at < HEADER_BYTES) {
      throw new Error(`${where}: the file ends ${bytes.length - at} bytes into the ${HEADER_BYTES}-byte header; it is truncated.`);
    }
    const storedLengthCrc = view.getUint32(at + LENGTH_BYTES, true);
    const lengthCrc = maskedCrc32c(bytes.subarray(at, at + LENGTH_BYTES));
    if (storedLengthCrc !== lengthCrc) {
      throw new Error(`${where}: the length's checksum is ${hex(storedLengthCrc)} but the length bytes give ${hex(lengthCrc)}; the file is corrupted.`);
    }
    const high = view.getUint32(at + 4, true);
    const length = view.getUint32(at, true);
    const start = at + HEADER_BYTES;
    if (high !== 0 || start + length + FOOTER_BYTES > bytes.length) {
      const claimed = high !== 0 ? `${high} × 2^32 + ${length}` : `${length}`;
      throw new Error(`${where}: the header says ${claimed} data bytes, but only ${Math.max(0, bytes.length - start - FOOTER_BYTES)} remain before the data checksum; the file is truncated.`);
    }
    const data = bytes.subarray(start, start + length);
    const storedDataCrc = view.getUint32(start + length, true);
    const dataCrc = maskedCrc32c(data);
    if (storedDataCrc !== dataCrc) {
      throw new Error(`${where}: the data's checksum is ${hex(storedDataCrc)} but its ${length} bytes give ${hex(dataCrc)}; the file is corrupted.`);
    }
    records.push(data);
    at = start + length + FOOTER_BYTES;
  }
  return records;
}
