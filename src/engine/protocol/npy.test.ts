import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodeNpy, encodeNpz, unicodeArray } from './npy';

/** A .npy read back by hand, as NumPy's format document describes it: magic, version 1.0, header length, header dict, data. */
function parseNpy(bytes: Uint8Array): { header: string; descr: string; shape: number[]; data: Uint8Array } {
  expect([...bytes.slice(0, 8)]).toEqual([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  const length = bytes[8] | (bytes[9] << 8);
  expect((10 + length) % 64).toBe(0);
  const header = new TextDecoder('latin1').decode(bytes.subarray(10, 10 + length));
  const match = /^\{'descr': '([^']+)', 'fortran_order': False, 'shape': \(([\d, ]*)\), \} *\n$/.exec(header);
  if (!match) throw new Error(`not a version 1.0 header: ${JSON.stringify(header)}`);
  const shape = match[2].split(',').map((d) => d.trim()).filter(Boolean).map(Number);
  return { header, descr: match[1], shape, data: bytes.subarray(10 + length) };
}

/** python3 with NumPy, or why not. */
function pythonWithNumpy(): string | null {
  const found = spawnSync('python3', ['-c', 'import numpy'], { encoding: 'utf8' });
  return found.status === 0 ? null : `python3 with NumPy is not here (${found.error?.message ?? found.stderr.trim().split('\n').at(-1)})`;
}

describe('the .npy and .npz writers', () => {
  it('write a version 1.0 header NumPy reads, aligned to 64 bytes, then the little-endian data', () => {
    const bytes = encodeNpy({ dtype: 'float32', shape: [2, 3], data: new Float32Array([1, 2, 3, 4, 5, 6]) });
    const npy = parseNpy(bytes);
    expect(npy.descr).toBe('<f4');
    expect(npy.shape).toEqual([2, 3]);
    expect([...new Float32Array(npy.data.slice().buffer)]).toEqual([1, 2, 3, 4, 5, 6]);
    const vector = parseNpy(encodeNpy({ dtype: 'uint8', shape: [3], data: new Uint8Array([7, 8, 9]) }));
    expect(vector.header).toContain("'descr': '|u1'");
    expect(vector.header).toContain("'shape': (3,)");
    expect([...vector.data]).toEqual([7, 8, 9]);
  });

  it('write text as fixed-width UTF-32, each name padded with zeros to the longest', () => {
    const names = unicodeArray(['ring', 'Ω', '字😀']);
    const npy = parseNpy(encodeNpy(names));
    expect(npy.descr).toBe('<U4');
    expect(npy.shape).toEqual([3]);
    const points = new Uint32Array(npy.data.slice().buffer);
    expect([...points]).toEqual([...'ring'].map((c) => c.codePointAt(0)).concat([0x3a9, 0, 0, 0, 0x5b57, 0x1f600, 0, 0]));
    expect(parseNpy(encodeNpy(unicodeArray([]))).descr).toBe('<U1');
  });

  it('refuses a shape that does not match the data, and zips arrays under their names, stored or deflated', () => {
    expect(() => encodeNpy({ dtype: 'int32', shape: [4], data: new Int32Array(3) })).toThrow('holds 4 values, the data 3');
    expect(() => encodeNpy({ dtype: 'unicode', chars: 2, shape: [2], data: new Uint32Array(3) })).toThrow('holds 4 values, the data 3');
    const arrays = { a: { dtype: 'int32', shape: [1], data: new Int32Array([5]) }, b: { dtype: 'uint8', shape: [0], data: new Uint8Array(0) } } as const;
    const files = unzipSync(encodeNpz(arrays));
    expect(Object.keys(files).sort()).toEqual(['a.npy', 'b.npy']);
    const zeros = { z: { dtype: 'uint8', shape: [100, 28, 28], data: new Uint8Array(78_400) } } as const;
    const deflated = encodeNpz(zeros, { deflate: true });
    expect(deflated.length).toBeLessThan(2000);
    expect(Buffer.compare(unzipSync(deflated)['z.npy'], encodeNpy(zeros.z))).toBe(0);
  });

  const noNumpy = pythonWithNumpy();
  if (noNumpy) console.warn(`Skipping numpy.load of a written .npz: ${noNumpy}.`);
  it.skipIf(noNumpy !== null)('writes an .npz numpy.load reads without pickle: uint8 images, labels and class names, deflated', () => {
    const images = Uint8Array.from({ length: 2 * 784 }, (_, i) => i % 251);
    const file = encodeNpz(
      { x_train: { dtype: 'uint8', shape: [2, 28, 28], data: images }, y_train: { dtype: 'uint8', shape: [2], data: new Uint8Array([1, 0]) }, class_names: unicodeArray(['cross', 'ring 字']) },
      { deflate: true },
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'npz-'));
    try {
      const target = path.join(dir, 'set.npz');
      writeFileSync(target, file);
      const script = `import json, sys, numpy
d = numpy.load(sys.argv[1])
x = d["x_train"]
print(json.dumps({"files": sorted(d.files), "x": [str(x.dtype), list(x.shape), int(x[1, 27, 27]), int(x.sum())], "y": d["y_train"].tolist(), "names": d["class_names"].tolist(), "names_dtype": str(d["class_names"].dtype)}))`;
      const run = spawnSync('python3', ['-c', script, target], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual({
        files: ['class_names', 'x_train', 'y_train'],
        x: ['uint8', [2, 28, 28], images[2 * 784 - 1], images.reduce((a, b) => a + b, 0)],
        y: [1, 0],
        names: ['cross', 'ring 字'],
        names_dtype: '<U6',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
