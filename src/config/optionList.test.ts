import { describe, expect, it } from 'vitest';
import { GAN_DIGIT_OPTIONS } from './ganConfig';
import { optionList } from './schema';

describe('a refusal’s list of options', () => {
  it('names a run of four or more consecutive whole numbers by its ends', () => {
    expect(optionList(GAN_DIGIT_OPTIONS)).toBe('all, 0–99');
    expect(optionList(['all', '3', '4', '5', '6', '9'])).toBe('all, 3–6, 9');
  });

  it('lists words, shorter runs and numbers out of order one by one', () => {
    expect(optionList(['mlp', 'dcgan'])).toBe('mlp, dcgan');
    expect(optionList(['1', '2', '3'])).toBe('1, 2, 3');
    expect(optionList(['16', '32', '64', '128'])).toBe('16, 32, 64, 128');
    expect(optionList(['4', '3', '2', '1'])).toBe('4, 3, 2, 1');
  });
});
