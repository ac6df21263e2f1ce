/**
 * How a binary operation's two operands line up with its output, for wasm/kernels/pointwise.ts: the
 * output seen as rows of `inner` elements, each operand the same shape as the output, a scalar, one row
 * repeated down the rows (a bias) or one column repeated along them. Other broadcasts return null (the
 * replaced kernel runs them).
 */
import type { OperandStrides } from './tasks';

export interface BinaryLayout {
  shape: number[];
  count: number;
  inner: number;
  a: OperandStrides;
  b: OperandStrides;
}

const product = (dims: readonly number[]) => dims.reduce((p, d) => p * d, 1);
const same = (x: readonly number[], y: readonly number[]) => x.length === y.length && x.every((d, i) => d === y[i]);
const ones = (dims: readonly number[]) => dims.every((d) => d === 1);

/** An operand's strides when the output splits into rows at axis `split`; null when it fits none of the four patterns there. */
function stridesAt(dims: number[], out: number[], split: number): OperandStrides | null {
  if (product(dims) === 1) return { outer: 0, inner: 0 };
  const inner = product(out.slice(split));
  if (same(dims, out)) return { outer: inner, inner: 1 };
  if (ones(dims.slice(0, split)) && same(dims.slice(split), out.slice(split))) return { outer: 0, inner: 1 };
  if (same(dims.slice(0, split), out.slice(0, split)) && ones(dims.slice(split))) return { outer: 1, inner: 0 };
  return null;
}

export function binaryLayout(aShape: readonly number[], bShape: readonly number[]): BinaryLayout | null {
  const rank = Math.max(aShape.length, bShape.length);
  const a = [...Array<number>(rank - aShape.length).fill(1), ...aShape];
  const b = [...Array<number>(rank - bShape.length).fill(1), ...bShape];
  const shape: number[] = [];
  for (let i = 0; i < rank; i++) {
    if (a[i] !== b[i] && a[i] !== 1 && b[i] !== 1) return null;
    shape.push(a[i] === 1 ? b[i] : a[i]);
  }
  const count = product(shape);
  if (count === 0) return null;
  // The first split that fits both gives the longest rows (the kernel's vector loops run along them).
  for (let split = 0; split <= rank; split++) {
    const sa = stridesAt(a, shape, split);
    const sb = sa && stridesAt(b, shape, split);
    if (sa && sb) return { shape, count, inner: product(shape.slice(split)), a: sa, b: sb };
  }
  return null;
}
