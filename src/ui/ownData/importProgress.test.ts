import { describe, expect, it } from 'vitest';
import { Translator } from '../../i18n/translator';
import { progressLabel, progressText } from './importProgress';

const en = new Translator('en');

describe('the own data progress line', () => {
  it('counts decoded pictures of an import', () => {
    const progress = { done: 3, total: 120, making: false };
    expect(en.say(progressLabel(progress))).toBe('Decoding pictures');
    expect(en.say(progressText(progress))).toBe('Decoding pictures: 3 of 120');
  });

  it('says decoding before the import knows its count', () => {
    expect(en.say(progressText({ done: 0, total: 0, making: false }))).toBe('Decoding pictures');
  });

  it('says the set is being made from drawings or camera frames, not decoded', () => {
    const progress = { done: 0, total: 0, making: true };
    expect(en.say(progressLabel(progress))).toBe('Making the data set');
    expect(en.say(progressText(progress))).toBe('Making the data set');
  });
});
