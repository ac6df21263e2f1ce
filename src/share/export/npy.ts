/**
 * NumPy's .npy format (version 1.0) and .npz (a zip of .npy files), written without NumPy: what the
 * exported Python package reads weights, data slices and the app's own predictions from.
 */
import { zipSync } from 'fflate';
import type { NpyArray } from '../../engine/protocol/export';

export type { NpyArray };

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY
const DESCR = { float32: '<f4', uint8: '|u1', int32: '<i4' } as const;
/** The header (magic, version, length, dict) is padded so the data starts on a 64-byte boundary. */
const HEADER_ALIGN = 64;
const PREAMBLE_BYTES = 10;

function shapeText(shape: readonly number[]): string {
  return shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
}

export function encodeNpy(array: NpyArray): Uint8Array {
  const count = array.shape.reduce((a, b) => a * b, 1);
  if (count !== array.data.length) throw new Error(`npy: shape ${shapeText(array.shape)} holds ${count} values, the data ${array.data.length}`);
  const dict = `{'descr': '${DESCR[array.dtype]}', 'fortran_order': False, 'shape': ${shapeText(array.shape)}, }`;
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

/** An .npz: each array under its name (`name.npy` inside the zip), uncompressed like numpy.savez. */
export function encodeNpz(arrays: Readonly<Record<string, NpyArray>>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(arrays).map(([name, array]) => [`${name}.npy`, [encodeNpy(array), { level: 0 }]])));
}
