import { describe, expect, it } from 'vitest';
import { readRecords, writeRecords } from './tfrecord';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const RECORDS = [utf8('first'), new Uint8Array(0), Uint8Array.from({ length: 300 }, (_, i) => i & 0xff)];
/** Byte offsets in the written file: record 1 (empty) starts after record 0's 12 + 5 + 4 bytes. */
const SECOND = 12 + 5 + 4;

function flipped(bytes: Uint8Array, at: number): Uint8Array {
  const copy = bytes.slice();
  copy[at] ^= 0x01;
  return copy;
}

describe('TFRecord framing', () => {
  it('reads back the records it wrote, byte for byte, empty ones included', () => {
    const file = writeRecords(RECORDS);
    expect(file.length).toBe(RECORDS.reduce((n, r) => n + 16 + r.length, 0));
    expect(readRecords(file).map((r) => Array.from(r))).toEqual(RECORDS.map((r) => Array.from(r)));
    expect(readRecords(new Uint8Array(0))).toEqual([]);
  });

  it('frames as TensorFlow does: uint64 LE length first', () => {
    const file = writeRecords([utf8('abc')]);
    expect(Array.from(file.subarray(0, 8))).toEqual([3, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(file.subarray(12, 15))).toEqual([0x61, 0x62, 0x63]);
  });

  it('reads a record from a view that does not start at its buffer’s first byte', () => {
    const file = writeRecords([utf8('abc')]);
    const padded = new Uint8Array(file.length + 3);
    padded.set(file, 3);
    expect(new TextDecoder().decode(readRecords(padded.subarray(3))[0])).toBe('abc');
  });

  it('refuses a flipped byte in a length, naming the record and its offset', () => {
    const file = writeRecords(RECORDS);
    expect(() => readRecords(flipped(file, SECOND))).toThrow(/record 1 \(at byte 21\): the length's checksum .* corrupted/);
    // The high word of the uint64 is covered by the same checksum.
    expect(() => readRecords(flipped(file, 6))).toThrow(/record 0 \(at byte 0\): the length's checksum/);
  });

  it('refuses a flipped byte in a payload', () => {
    const file = writeRecords(RECORDS);
    expect(() => readRecords(flipped(file, 12 + 2))).toThrow(/record 0 \(at byte 0\): the data's checksum .* its 5 bytes .* corrupted/);
  });

  it('refuses a flipped byte in either checksum', () => {
    const file = writeRecords(RECORDS);
    expect(() => readRecords(flipped(file, 9))).toThrow(/record 0 .*length's checksum/);
    expect(() => readRecords(flipped(file, SECOND - 1))).toThrow(/record 0 .*data's checksum/);
  });

  it('refuses a file cut anywhere inside a record', () => {
    const file = writeRecords(RECORDS);
    const third = SECOND + 16;
    expect(() => readRecords(file.subarray(0, third + 5))).toThrow(/record 2 \(at byte 37\): the file ends 5 bytes into the 12-byte header; it is truncated/);
    expect(() => readRecords(file.subarray(0, file.length - 1))).toThrow(/record 2 .*says 300 data bytes, but only 299 remain .* truncated/);
    for (let cut = 1; cut < file.length; cut++) {
      if (cut === SECOND || cut === third) continue;
      expect(() => readRecords(file.subarray(0, cut))).toThrow(/truncated|corrupted/);
    }
  });
});
