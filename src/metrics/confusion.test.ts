import { describe, expect, it } from 'vitest';
import { accuracyOf, confusionMatrix, pairExamples, perClassAccuracy, totalOf, worstPairs } from './confusion';

/** A constructed classifier over 4 classes: right on 0 and 1, reads 2 as 3 every third time, and 3 as 0 once. */
function classify(label: number, i: number): number {
  if (label === 2 && i % 3 === 0) return 3;
  if (label === 3 && i === 7) return 0;
  return label;
}

const LABELS = Array.from({ length: 40 }, (_, i) => i % 4);
const PREDICTED = LABELS.map(classify);

describe('confusion matrix', () => {
  it('counts every example in its (actual, predicted) cell', () => {
    const counts = confusionMatrix(LABELS, PREDICTED, 4);
    // Class 2 sits at i = 2, 6, 10, …, 38: ten examples, of which i = 6, 18, 30 are multiples of 3.
    expect(counts).toEqual([
      [10, 0, 0, 0],
      [0, 10, 0, 0],
      [0, 0, 7, 3],
      [1, 0, 0, 9],
    ]);
    expect(totalOf(counts)).toBe(40);
    expect(accuracyOf(counts)).toBeCloseTo(36 / 40, 12);
    expect(perClassAccuracy(counts)).toEqual([1, 1, 0.7, 0.9]);
  });

  it('lists the worst-confused pairs, most examples first', () => {
    const counts = confusionMatrix(LABELS, PREDICTED, 4);
    expect(worstPairs(counts, 5)).toEqual([
      { actual: 2, predicted: 3, count: 3, rate: 0.3 },
      { actual: 3, predicted: 0, count: 1, rate: 0.1 },
    ]);
    expect(worstPairs(counts, 1)).toHaveLength(1);
  });

  it('finds the examples of a pair, in order', () => {
    expect(pairExamples(LABELS, PREDICTED, { actual: 2, predicted: 3 }, 2)).toEqual([6, 18]);
    expect(pairExamples(LABELS, PREDICTED, { actual: 3, predicted: 0 }, 5)).toEqual([7]);
  });

  it('has no accuracy without examples, and a class without examples has none either', () => {
    const counts = confusionMatrix([], [], 3);
    expect(accuracyOf(counts)).toBeNull();
    expect(perClassAccuracy(counts)).toEqual([null, null, null]);
    expect(worstPairs(counts, 3)).toEqual([]);
  });

  it('refuses classes out of range and mismatched lengths', () => {
    expect(() => confusionMatrix([0, 1], [0], 2)).toThrow(/2 labels but 1 predictions/);
    expect(() => confusionMatrix([0, 2], [0, 1], 2)).toThrow(/outside 0..1/);
    expect(() => confusionMatrix([0.5], [0], 2)).toThrow(/outside/);
  });
});
