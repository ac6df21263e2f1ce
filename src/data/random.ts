/** A seeded pseudo-random number generator returning floats in [0, 1). */
export type Rng = () => number;

/** mulberry32: a tiny 32-bit PRNG, good enough for shuffling and sampling (not for cryptography). */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** murmur3's 32-bit finaliser: spreads every input bit over the output, so nearby seeds give unrelated streams. */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** One generator per (seed, epoch) pair, so every epoch of a run gets its own reproducible order. */
export function epochRng(seed: number, epoch: number): Rng {
  return mulberry32(mix32(mix32(seed) + epoch));
}

/** Shuffles array in place (Fisher–Yates) and returns it. */
export function shuffleInPlace<T extends { length: number; [index: number]: number }>(array: T, rng: Rng): T {
  for (let i = array.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const held = array[i];
    array[i] = array[j];
    array[j] = held;
  }
  return array;
}

/** A permutation of 0..count-1, deterministic for (seed, epoch) and different across epochs. */
export function shuffledIndices(count: number, seed: number, epoch: number): Int32Array {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Cannot shuffle ${count} indices: need a whole number >= 0.`);
  const indices = new Int32Array(count);
  for (let i = 0; i < count; i++) indices[i] = i;
  return shuffleInPlace(indices, epochRng(seed, epoch));
}
