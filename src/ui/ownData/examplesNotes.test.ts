import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/testing/english';
import { Translator } from '../../i18n/translator';
import { SHAPES_SUMMARY } from '../../share/fixtures/ownDataset';
import { examplesNotes } from './examplesNotes';

describe('the example-count notes of an own data set', () => {
  it('say how many of the set’s own images a run uses, not of the shipped 60,000 / 10,000', () => {
    const notes = examplesNotes({ trainExamples: '30000', testExamples: '2000' }, SHAPES_SUMMARY);
    expect(english(notes.trainExamples)).toBe('uses 96 of this data set’s 96');
    expect(english(notes.testExamples)).toBe('uses 24 of this data set’s 24');
    expect(english(examplesNotes({ trainExamples: '50', testExamples: '10' }, SHAPES_SUMMARY).trainExamples)).toBe('uses 50 of this data set’s 96');
    expect(new Translator('zh-CN').say(notes.trainExamples)).toBe('使用此数据集 96 张中的 96 张');
  });

  it('are absent for a shipped set and while a count is not a number', () => {
    expect(examplesNotes({ trainExamples: '30000', testExamples: '2000' }, null)).toEqual({});
    expect(examplesNotes({ trainExamples: 'lots', testExamples: '2000' }, SHAPES_SUMMARY)).toEqual({});
  });
});
