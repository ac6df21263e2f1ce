import { describe, expect, it } from 'vitest';
import { Translator } from '../../i18n/translator';
import { figureText, latestFiguresText } from './latestFigures';

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

  it('says each figure with its unit', () => {
    const series = [
      { label: 'examples/s', unit: 'examples/s', points: [{ x: 420, y: 1234 }] },
      { label: 'step time (ms)', unit: 'ms', points: [{ x: 420, y: 12.5 }] },
      { label: 'CPU', unit: 'GFLOP/s', points: [{ x: 420, y: 3.25 }] },
    ];
    expect(latestFiguresText(series, 'step')).toBe('Latest at step 420: 1230 examples/s; step time 12.5 ms; CPU 3.25 GFLOP/s.');
    expect(figureText({ label: 'tensors' }, 42)).toBe('tensors 42');
  });

  it('speaks Chinese with the Chinese catalog, units after the figure', () => {
    const zh = new Translator('zh-CN');
    const series = [
      { label: zh.known('train loss'), points: [{ x: 10, y: 0.5 }] },
      { label: zh.known('step time (ms)'), unit: zh.known('ms'), points: [{ x: 10, y: 12.5 }] },
    ];
    expect(latestFiguresText(series, zh.t('chart.x.step'), zh)).toBe('最新（步 10）：训练损失 0.5; 单步耗时 12.5 毫秒。');
    expect(latestFiguresText([], '步', zh)).toBe('还没有数字。');
  });
});
