import { describe, expect, it } from 'vitest';
import { formatStepTimes } from './testSteps';

describe('the step times npm test ends with', () => {
  it('lists each step and the total', () => {
    expect(formatStepTimes([{ name: 'browser', seconds: 1.24 }, { name: 'unit', seconds: 60 }], null).split('\n')).toEqual([
      'npm test passed: step times',
      '',
      '| step | s |',
      '|---|---:|',
      '| browser | 1.2 |',
      '| unit | 60.0 |',
      '| total | 61.2 |',
    ]);
  });

  it('names the step a failed run stopped at', () => {
    const table = formatStepTimes([{ name: 'browser', seconds: 2 }], 'browser');
    expect(table).toMatch(/^npm test failed at browser: step times/);
    expect(table).toContain('| browser (failed) | 2.0 |');
  });
});
