/**
 * Softmax temperature: softmax(z / T) sharpens a distribution below T = 1 and flattens it above.
 * The models end in a softmax, so the page has probabilities p, not logits z; log p = z − logsumexp(z)
 * differs from z by one constant, which softmax ignores, so softmax(log p / T) = softmax(z / T).
 */

/** The slider's range, and what T = 1 (the model's own output) is. */
export const MIN_TEMPERATURE = 0.1;
export const MAX_TEMPERATURE = 10;
/**
 * A probability of exactly 0 (a float32 softmax output can underflow) is read as this, the smallest
 * normal float32, so a high temperature can still lift it.
 */
export const PROBABILITY_FLOOR = 1.1754943508222875e-38;

/** softmax(logits / T); T must be a positive finite number. Ties at the top share it as T → 0. */
export function softmax(logits: readonly number[], temperature = 1): number[] {
  if (!(temperature > 0) || !Number.isFinite(temperature)) throw new RangeError(`Temperature must be a positive number (got ${temperature})`);
  if (logits.length === 0) return [];
  const scaled = logits.map((z) => z / temperature);
  const top = Math.max(...scaled);
  const exps = scaled.map((z) => Math.exp(z - top));
  const sum = exps.reduce((s, e) => s + e, 0);
  return exps.map((e) => e / sum);
}

/** A probability distribution (e.g. a model's softmax output) reshaped as if its logits were divided by T. */
export function withTemperature(probabilities: readonly number[], temperature: number): number[] {
  const bad = probabilities.find((p) => !(p >= 0) || !Number.isFinite(p));
  if (bad !== undefined) throw new RangeError(`Probabilities must be finite and non-negative (got ${bad})`);
  return softmax(
    probabilities.map((p) => Math.log(Math.max(p, PROBABILITY_FLOOR))),
    temperature,
  );
}

/** Shannon entropy in bits: 0 for one sure class, log2(n) for n equally likely ones. */
export function entropyBits(probabilities: readonly number[]): number {
  return Math.max(0, -probabilities.reduce((s, p) => (p > 0 ? s + p * Math.log2(p) : s), 0));
}

/** Index of the largest value (the first of equals); -1 for an empty list. */
export function argMax(values: readonly number[]): number {
  let best = -1;
  values.forEach((v, i) => {
    if (best < 0 || v > values[best]) best = i;
  });
  return best;
}
