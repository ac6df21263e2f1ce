/** Element-wise kernels of a training step: the ReLU gradient, bias additions and sums (bias gradients), and Adam. */
import { arg, argf, claim, ptr } from './task';

/** Elements per work item of the element-wise kernels. */
const CHUNK = 16384;

// reluGrad: 1 dy, 2 x, 3 out, 4 count
/** out = dy where x > 0, else 0 (what mul(dy, step(x)) gives for finite x, up to the sign of zero). */
export function reluGrad(ctrl: usize, task: usize): void {
  const dy = ptr(task, 1), x = ptr(task, 2), out = ptr(task, 3), count = arg(task, 4);
  const items = (count + CHUNK - 1) / CHUNK;
  const zero = f32x4.splat(0);
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const start = item * CHUNK;
    const end = min(count, start + CHUNK);
    const vectorEnd = start + ((end - start) & ~3);
    let i = start;
    for (; i < vectorEnd; i += 4) {
      const at = <usize>i << 2;
      v128.store(out + at, v128.and(v128.load(dy + at), f32x4.gt(v128.load(x + at), zero)));
    }
    for (; i < end; i++) {
      const at = <usize>i << 2;
      store<f32>(out + at, load<f32>(x + at) > 0 ? load<f32>(dy + at) : 0);
    }
  }
}

// addRows: 1 x, 2 rows, 3 cols, 4 bias, 5 out
/** out[r, j] = x[r, j] + bias[j]: adding a bias over the leading axes, in one pass. One item per 64 rows. */
export function addRows(ctrl: usize, task: usize): void {
  const x = ptr(task, 1), rows = arg(task, 2), cols = arg(task, 3), bias = ptr(task, 4), out = ptr(task, 5);
  const items = (rows + 63) / 64;
  const rowBytes = <usize>cols << 2;
  const vectorCols = cols & ~3;
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const end = min(rows, (item + 1) * 64);
    for (let r = item * 64; r < end; r++) {
      const src = x + <usize>r * rowBytes, dst = out + <usize>r * rowBytes;
      let j = 0;
      for (; j < vectorCols; j += 4) {
        const at = <usize>j << 2;
        v128.store(dst + at, f32x4.add(v128.load(src + at), v128.load(bias + at)));
      }
      for (; j < cols; j++) {
        const at = <usize>j << 2;
        store<f32>(dst + at, load<f32>(src + at) + load<f32>(bias + at));
      }
    }
  }
}

// sumRows: 1 x, 2 rows, 3 cols, 4 out
/**
 * out[j] = Σ_r x[r, j], rows in order (so the result does not depend on the thread count): the sum
 * over the leading axes, e.g. a bias gradient over [n, h, w] of an NHWC tensor. One item per 16 columns.
 */
export function sumRows(ctrl: usize, task: usize): void {
  const x = ptr(task, 1), rows = arg(task, 2), cols = arg(task, 3), out = ptr(task, 4);
  const items = (cols + 15) / 16;
  const rowBytes = <usize>cols << 2;
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const c0 = item * 16;
    const width = min(16, cols - c0);
    if (width == 16) {
      let s0 = f32x4.splat(0), s1 = f32x4.splat(0), s2 = f32x4.splat(0), s3 = f32x4.splat(0);
      let p = x + (<usize>c0 << 2);
      for (let r = 0; r < rows; r++, p += rowBytes) {
        s0 = f32x4.add(s0, v128.load(p));
        s1 = f32x4.add(s1, v128.load(p, 16));
        s2 = f32x4.add(s2, v128.load(p, 32));
        s3 = f32x4.add(s3, v128.load(p, 48));
      }
      const o = out + (<usize>c0 << 2);
      v128.store(o, s0);
      v128.store(o, s1, 16);
      v128.store(o, s2, 32);
      v128.store(o, s3, 48);
    } else {
      for (let j = c0; j < c0 + width; j++) {
        let s: f32 = 0;
        let p = x + (<usize>j << 2);
        for (let r = 0; r < rows; r++, p += rowBytes) s += load<f32>(p);
        store<f32>(out + (<usize>j << 2), s);
      }
    }
  }
}

// adam: 1 var, 2 m, 3 v, 4 grad, 5 newVar, 6 newM, 7 newV, 8 count, 9 accBeta1 (pointer to a scalar),
// 10 accBeta2 (pointer), 11 beta1, 12 1 - beta1, 13 beta2, 14 1 - beta2, 15 epsilon, 16 -learningRate (f32s)
/**
 * One Adam update of one variable with exactly tf.AdamOptimizer's float32 operations, in its order
 * (so the values are bitwise those of its 15 separate kernels):
 *   m' = m·β1 + g·(1−β1);  v' = v·β2 + (g·g)·(1−β2)
 *   x' = (m' / (1 − β1ᵗ)) / (√(v' / (1 − β2ᵗ)) + ε) · (−lr) + x
 * No fused multiply-add here: each product is rounded as TensorFlow.js rounds it.
 */
export function adam(ctrl: usize, task: usize): void {
  const x = ptr(task, 1), m = ptr(task, 2), v = ptr(task, 3), g = ptr(task, 4);
  const nx = ptr(task, 5), nm = ptr(task, 6), nv = ptr(task, 7), count = arg(task, 8);
  const oneMinusAcc1 = <f32>1 - load<f32>(ptr(task, 9));
  const oneMinusAcc2 = <f32>1 - load<f32>(ptr(task, 10));
  const b1 = argf(task, 11), cb1 = argf(task, 12), b2 = argf(task, 13), cb2 = argf(task, 14), eps = argf(task, 15), negLr = argf(task, 16);
  const vb1 = f32x4.splat(b1), vcb1 = f32x4.splat(cb1), vb2 = f32x4.splat(b2), vcb2 = f32x4.splat(cb2);
  const va1 = f32x4.splat(oneMinusAcc1), va2 = f32x4.splat(oneMinusAcc2), veps = f32x4.splat(eps), vlr = f32x4.splat(negLr);
  const items = (count + CHUNK - 1) / CHUNK;
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const start = item * CHUNK;
    const end = min(count, start + CHUNK);
    const vectorEnd = start + ((end - start) & ~3);
    let i = start;
    for (; i < vectorEnd; i += 4) {
      const at = <usize>i << 2;
      const gi = v128.load(g + at);
      const mi = f32x4.add(f32x4.mul(v128.load(m + at), vb1), f32x4.mul(gi, vcb1));
      const vi = f32x4.add(f32x4.mul(v128.load(v + at), vb2), f32x4.mul(f32x4.mul(gi, gi), vcb2));
      const step = f32x4.div(f32x4.div(mi, va1), f32x4.add(f32x4.sqrt(f32x4.div(vi, va2)), veps));
      v128.store(nx + at, f32x4.add(f32x4.mul(step, vlr), v128.load(x + at)));
      v128.store(nm + at, mi);
      v128.store(nv + at, vi);
    }
    for (; i < end; i++) {
      const at = <usize>i << 2;
      const gi = load<f32>(g + at);
      const mi = load<f32>(m + at) * b1 + gi * cb1;
      const vi = load<f32>(v + at) * b2 + (gi * gi) * cb2;
      const step = (mi / oneMinusAcc1) / (Mathf.sqrt(vi / oneMinusAcc2) + eps);
      store<f32>(nx + at, step * negLr + load<f32>(x + at));
      store<f32>(nm + at, mi);
      store<f32>(nv + at, vi);
    }
  }
}

