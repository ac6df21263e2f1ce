import { describe, expect, it } from 'vitest';
import type { OwnDatasetSummary } from '../../config/datasets';
import { english } from '../../i18n/testing/english';
import { ganDigitChoice } from './ganDigitChoice';

const SHAPES: OwnDatasetSummary = {
  id: 'own:0123456789abcdef',
  hash: '0123456789abcdef'.repeat(4),
  name: 'Shapes',
  classNames: ['cross', 'ring', 'square'],
  format: { size: 28, channels: 1 },
  trainCount: 96,
  testCount: 24,
  createdAt: '2026-01-01T00:00:00.000Z',
  fileBytes: 95_000,
};

const SHAPES_ID = SHAPES.id;

describe('the GAN studio’s Digit options', () => {
  it('are All and the digits 0 to 9 on a shipped set, named by themselves', () => {
    expect(ganDigitChoice('3', 'mnist', null)).toEqual({ only: ['all', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], labels: {}, refused: null });
  });

  it('keep a link’s class beyond 9 on a shipped set shown, with the sentence that refuses its run', () => {
    const choice = ganDigitChoice('42', 'fashion-mnist', null);
    expect(choice.only).toEqual(['all', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '42']);
    expect(choice.refused && english(choice.refused)).toBe('Digit “42” is not a class of this data set, which has 10 (0 to 9): pick All or one of those.');
  });

  it('are All and the own set’s classes by name', () => {
    expect(ganDigitChoice('1', SHAPES_ID, SHAPES)).toEqual({ only: ['all', '0', '1', '2'], labels: { 0: 'cross', 1: 'ring', 2: 'square' }, refused: null });
    expect(ganDigitChoice('all', SHAPES_ID, SHAPES).refused).toBeNull();
  });

  it('keep a link’s class the set lacks shown, with the sentence that refuses its run', () => {
    const choice = ganDigitChoice('7', SHAPES_ID, SHAPES);
    expect(choice.only).toEqual(['all', '0', '1', '2', '7']);
    expect(choice.refused && english(choice.refused)).toBe('Digit “7” is not a class of this data set, which has 3 (0 to 2): pick All or one of those.');
  });

  it('offer every class of a set with more than ten, up to the hundred a set may have', () => {
    const many = { ...SHAPES, classNames: Array.from({ length: 100 }, (_, i) => `c${i}`) };
    const choice = ganDigitChoice('57', SHAPES_ID, many);
    expect(choice.only).toHaveLength(101);
    expect(choice.labels[57]).toBe('c57');
    expect(choice.refused).toBeNull();
  });

  it('keep a link’s value as it came on an own set not kept here, whose classes are unknown', () => {
    expect(ganDigitChoice('12', 'own:fedcba9876543210', null)).toMatchObject({ only: ['all', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '12'], refused: null });
  });
});
