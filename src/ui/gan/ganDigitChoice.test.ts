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

describe('the GAN studio’s Digit options', () => {
  it('are the table’s digits on a shipped set', () => {
    expect(ganDigitChoice('3', null)).toBeNull();
  });

  it('are All and the own set’s classes by name', () => {
    expect(ganDigitChoice('1', SHAPES)).toEqual({ only: ['all', '0', '1', '2'], labels: { 0: 'cross', 1: 'ring', 2: 'square' }, refused: null });
    expect(ganDigitChoice('all', SHAPES)?.refused).toBeNull();
  });

  it('keep a link’s class the set lacks shown, with the sentence that refuses its run', () => {
    const choice = ganDigitChoice('7', SHAPES);
    expect(choice?.only).toEqual(['all', '0', '1', '2', '7']);
    expect(choice?.refused && english(choice.refused)).toBe('Digit “7” is not a class of this data set, which has 3 (0 to 2): pick All or one of those.');
  });

  it('offer a set’s first ten classes at most, the ids the setting holds', () => {
    const many = { ...SHAPES, classNames: Array.from({ length: 12 }, (_, i) => `c${i}`) };
    expect(ganDigitChoice('all', many)?.only).toHaveLength(11);
  });
});
