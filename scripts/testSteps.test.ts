import { describe, expect, it } from 'vitest';
import { formatStepTimes } from './testSteps';

describe('the step times npm test ends with', () => {
  it('lists each step and the wall-clock total', () => {
    const times = [
      { name: 'browser', seconds: 1.24 },
      { name: 'lint', seconds: 20 },
      { name: 'typecheck', seconds: 30 },
    ];
    expect(formatStepTimes(times, [], 31.3).split('\n')).toEqual([
      'npm test passed: step times',
      '',
      '| step | s |',
      '|---|---:|',
      '| browser | 1.2 |',
      '| lint | 20.0 |',
      '| typecheck | 30.0 |',
      '| total (wall clock) | 31.3 |',
    ]);
  });

  it('names the steps a failed run stopped at', () => {
    const table = formatStepTimes([{ name: 'lint', seconds: 2 }, { name: 'deps', seconds: 3 }], ['lint', 'deps'], 3);
    expect(table).toMatch(/^npm test failed at lint, deps: step times/);
    expect(table).toContain('| lint (failed) | 2.0 |');
    expect(table).toContain('| deps (failed) | 3.0 |');
  });
});
