/**
 * A hand-drawn digit made to look like an MNIST image, the way MNIST's own digits were made: the
 * ink's bounding box is scaled (aspect ratio kept) so its longer side is 20 px, by area averaging,
 * then placed in a 28×28 image so that its centre of mass lands on the image's centre (LeCun et al.).
 */
import { IMAGE_SIDE_PX } from '../config/tunables';

/** The longer side of the digit's bounding box after scaling, px (MNIST: 20 in a 28 px image). */
export const DIGIT_BOX_PX = 20;
/** Canvas ink below this (0..1) counts as background when finding the bounding box. */
export const INK_THRESHOLD = 0.05;

export interface InkImage {
  width: number;
  height: number;
  /** width × height ink values, row-major, 0 (background) .. 1 (full ink). */
  ink: ArrayLike<number>;
}

export interface BoundingBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest rectangle holding every pixel with ink above the threshold; null for an empty image. */
export function inkBoundingBox({ width, height, ink }: InkImage, threshold = INK_THRESHOLD): BoundingBox | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (ink[y * width + x] <= threshold) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** weights[t][s]: how much of source pixel s lies inside target pixel t, target t covering [start + t·scale, start + (t+1)·scale). */
function overlaps(targets: number, start: number, scale: number, sourceLength: number): { from: number; weights: number[] }[] {
  const out: { from: number; weights: number[] }[] = [];
  for (let t = 0; t < targets; t++) {
    const lo = start + t * scale;
    const hi = lo + scale;
    const from = Math.max(0, Math.floor(lo));
    const to = Math.min(sourceLength, Math.ceil(hi));
    const weights: number[] = [];
    for (let s = from; s < to; s++) weights.push(Math.max(0, Math.min(hi, s + 1) - Math.max(lo, s)));
    out.push({ from, weights });
  }
  return out;
}

/** The bounding box's ink, area-averaged to `cols × rows` target pixels of side `scale` source pixels. */
function resample(image: InkImage, box: BoundingBox, cols: number, rows: number, scale: number): Float32Array {
  const xs = overlaps(cols, box.x, scale, image.width);
  const ys = overlaps(rows, box.y, scale, image.height);
  const out = new Float32Array(cols * rows);
  const area = scale * scale;
  for (let r = 0; r < rows; r++) {
    const { from: y0, weights: wy } = ys[r];
    for (let c = 0; c < cols; c++) {
      const { from: x0, weights: wx } = xs[c];
      let sum = 0;
      for (let j = 0; j < wy.length; j++) {
        const row = (y0 + j) * image.width;
        for (let i = 0; i < wx.length; i++) sum += wy[j] * wx[i] * image.ink[row + x0 + i];
      }
      out[r * cols + c] = Math.min(1, sum / area);
    }
  }
  return out;
}

/** Centre of mass of an image, pixel centres at i + 0.5; null when it holds no ink. */
export function centreOfMass(pixels: ArrayLike<number>, width: number, height: number): { x: number; y: number } | null {
  let total = 0;
  let sx = 0;
  let sy = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = pixels[y * width + x];
      total += v;
      sx += v * (x + 0.5);
      sy += v * (y + 0.5);
    }
  }
  return total > 0 ? { x: sx / total, y: sy / total } : null;
}

/**
 * A drawing as a 28×28 MNIST-style image (row-major, 0..1), or null when nothing is drawn. Ink
 * shifted past the border by the centring is cut off, as in MNIST.
 */
export function preprocessDigit(image: InkImage): Float32Array | null {
  if (image.ink.length !== image.width * image.height) throw new RangeError(`An ink image of ${image.width}×${image.height} needs ${image.width * image.height} values, not ${image.ink.length}`);
  const box = inkBoundingBox(image);
  if (!box) return null;
  const scale = Math.max(box.width, box.height) / DIGIT_BOX_PX;
  const cols = Math.max(1, Math.min(DIGIT_BOX_PX, Math.round(box.width / scale)));
  const rows = Math.max(1, Math.min(DIGIT_BOX_PX, Math.round(box.height / scale)));
  const scaled = resample(image, box, cols, rows, scale);
  const mass = centreOfMass(scaled, cols, rows);
  if (!mass) return null;
  const side = IMAGE_SIDE_PX;
  const dx = Math.round(side / 2 - mass.x);
  const dy = Math.round(side / 2 - mass.y);
  const out = new Float32Array(side * side);
  for (let r = 0; r < rows; r++) {
    const y = r + dy;
    if (y < 0 || y >= side) continue;
    for (let c = 0; c < cols; c++) {
      const x = c + dx;
      if (x >= 0 && x < side) out[y * side + x] = scaled[r * cols + c];
    }
  }
  return out;
}
