/**
 * The one inner loop of every product here (convolutions forward and backward, matrix products): a tile
 * of a few output rows by 8 or 16 columns held in 8 SIMD accumulators,
 *
 *   out[r][n] (+)= Σ_{q < nseg} Σ_{u < len} A(r, q, u) · B(q, u)[n]
 *   A(r, q, u) = the f32 at a_r + q·aSeg + u·aStep             (broadcast to every lane)
 *   B(q, u)    = 16 (or 8) f32 at b + q·bSeg + u·bStep         (vector loads)
 *
 * Two strides each side cover im2col without building it: a convolution's patch is kernel rows (q) of
 * contiguous kw·C values (u); a filter gradient walks images (q) and output columns (u).
 *
 * Why 2 x 16 and 4 x 8 (8 accumulators): measured in Node 20 and Chromium on x86-64, tiles of 12
 * accumulators (6 x 8, 4 x 12, 3 x 16) ran at 16-18 GFLOP/s against 40-44 for 2 x 16 and 4 x 8 on the
 * classic CNN's conv2 (V8 keeps 8 accumulators, the B vectors and a broadcast in the 16 XMM registers;
 * more spill). XNNPACK's convolution ran at 18-20 GFLOP/s on the same shape.
 */
import { loadLanes, madd, storeLanes } from './simd';

/** Writes (or adds into) `rows` rows of 4 accumulator vectors, `cols` columns of them valid. */
@inline function put4(out: usize, v0: v128, v1: v128, v2: v128, v3: v128, cols: i32, accumulate: bool): void {
  if (accumulate) {
    v0 = f32x4.add(v0, loadLanes(out, cols));
    v1 = f32x4.add(v1, loadLanes(out + 16, cols - 4));
    v2 = f32x4.add(v2, loadLanes(out + 32, cols - 8));
    v3 = f32x4.add(v3, loadLanes(out + 48, cols - 12));
  }
  storeLanes(out, v0, cols);
  storeLanes(out + 16, v1, cols - 4);
  storeLanes(out + 32, v2, cols - 8);
  storeLanes(out + 48, v3, cols - 12);
}

@inline function put2(out: usize, v0: v128, v1: v128, cols: i32, accumulate: bool): void {
  if (accumulate) {
    v0 = f32x4.add(v0, loadLanes(out, cols));
    v1 = f32x4.add(v1, loadLanes(out + 16, cols - 4));
  }
  storeLanes(out, v0, cols);
  storeLanes(out + 16, v1, cols - 4);
}

/** 2 rows x 16 columns. Rows beyond `rows` are computed from a duplicate row and not stored. */
@inline export function tile2x16(
  a0: usize, a1: usize, aSeg: usize, aStep: usize, nseg: i32, len: i32,
  b: usize, bSeg: usize, bStep: usize,
  out: usize, ldo: usize, rows: i32, cols: i32, accumulate: bool,
): void {
  let c00 = f32x4.splat(0), c01 = f32x4.splat(0), c02 = f32x4.splat(0), c03 = f32x4.splat(0);
  let c10 = f32x4.splat(0), c11 = f32x4.splat(0), c12 = f32x4.splat(0), c13 = f32x4.splat(0);
  const run = <usize>len * aStep;
  for (let q = 0; q < nseg; q++) {
    let p0 = a0 + <usize>q * aSeg;
    let p1 = a1 + <usize>q * aSeg;
    let w = b + <usize>q * bSeg;
    const end = p0 + run;
    while (p0 < end) {
      const w0 = v128.load(w), w1 = v128.load(w, 16), w2 = v128.load(w, 32), w3 = v128.load(w, 48);
      const x0 = v128.load32_splat(p0);
      c00 = madd(x0, w0, c00); c01 = madd(x0, w1, c01); c02 = madd(x0, w2, c02); c03 = madd(x0, w3, c03);
      const x1 = v128.load32_splat(p1);
      c10 = madd(x1, w0, c10); c11 = madd(x1, w1, c11); c12 = madd(x1, w2, c12); c13 = madd(x1, w3, c13);
      p0 += aStep;
      p1 += aStep;
      w += bStep;
    }
  }
  put4(out, c00, c01, c02, c03, cols, accumulate);
  if (rows > 1) put4(out + ldo, c10, c11, c12, c13, cols, accumulate);
}

/** 4 rows x 8 columns, for products with at most 8 columns (the tiny CNN's first layer, small dense layers). */
@inline export function tile4x8(
  a0: usize, a1: usize, a2: usize, a3: usize, aSeg: usize, aStep: usize, nseg: i32, len: i32,
  b: usize, bSeg: usize, bStep: usize,
  out: usize, ldo: usize, rows: i32, cols: i32, accumulate: bool,
): void {
  let c00 = f32x4.splat(0), c01 = f32x4.splat(0), c10 = f32x4.splat(0), c11 = f32x4.splat(0);
  let c20 = f32x4.splat(0), c21 = f32x4.splat(0), c30 = f32x4.splat(0), c31 = f32x4.splat(0);
  const run = <usize>len * aStep;
  for (let q = 0; q < nseg; q++) {
    const seg = <usize>q * aSeg;
    let p0 = a0 + seg, p1 = a1 + seg, p2 = a2 + seg, p3 = a3 + seg;
    let w = b + <usize>q * bSeg;
    const end = p0 + run;
    while (p0 < end) {
      const w0 = v128.load(w), w1 = v128.load(w, 16);
      const x0 = v128.load32_splat(p0);
      c00 = madd(x0, w0, c00); c01 = madd(x0, w1, c01);
      const x1 = v128.load32_splat(p1);
      c10 = madd(x1, w0, c10); c11 = madd(x1, w1, c11);
      const x2 = v128.load32_splat(p2);
      c20 = madd(x2, w0, c20); c21 = madd(x2, w1, c21);
      const x3 = v128.load32_splat(p3);
      c30 = madd(x3, w0, c30); c31 = madd(x3, w1, c31);
      p0 += aStep; p1 += aStep; p2 += aStep; p3 += aStep;
      w += bStep;
    }
  }
  put2(out, c00, c01, cols, accumulate);
  if (rows > 1) put2(out + ldo, c10, c11, cols, accumulate);
  if (rows > 2) put2(out + 2 * ldo, c20, c21, cols, accumulate);
  if (rows > 3) put2(out + 3 * ldo, c30, c31, cols, accumulate);
}
