import { describe, expect, it } from 'vitest';
import { binaryLayout } from './broadcast';

/** The element of an operand the layout reads for output element i (what wasm/kernels/pointwise.ts computes). */
function source(layout: NonNullable<ReturnType<typeof binaryLayout>>, side: 'a' | 'b', i: number): number {
  const row = Math.floor(i / layout.inner);
  const col = i - row * layout.inner;
  return row * layout[side].outer + col * layout[side].inner;
}

/** The element numpy-style broadcasting reads, by walking the output's index. */
function broadcastSource(shape: number[], operand: number[], i: number): number {
  const dims = [...Array<number>(shape.length - operand.length).fill(1), ...operand];
  let rest = i;
  let at = 0;
  let stride = 1;
  for (let axis = shape.length - 1; axis >= 0; axis--) {
    const index = rest % shape[axis];
    rest = Math.floor(rest / shape[axis]);
    if (dims[axis] !== 1) at += index * stride;
    stride *= dims[axis];
  }
  return at;
}

describe('the broadcasts the element-wise kernel runs', () => {
  const cases: [number[], number[]][] = [
    [[32, 10], [32, 10]],
    [[64, 256], []],
    [[], [32, 784]],
    [[32, 784], [784]],
    [[1, 784], [32, 784]],
    [[32, 10], [32, 1]],
    [[32, 1], [32, 10]],
    [[8, 5, 5, 4], [4]],
    [[8, 5, 5, 4], [8, 1, 1, 1]],
    [[32, 1], [1, 1]],
    [[1], [3, 1, 5]],
  ];
  it.each(cases)('%j with %j reads what broadcasting reads, along the longest rows it can', (a, b) => {
    const layout = binaryLayout(a, b);
    if (!layout) throw new Error('no layout');
    expect(layout.count).toBe(layout.shape.reduce((p, d) => p * d, 1));
    const every = Array.from({ length: layout.count }, (_, i) => i);
    expect(every.map((i) => source(layout, 'a', i))).toEqual(every.map((i) => broadcastSource(layout.shape, a, i)));
    expect(every.map((i) => source(layout, 'b', i))).toEqual(every.map((i) => broadcastSource(layout.shape, b, i)));
  });

  it('gives a same-shape pair one row, and a bias its rows', () => {
    expect(binaryLayout([32, 10], [32, 10])).toMatchObject({ shape: [32, 10], inner: 320 });
    expect(binaryLayout([32, 784], [784])).toMatchObject({ inner: 784, a: { outer: 784, inner: 1 }, b: { outer: 0, inner: 1 } });
  });

  it('refuses what it cannot read in rows, and shapes that do not broadcast', () => {
    expect(binaryLayout([4, 1, 5], [1, 3, 1])).toBeNull();
    expect(binaryLayout([3, 4], [4, 3])).toBeNull();
    expect(binaryLayout([0, 4], [4])).toBeNull();
  });
});
