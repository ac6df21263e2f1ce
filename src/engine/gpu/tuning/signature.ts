/** Keys the tuner remembers choices by: an adapter (as the browser names it) and a product (its exact WGSL). */
import { GEMM_CANDIDATE_IDS } from '../kernels/gemm/candidates';
import { productPrelude, type GemmSpec } from '../kernels/gemm/spec';

/**
 * Bumped whenever a candidate's generator changes what it emits: a choice timed on older kernels is then timed
 * again. The table's ids are part of every key too, so adding or removing a candidate re-tunes as well.
 */
export const KERNELS_VERSION = 1;

/** 64-bit FNV-1a of a string, as 16 hex digits. */
export function fnv64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * prime) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

const TABLE = fnv64(`${KERNELS_VERSION}|${GEMM_CANDIDATE_IDS.join(',')}`);

/** The product's sizes, snippets and operand forms: products that would run the same kernels share it. */
export function productSignature(spec: GemmSpec): string {
  return fnv64(`${TABLE}|${spec.bContiguous}|${spec.onesRow ?? ''}|${productPrelude(spec)}`);
}

/** What the adapter says of itself and the browser it runs in: choices are kept per adapter, never shared between them. */
export function adapterKey(device: GPUDevice, browser: string): string {
  const info = (device as GPUDevice & { adapterInfo?: GPUAdapterInfo }).adapterInfo;
  const facts = info ? [info.vendor, info.architecture, info.device, info.description] : ['unknown adapter'];
  return `${TABLE}|${facts.join('|')}|${browser}`;
}
