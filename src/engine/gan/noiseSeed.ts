/** Independent noise streams of one run, so preview noise never shares draws with training noise. */
export const NOISE_STREAM = { training: 0, preview: 1 } as const;
export type NoiseStreamId = (typeof NOISE_STREAM)[keyof typeof NOISE_STREAM];

/** murmur3's 32-bit finaliser: spreads every input bit over the output, so nearby inputs give unrelated seeds. */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The seed of the draw-th noise tensor of a stream: a pure function of (run seed, stream, draw). */
export function noiseSeed(runSeed: number, stream: NoiseStreamId, draw: number): number {
  return mix32(mix32(mix32(runSeed) + stream) + draw);
}
