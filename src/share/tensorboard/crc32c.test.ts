import { describe, expect, it } from 'vitest';
import { crc32c, maskedCrc32c } from './crc32c';

const ascending = Uint8Array.from({ length: 32 }, (_, i) => i);
const descending = Uint8Array.from({ length: 32 }, (_, i) => 31 - i);

describe('CRC-32C', () => {
  it.each([
    ['"123456789"', new TextEncoder().encode('123456789'), 0xe3069283],
    ['32 bytes of 0x00', new Uint8Array(32), 0x8a9136aa],
    ['32 bytes of 0xFF', new Uint8Array(32).fill(0xff), 0x62a8ab43],
    ['bytes 0..31 ascending', ascending, 0x46dd794e],
    ['bytes 31..0 descending', descending, 0x113fdb5c],
    ['no bytes', new Uint8Array(0), 0],
  ])('of %s is the published value', (_name, bytes, expected) => {
    expect(crc32c(bytes)).toBe(expected);
  });

  it('masks as TensorFlow does: rotate right 15, add 0xa282ead8, modulo 2^32', () => {
    // Independently, in BigInt: no shifts on 32-bit signed numbers to get wrong.
    const mask = (crc: number): number => {
      const c = BigInt(crc);
      const rotated = ((c >> 15n) | (c << 17n)) & 0xffffffffn;
      return Number((rotated + 0xa282ead8n) & 0xffffffffn);
    };
    const text = new TextEncoder().encode('123456789');
    expect(maskedCrc32c(text)).toBe(mask(0xe3069283));
    expect(maskedCrc32c(new Uint8Array(32).fill(0xff))).toBe(mask(0x62a8ab43));
    // By hand: 0xE3069283 rotated right by 15 is 0x2507C60D; + 0xA282EAD8 = 0xC78AB0E5 (no carry out).
    expect(maskedCrc32c(text)).toBe(0xc78ab0e5);
  });
});
