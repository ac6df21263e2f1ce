/**
 * Element-wise kernels that would otherwise run on XNNPACK's thread pool: binary arithmetic with the
 * broadcasts layers use, activations and their like, and softmax over rows. They run on the app's pool,
 * which wakes a thread only for work worth one (XNNPACK wakes its own for nearly every operation, and its
 * threads then spin on the cores the step needs).
 */
import { arg, argf, claim, ptr } from './task';

/** Elements per work item. */
const CHUNK = 16384;

const ADD = 0;
const SUB = 1;
const MUL = 2;
const DIV = 3;
const MAX = 4;
const MIN = 5;

@inline function binaryV(op: i32, a: v128, b: v128): v128 {
  if (op == ADD) return f32x4.add(a, b);
  if (op == SUB) return f32x4.sub(a, b);
  if (op == MUL) return f32x4.mul(a, b);
  if (op == DIV) return f32x4.div(a, b);
  if (op == MAX) return f32x4.max(a, b);
  return f32x4.min(a, b);
}

@inline function binaryS(op: i32, a: f32, b: f32): f32 {
  if (op == ADD) return a + b;
  if (op == SUB) return a - b;
  if (op == MUL) return a * b;
  if (op == DIV) return a / b;
  if (op == MAX) return max(a, b);
  return min(a, b);
}

/** `len` outputs from a (contiguous when aVec, else one value) and b (likewise). */
@inline function segment(op: i32, pa: usize, pb: usize, po: usize, len: i32, aVec: bool, bVec: bool): void {
  const sa = v128.load32_splat(pa), sb = v128.load32_splat(pb);
  const vectorLen = len & ~3;
  let i = 0;
  for (; i < vectorLen; i += 4) {
    const at = <usize>i << 2;
    v128.store(po + at, binaryV(op, aVec ? v128.load(pa + at) : sa, bVec ? v128.load(pb + at) : sb));
  }
  for (; i < len; i++) {
    const at = <usize>i << 2;
    store<f32>(po + at, binaryS(op, load<f32>(pa + (aVec ? at : 0)), load<f32>(pb + (bVec ? at : 0))));
  }
}

// binary: 1 op, 2 a, 3 b, 4 out, 5 count, 6 inner, 7 aOuter, 8 aInner, 9 bOuter, 10 bInner
/**
 * out[i] = a op b over out's `count` elements seen as rows of `inner`: each operand's element for row r,
 * column j is at r·outer + j·inner (in elements), its strides 0 or 1 inner and 0, 1 or `inner` outer: the
 * same shape, a scalar, a row repeated down the rows (a bias) or a column repeated along them.
 */
@inline function binaryWith(ctrl: usize, task: usize, op: i32): void {
  const a = ptr(task, 2), b = ptr(task, 3), out = ptr(task, 4), count = arg(task, 5), inner = arg(task, 6);
  const aOuter = arg(task, 7), aInner = arg(task, 8), bOuter = arg(task, 9), bInner = arg(task, 10);
  const items = (count + CHUNK - 1) / CHUNK;
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const end = min(count, (item + 1) * CHUNK);
    for (let i = item * CHUNK; i < end; ) {
      const row = i / inner;
      const col = i - row * inner;
      const len = min(end, (row + 1) * inner) - i;
      const pa = a + (<usize>(row * aOuter + col * aInner) << 2);
      const pb = b + (<usize>(row * bOuter + col * bInner) << 2);
      const po = out + (<usize>i << 2);
      if (aInner != 0 && bInner != 0) segment(op, pa, pb, po, len, true, true);
      else if (aInner != 0) segment(op, pa, pb, po, len, true, false);
      else if (bInner != 0) segment(op, pa, pb, po, len, false, true);
      else segment(op, pa, pb, po, len, false, false);
      i += len;
    }
  }
}

export function binary(ctrl: usize, task: usize): void {
  const op = arg(task, 1);
  if (op == ADD) binaryWith(ctrl, task, ADD);
  else if (op == SUB) binaryWith(ctrl, task, SUB);
  else if (op == MUL) binaryWith(ctrl, task, MUL);
  else if (op == DIV) binaryWith(ctrl, task, DIV);
  else if (op == MAX) binaryWith(ctrl, task, MAX);
  else binaryWith(ctrl, task, MIN);
}

const RELU = 0;
const RELU6 = 1;
const LEAKY_RELU = 2;
const NEG = 3;
const ABS = 4;
const SQUARE = 5;
const SQRT = 6;
const CLIP = 7;
const SIGMOID = 8;

/**
 * e^x in float32 to within 2 ulp, without tables (Mathf.exp reads a table from static data, which this
 * module may not have): x = n·ln2 + r with |r| <= ln2/2 (ln2 in two parts), e^r by Cephes's expf
 * polynomial, then scaled by 2^n in two steps so that results near the ends of the range stay exact.
 */
export function expf(x: f32): f32 {
  if (x != x) return x;
  if (x > <f32>88.72284) return Infinity;
  if (x < <f32>-103.97208) return 0;
  const n = nearest<f32>(x * <f32>1.44269504);
  const r = x - n * <f32>0.693359375 + n * <f32>2.12194440e-4;
  let p: f32 = <f32>1.9875691500e-4;
  p = p * r + <f32>1.3981999507e-3;
  p = p * r + <f32>8.3334519073e-3;
  p = p * r + <f32>4.1665795894e-2;
  p = p * r + <f32>1.6666665459e-1;
  p = p * r + <f32>5.0000001201e-1;
  const er = p * r * r + r + 1;
  const k = <i32>n;
  const half = k >> 1;
  return er * reinterpret<f32>((half + 127) << 23) * reinterpret<f32>((k - half + 127) << 23);
}

@inline function sigmoidS(x: f32): f32 {
  return <f32>1 / (<f32>1 + expf(-x));
}

@inline function unaryV(op: i32, x: v128, p: v128, q: v128): v128 {
  if (op == RELU) return f32x4.max(x, f32x4.splat(0));
  if (op == RELU6) return f32x4.min(f32x4.max(x, f32x4.splat(0)), f32x4.splat(6));
  if (op == LEAKY_RELU) return v128.bitselect(x, f32x4.mul(x, p), f32x4.gt(x, f32x4.splat(0)));
  if (op == NEG) return f32x4.neg(x);
  if (op == ABS) return f32x4.abs(x);
  if (op == SQUARE) return f32x4.mul(x, x);
  if (op == SQRT) return f32x4.sqrt(x);
  if (op == CLIP) return f32x4.min(f32x4.max(x, p), q);
  let s = f32x4.splat(0);
  s = f32x4.replace_lane(s, 0, sigmoidS(f32x4.extract_lane(x, 0)));
  s = f32x4.replace_lane(s, 1, sigmoidS(f32x4.extract_lane(x, 1)));
  s = f32x4.replace_lane(s, 2, sigmoidS(f32x4.extract_lane(x, 2)));
  return f32x4.replace_lane(s, 3, sigmoidS(f32x4.extract_lane(x, 3)));
}

@inline function unaryS(op: i32, x: f32, p: f32, q: f32): f32 {
  if (op == RELU) return x > 0 ? x : 0;
  if (op == RELU6) return x > 0 ? min(x, <f32>6) : 0;
  if (op == LEAKY_RELU) return x > 0 ? x : x * p;
  if (op == NEG) return -x;
  if (op == ABS) return Mathf.abs(x);
  if (op == SQUARE) return x * x;
  if (op == SQRT) return Mathf.sqrt(x);
  if (op == CLIP) return min(max(x, p), q);
  return sigmoidS(x);
}

// unary: 1 op, 2 x, 3 out, 4 count, 5 p, 6 q (f32: LeakyReLU's alpha; ClipByValue's bounds)
@inline function unaryWith(ctrl: usize, task: usize, op: i32): void {
  const x = ptr(task, 2), out = ptr(task, 3), count = arg(task, 4), p = argf(task, 5), q = argf(task, 6);
  const vp = f32x4.splat(p), vq = f32x4.splat(q);
  const items = (count + CHUNK - 1) / CHUNK;
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const start = item * CHUNK;
    const end = min(count, start + CHUNK);
    const vectorEnd = start + ((end - start) & ~3);
    let i = start;
    for (; i < vectorEnd; i += 4) {
      const at = <usize>i << 2;
      v128.store(out + at, unaryV(op, v128.load(x + at), vp, vq));
    }
    for (; i < end; i++) {
      const at = <usize>i << 2;
      store<f32>(out + at, unaryS(op, load<f32>(x + at), p, q));
    }
  }
}

/** out = f(x) element by element: ReLU, ReLU6, LeakyReLU, Neg, Abs, Square, Sqrt, ClipByValue, Sigmoid. */
export function unary(ctrl: usize, task: usize): void {
  const op = arg(task, 1);
  if (op == RELU) unaryWith(ctrl, task, RELU);
  else if (op == RELU6) unaryWith(ctrl, task, RELU6);
  else if (op == LEAKY_RELU) unaryWith(ctrl, task, LEAKY_RELU);
  else if (op == NEG) unaryWith(ctrl, task, NEG);
  else if (op == ABS) unaryWith(ctrl, task, ABS);
  else if (op == SQUARE) unaryWith(ctrl, task, SQUARE);
  else if (op == SQRT) unaryWith(ctrl, task, SQRT);
  else if (op == CLIP) unaryWith(ctrl, task, CLIP);
  else unaryWith(ctrl, task, SIGMOID);
}

// softmax: 1 x, 2 out, 3 rows, 4 cols
/** Each row's softmax: exp(x − the row's max), over their sum. One work item per 64 rows. */
export function softmax(ctrl: usize, task: usize): void {
  const x = ptr(task, 1), out = ptr(task, 2), rows = arg(task, 3), cols = arg(task, 4);
  const rowBytes = <usize>cols << 2;
  const items = (rows + 63) / 64;
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const end = min(rows, (item + 1) * 64);
    for (let r = item * 64; r < end; r++) {
      const xr = x + <usize>r * rowBytes, or = out + <usize>r * rowBytes;
      let top = load<f32>(xr);
      for (let j = 1; j < cols; j++) top = max(top, load<f32>(xr + (<usize>j << 2)));
      let sum: f32 = 0;
      for (let j = 0; j < cols; j++) {
        const e = expf(load<f32>(xr + (<usize>j << 2)) - top);
        store<f32>(or + (<usize>j << 2), e);
        sum += e;
      }
      for (let j = 0; j < cols; j++) store<f32>(or + (<usize>j << 2), load<f32>(or + (<usize>j << 2)) / sum);
    }
  }
}
