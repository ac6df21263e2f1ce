import { describe, expect, it } from 'vitest';
import { latestFiguresText } from './latestFigures';

describe('a chart’s text alternative', () => {
  it('says each series’ latest value, once for a shared step', () => {
    const series = [
      { label: 'train loss', points: [{ x: 1, y: 2.3 }, { x: 120, y: 0.3141 }] },
      { label: 'accuracy', points: [{ x: 120, y: 0.91 }] },
    ];
    expect(latestFiguresText(series, 'step')).toBe('Latest at step 120: train loss 0.314; accuracy 0.91.');
  });

  it('names each series’ own step when they differ, and says when there is nothing yet', () => {
    const series = [
      { label: 'train loss', points: [{ x: 120, y: 0.3 }] },
      { label: 'test loss', points: [{ x: 100, y: 0.35 }] },
      { label: 'empty', points: [] },
    ];
    expect(latestFiguresText(series, 'step')).toBe('Latest: train loss 0.3 at step 120; test loss 0.35 at step 100.');
    expect(latestFiguresText([{ label: 'a', points: [] }], 'n')).toBe('No figures yet.');
  });
});
