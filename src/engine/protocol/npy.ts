/**
 * NumPy's .npy format (version 1.0) and .npz (a zip of .npy files), written without NumPy: what the
 * exported Python package reads weights, data slices, the app's own predictions and a data set of
 * your own from. Plain arithmetic on bytes, so the page and the device worker both write it.
 */
import { zipSync } from 'fflate';
import type { NpyArray } from './export';

export type { NpyArray };

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
const DESCR = { float32: '<f4', uint8: '|u1', int32: '<i4' } as const;
/** How many data values one item takes: a text item is `chars` UTF-32 code units. */
const valuesPerItem = (array: NpyArray): number => (array.dtype === 'unicode' ? array.chars : 1);
const descrOf = (array: NpyArray): string => (array.dtype === 'unicode' ? `<U${array.chars}` : DESCR[array.dtype]);
/** The header (magic, version, length, dict) is padded so the data starts on a 64-byte boundary. */
const HEADER_ALIGN = 64;
const PREAMBLE_BYTES = 10;

function shapeText(shape: readonly number[]): string {
  return shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
}

export function encodeNpy(array: NpyArray): Uint8Array {
  const count = array.shape.reduce((a, b) => a * b, 1) * valuesPerItem(array);
  if (count !== array.data.length) throw new Error(`npy: shape ${shapeText(array.shape)} holds ${count} values, the data ${array.data.length}`);
  const dict = `{'descr': '${descrOf(array)}', 'fortran_order': False, 'shape': ${shapeText(array.shape)}, }`;
  const unpadded = PREAMBLE_BYTES + dict.length + 1;
  const header = dict + ' '.repeat((HEADER_ALIGN - (unpadded % HEADER_ALIGN)) % HEADER_ALIGN) + '\n';
  const out = new Uint8Array(PREAMBLE_BYTES + header.length + array.data.byteLength);
  out.set(MAGIC, 0);
  out[6] = 1; // version 1.0
  out[7] = 0;
  new DataView(out.buffer).setUint16(8, header.length, true);
  out.set(new TextEncoder().encode(header), PREAMBLE_BYTES);
  out.set(new Uint8Array(array.data.buffer, array.data.byteOffset, array.data.byteLength), PREAMBLE_BYTES + header.length);
  return out;
}

/** Strings as a 1-D text array (NumPy `<U{longest}`, UTF-32 little-endian, shorter ones padded with zeros). */
export function unicodeArray(strings: readonly string[]): NpyArray {
  const points = strings.map((s) => Array.from(s, (c) => c.codePointAt(0) ?? 0));
  const chars = Math.max(1, ...points.map((p) => p.length));
  const data = new Uint32Array(strings.length * chars);
  points.forEach((p, i) => data.set(p, i * chars));
  return { dtype: 'unicode', chars, shape: [strings.length], data };
}

/** Deflate level of a compressed .npz (numpy.savez_compressed's choice; np.load reads either). */
const NPZ_DEFLATE_LEVEL = 6;

/** An .npz: each array under its name (`name.npy` inside the zip), stored like numpy.savez, or deflated like numpy.savez_compressed. */
export function encodeNpz(arrays: Readonly<Record<string, NpyArray>>, options: { deflate?: boolean } = {}): Uint8Array {
  const level = options.deflate ? NPZ_DEFLATE_LEVEL : 0;
  return zipSync(Object.fromEntries(Object.entries(arrays).map(([name, array]) => [`${name}.npy`, [encodeNpy(array), { level }]])));
}
