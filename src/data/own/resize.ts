/**
 * Resizing by area averaging: each output pixel is the mean of the source area it covers, weighted
 * by how much of each source pixel falls inside it (a box filter, exact for any ratio, up or down).
 * Done one axis at a time, which gives the same result as the two-dimensional mean.
 */

interface AxisWeights {
  /** First source index each output index reads. */
  readonly first: Int32Array;
  /** Weights of source indices first[o], first[o] + 1, …, summing to 1 for each output index o. */
  readonly weights: Float64Array[];
}

function axisWeights(source: number, target: number): AxisWeights {
  const ratio = source / target;
  const first = new Int32Array(target);
  const weights: Float64Array[] = [];
  for (let o = 0; o < target; o++) {
    const from = o * ratio;
    const to = (o + 1) * ratio;
    const start = Math.floor(from);
    const end = Math.min(source, Math.ceil(to));
    const w = new Float64Array(Math.max(1, end - start));
    for (let i = start; i < end; i++) w[i - start] = (Math.min(i + 1, to) - Math.max(i, from)) / ratio;
    first[o] = start;
    weights.push(w);
  }
  return { first, weights };
}

/** A width x height image resized to targetWidth x targetHeight, values kept as floats. */
export function resizeArea(source: Float32Array, width: number, height: number, targetWidth: number, targetHeight: number): Float32Array {
  const across = axisWeights(width, targetWidth);
  const down = axisWeights(height, targetHeight);
  const rows = new Float64Array(height * targetWidth);
  for (let y = 0; y < height; y++) {
    for (let o = 0; o < targetWidth; o++) {
      const w = across.weights[o];
      const at = y * width + across.first[o];
      let sum = 0;
      for (let k = 0; k < w.length; k++) sum += source[at + k] * w[k];
      rows[y * targetWidth + o] = sum;
    }
  }
  const out = new Float32Array(targetWidth * targetHeight);
  for (let o = 0; o < targetHeight; o++) {
    const w = down.weights[o];
    const first = down.first[o];
    for (let x = 0; x < targetWidth; x++) {
      let sum = 0;
      for (let k = 0; k < w.length; k++) sum += rows[(first + k) * targetWidth + x] * w[k];
      out[o * targetWidth + x] = sum;
    }
  }
  return out;
}

/**
 * The image fitted into a size x size square: its longer side scaled to size, the aspect kept
 * (the shorter side rounded, at least 1 pixel), centred on 0 (black), rounded to 0..255.
 */
export function fitCentred(source: Float32Array, width: number, height: number, size: number): Uint8Array {
  const scale = size / Math.max(width, height);
  const targetWidth = Math.min(size, Math.max(1, Math.round(width * scale)));
  const targetHeight = Math.min(size, Math.max(1, Math.round(height * scale)));
  const resized = resizeArea(source, width, height, targetWidth, targetHeight);
  const out = new Uint8Array(size * size);
  const left = Math.floor((size - targetWidth) / 2);
  const top = Math.floor((size - targetHeight) / 2);
  for (let y = 0; y < targetHeight; y++) {
    for (let x = 0; x < targetWidth; x++) out[(top + y) * size + left + x] = Math.min(255, Math.max(0, Math.round(resized[y * targetWidth + x])));
  }
  return out;
}
