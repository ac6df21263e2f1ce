/**
 * A 3 x 3, stride-1 convolution's filter gradient by Winograd's minimal filtering (Lavin & Gray 2015),
 * F(3x3, 2x2): each 2 x 2 block of dy is the "filter" of the 4 x 4 patch of x under it, whose 3 x 3
 * correlation takes 16 products instead of 36. Transformed, the products of every block sum in 16
 * independent matrix products (matmul.ts, batched, the reduction over blocks), then one output transform
 * gives dW: 2.25x fewer multiply-adds than the direct kernel, about 1.9x with a layer's edges.
 *
 *   dW = A₂ᵀ [ Σ_blocks (G₂ g G₂ᵀ) ⊙ (Bᵀ d B) ] A₂
 *   Bᵀ = [1 0 -1 0; 0 1 1 0; 0 -1 1 0; 0 1 0 -1]   G₂ = [1 0; ½ ½; ½ -½; 0 -1]   A₂ᵀ = [1 1 1 0; 0 1 -1 0; 0 1 1 1]
 *
 * Bᵀ's and G₂'s last rows are the negatives of the usual ones; the signs cancel in the product. Transformed
 * data lies as [16][rows][cols] (position ξ = 4i + j first): the matrix product's batches. Every loop runs
 * over 4 channels at a time. (The forward pass and the input gradient by F(2x2, 3x3) came out at 1.15x and
 * 0.97x of the direct kernels on the large CNN's conv2, their transforms bound by memory: not kept.)
 */
import { arg, claim, ptr } from './task';
import { loadLanes, storeLanes } from './simd';

const HALF = f32x4.splat(0.5);

/** 4 lanes (or fewer at the end of a row of `count`) at element `at` of a row starting at `row`; `whole`: always 4. */
@inline function lanes(row: usize, at: i32, count: i32, whole: bool): v128 {
  return whole ? v128.load(row + (<usize>at << 2)) : loadLanes(row + (<usize>at << 2), count - at);
}

@inline function put(at: usize, v: v128, count: i32, whole: bool): void {
  if (whole) v128.store(at, v);
  else storeLanes(at, v, count);
}

// input: 1 x (NHWC), 2 n, 3 h, 4 w, 5 c, 6 padTop, 7 padLeft, 8 tilesH, 9 tilesW, 10 v ([16][T][c])
/** V = Bᵀ d B for the 4 x 4 patch of every tile (tile (ty, tx) reads from (2ty − padTop, 2tx − padLeft); outside x reads 0). */
export function winogradInput(ctrl: usize, task: usize): void {
  if ((arg(task, 5) & 3) == 0) inputWith(ctrl, task, true);
  else inputWith(ctrl, task, false);
}

@inline function inputWith(ctrl: usize, task: usize, whole: bool): void {
  const x = ptr(task, 1), n = arg(task, 2), h = arg(task, 3), w = arg(task, 4), c = arg(task, 5);
  const padTop = arg(task, 6), padLeft = arg(task, 7), tilesH = arg(task, 8), tilesW = arg(task, 9), v = ptr(task, 10);
  const tiles = n * tilesH * tilesW;
  const plane = <usize>tiles * c << 2;
  const zero = f32x4.splat(0);
  for (let item = claim(ctrl); item < n * tilesH; item = claim(ctrl)) {
    const img = item / tilesH, ty = item - img * tilesH;
    for (let tx = 0; tx < tilesW; tx++) {
      const t = item * tilesW + tx;
      const y0 = 2 * ty - padTop, x0 = 2 * tx - padLeft;
      const dst = v + (<usize>t * c << 2);
      for (let ch = 0; ch < c; ch += 4) {
        // d[i][j], then Bᵀ d down each column, then · B along each row.
        let d00 = zero, d01 = zero, d02 = zero, d03 = zero, d10 = zero, d11 = zero, d12 = zero, d13 = zero;
        let d20 = zero, d21 = zero, d22 = zero, d23 = zero, d30 = zero, d31 = zero, d32 = zero, d33 = zero;
        for (let i = 0; i < 4; i++) {
          const yy = y0 + i;
          if (yy < 0 || yy >= h) continue;
          const row = x + (<usize>(img * h + yy) * w * c << 2);
          const a0 = x0 >= 0 && x0 < w ? lanes(row + (<usize>x0 * c << 2), ch, c, whole) : zero;
          const a1 = x0 + 1 >= 0 && x0 + 1 < w ? lanes(row + (<usize>(x0 + 1) * c << 2), ch, c, whole) : zero;
          const a2 = x0 + 2 >= 0 && x0 + 2 < w ? lanes(row + (<usize>(x0 + 2) * c << 2), ch, c, whole) : zero;
          const a3 = x0 + 3 >= 0 && x0 + 3 < w ? lanes(row + (<usize>(x0 + 3) * c << 2), ch, c, whole) : zero;
          if (i == 0) { d00 = a0; d01 = a1; d02 = a2; d03 = a3; }
          else if (i == 1) { d10 = a0; d11 = a1; d12 = a2; d13 = a3; }
          else if (i == 2) { d20 = a0; d21 = a1; d22 = a2; d23 = a3; }
          else { d30 = a0; d31 = a1; d32 = a2; d33 = a3; }
        }
        const count = min(4, c - ch);
        // Rows of Bᵀ d.
        const t00 = f32x4.sub(d00, d20), t01 = f32x4.sub(d01, d21), t02 = f32x4.sub(d02, d22), t03 = f32x4.sub(d03, d23);
        const t10 = f32x4.add(d10, d20), t11 = f32x4.add(d11, d21), t12 = f32x4.add(d12, d22), t13 = f32x4.add(d13, d23);
        const t20 = f32x4.sub(d20, d10), t21 = f32x4.sub(d21, d11), t22 = f32x4.sub(d22, d12), t23 = f32x4.sub(d23, d13);
        const t30 = f32x4.sub(d10, d30), t31 = f32x4.sub(d11, d31), t32 = f32x4.sub(d12, d32), t33 = f32x4.sub(d13, d33);
        const at = dst + (<usize>ch << 2);
        inputRow(at, plane, 0, t00, t01, t02, t03, count, whole);
        inputRow(at, plane, 4, t10, t11, t12, t13, count, whole);
        inputRow(at, plane, 8, t20, t21, t22, t23, count, whole);
        inputRow(at, plane, 12, t30, t31, t32, t33, count, whole);
      }
    }
  }
}

/** One row of (Bᵀ d) · B: positions ξ0..ξ0+3, `plane` bytes apart. */
@inline function inputRow(at: usize, plane: usize, xi0: i32, t0: v128, t1: v128, t2: v128, t3: v128, count: i32, whole: bool): void {
  const base = at + <usize>xi0 * plane;
  put(base, f32x4.sub(t0, t2), count, whole);
  put(base + plane, f32x4.add(t1, t2), count, whole);
  put(base + 2 * plane, f32x4.sub(t2, t1), count, whole);
  put(base + 3 * plane, f32x4.sub(t1, t3), count, whole);
}

// gradient: 1 dy ([n,oh,ow,o]), 2 n, 3 oh, 4 ow, 5 o, 6 tilesH, 7 tilesW, 8 out (panels), 9 nr
/**
 * G₂ g G₂ᵀ for every 2 x 2 block g of dy (outside dy reads 0), written straight into the matrix product's
 * B panels: for position ξ, a [T rows, o columns] matrix in panels of nr columns, zero past o.
 * One work item per (image, tile row).
 */
export function winogradGradient(ctrl: usize, task: usize): void {
  const dy = ptr(task, 1), n = arg(task, 2), oh = arg(task, 3), ow = arg(task, 4), o = arg(task, 5);
  const tilesH = arg(task, 6), tilesW = arg(task, 7), out = ptr(task, 8), nr = arg(task, 9);
  const tiles = n * tilesH * tilesW;
  const panels = (o + nr - 1) / nr;
  const panelBytes = <usize>(tiles * nr) << 2;
  const plane = <usize>panels * panelBytes;
  const zero = f32x4.splat(0);
  for (let item = claim(ctrl); item < n * tilesH; item = claim(ctrl)) {
    const img = item / tilesH, ty = item - img * tilesH;
    const y0 = 2 * ty;
    const row0 = dy + (<usize>((img * oh + y0) * ow * o) << 2);
    const row1 = row0 + (<usize>(ow * o) << 2);
    const hasRow1 = y0 + 1 < oh;
    for (let tx = 0; tx < tilesW; tx++) {
      const t = item * tilesW + tx;
      const x0 = 2 * tx;
      const hasCol1 = x0 + 1 < ow;
      for (let oc = 0; oc < panels * nr; oc += 4) {
        const count = max(0, min(4, o - oc));
        const at = <usize>((x0 * o + oc)) << 2;
        const colBytes = <usize>o << 2;
        const g00 = count > 0 ? loadLanes(row0 + at, count) : zero;
        const g01 = count > 0 && hasCol1 ? loadLanes(row0 + at + colBytes, count) : zero;
        const g10 = count > 0 && hasRow1 ? loadLanes(row1 + at, count) : zero;
        const g11 = count > 0 && hasRow1 && hasCol1 ? loadLanes(row1 + at + colBytes, count) : zero;
        // Rows of G₂ g: g0, ½(g0+g1), ½(g0−g1), −g1 (per column j).
        const p = oc / nr, lane = oc - p * nr;
        const base = out + <usize>p * panelBytes + (<usize>(t * nr + lane) << 2);
        gradientRow(base, plane, 0, g00, g01);
        gradientRow(base, plane, 4, f32x4.mul(HALF, f32x4.add(g00, g10)), f32x4.mul(HALF, f32x4.add(g01, g11)));
        gradientRow(base, plane, 8, f32x4.mul(HALF, f32x4.sub(g00, g10)), f32x4.mul(HALF, f32x4.sub(g01, g11)));
        gradientRow(base, plane, 12, f32x4.neg(g10), f32x4.neg(g11));
      }
    }
  }
}

/** One row of (G₂ g) · G₂ᵀ: a, ½(a+b), ½(a−b), −b at positions ξ0..ξ0+3. */
@inline function gradientRow(base: usize, plane: usize, xi0: i32, a: v128, b: v128): void {
  const at = base + <usize>xi0 * plane;
  v128.store(at, a);
  v128.store(at + plane, f32x4.mul(HALF, f32x4.add(a, b)));
  v128.store(at + 2 * plane, f32x4.mul(HALF, f32x4.sub(a, b)));
  v128.store(at + 3 * plane, f32x4.neg(b));
}

// filterOutput: 1 m ([16][c][o]), 2 c, 3 o, 4 dw ([3,3,c,o])
/** dW = A₂ᵀ m A₂ for every (channel, output channel) pair. One work item per input channel. */
export function winogradFilterOutput(ctrl: usize, task: usize): void {
  const m = ptr(task, 1), c = arg(task, 2), o = arg(task, 3), dw = ptr(task, 4);
  const plane = <usize>(c * o) << 2;
  for (let ch = claim(ctrl); ch < c; ch = claim(ctrl)) {
    for (let oc = 0; oc < o; oc += 4) {
      const count = min(4, o - oc);
      const at = m + (<usize>(ch * o + oc) << 2);
      // Each row i of m (positions 4i..4i+3) along A₂: m0 + m1 + m2, m1 − m2, m1 + m2 + m3.
      const a0 = loadLanes(at, count), a1 = loadLanes(at + plane, count), a2 = loadLanes(at + 2 * plane, count), a3 = loadLanes(at + 3 * plane, count);
      const b0 = loadLanes(at + 4 * plane, count), b1 = loadLanes(at + 5 * plane, count), b2 = loadLanes(at + 6 * plane, count), b3 = loadLanes(at + 7 * plane, count);
      const c0 = loadLanes(at + 8 * plane, count), c1 = loadLanes(at + 9 * plane, count), c2 = loadLanes(at + 10 * plane, count), c3 = loadLanes(at + 11 * plane, count);
      const d0 = loadLanes(at + 12 * plane, count), d1 = loadLanes(at + 13 * plane, count), d2 = loadLanes(at + 14 * plane, count), d3 = loadLanes(at + 15 * plane, count);
      const ra0 = f32x4.add(f32x4.add(a0, a1), a2), ra1 = f32x4.sub(a1, a2), ra2 = f32x4.add(f32x4.add(a1, a2), a3);
      const rb0 = f32x4.add(f32x4.add(b0, b1), b2), rb1 = f32x4.sub(b1, b2), rb2 = f32x4.add(f32x4.add(b1, b2), b3);
      const rc0 = f32x4.add(f32x4.add(c0, c1), c2), rc1 = f32x4.sub(c1, c2), rc2 = f32x4.add(f32x4.add(c1, c2), c3);
      const rd0 = f32x4.add(f32x4.add(d0, d1), d2), rd1 = f32x4.sub(d1, d2), rd2 = f32x4.add(f32x4.add(d1, d2), d3);
      // Then across the rows: tap (k, j) of dW is row k of A₂ᵀ over (ra_j, rb_j, rc_j, rd_j).
      const dst = dw + (<usize>(ch * o + oc) << 2);
      filterOutputTaps(dst, plane, 0, ra0, rb0, rc0, rd0, count);
      filterOutputTaps(dst, plane, 1, ra1, rb1, rc1, rd1, count);
      filterOutputTaps(dst, plane, 2, ra2, rb2, rc2, rd2, count);
    }
  }
}

/** Taps (0, j), (1, j), (2, j) of dW from column j of the row-transformed m. */
@inline function filterOutputTaps(dst: usize, plane: usize, j: i32, a: v128, b: v128, c: v128, d: v128, count: i32): void {
  storeLanes(dst + <usize>j * plane, f32x4.add(f32x4.add(a, b), c), count);
  storeLanes(dst + <usize>(3 + j) * plane, f32x4.sub(b, c), count);
  storeLanes(dst + <usize>(6 + j) * plane, f32x4.add(f32x4.add(b, c), d), count);
}
