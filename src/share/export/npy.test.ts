import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodeNpy, encodeNpz } from './npy';

describe('the .npy and .npz writers', () => {
  it('write a version 1.0 header NumPy reads, aligned to 64 bytes, then the little-endian data', () => {
    const bytes = encodeNpy({ dtype: 'float32', shape: [2, 3], data: new Float32Array([1, 2, 3, 4, 5, 6]) });
    expect([...bytes.slice(0, 8)]).toEqual([0x93, 78, 85, 77, 80, 89, 1, 0]);
    const headerLength = new DataView(bytes.buffer).getUint16(8, true);
    const header = new TextDecoder().decode(bytes.slice(10, 10 + headerLength));
    expect(header).toMatch(/^\{'descr': '<f4', 'fortran_order': False, 'shape': \(2, 3\), \} *\n$/);
    expect((10 + headerLength) % 64).toBe(0);
    expect([...new Float32Array(bytes.slice(10 + headerLength).buffer)]).toEqual([1, 2, 3, 4, 5, 6]);
    const vector = new TextDecoder().decode(encodeNpy({ dtype: 'uint8', shape: [3], data: new Uint8Array([7, 8, 9]) }));
    expect(vector).toContain("'descr': '|u1'");
    expect(vector).toContain("'shape': (3,)");
  });

  it('refuses a shape that does not match the data, and zips arrays under their names', () => {
    expect(() => encodeNpy({ dtype: 'int32', shape: [4], data: new Int32Array(3) })).toThrow('holds 4 values, the data 3');
    const files = unzipSync(encodeNpz({ a: { dtype: 'int32', shape: [1], data: new Int32Array([5]) }, b: { dtype: 'uint8', shape: [0], data: new Uint8Array(0) } }));
    expect(Object.keys(files).sort()).toEqual(['a.npy', 'b.npy']);
  });
});
