import { describe, expect, it } from 'vitest';
import { barTable, columnHeading, seriesTable } from './chartTable';

describe('a chart as a table', () => {
  it('has a row per x value, a column per series, a dash where a series has no point', () => {
    const table = seriesTable(
      'Loss',
      [
        { label: 'train loss', points: [{ x: 2, y: 0.5 }, { x: 1, y: 2.3 }] },
        { label: 'test loss', points: [{ x: 2, y: 0.61 }] },
      ],
      'step',
    );
    expect(table.caption).toBe('Loss, by step');
    expect(table.headings).toEqual(['step', 'train loss', 'test loss']);
    expect(table.rows).toEqual([
      { key: '1', heading: '1', cells: ['2.3', '–'] },
      { key: '2', heading: '2', cells: ['0.5', '0.61'] },
    ]);
  });

  it('keeps the latest rows of a long run and says how many there were', () => {
    const points = Array.from({ length: 120 }, (_, i) => ({ x: i + 1, y: i }));
    const table = seriesTable('Step time', [{ label: 'step time (ms)', unit: 'ms', points }], 'step', 50);
    expect(table.rows).toHaveLength(50);
    expect(table.rows[0].heading).toBe('71');
    expect(table.caption).toBe('Step time: the latest 50 of 120 rows, by step');
  });

  it('puts the unit in a heading that does not say it yet', () => {
    expect(columnHeading({ label: 'CPU', unit: 'GFLOP/s' })).toBe('CPU (GFLOP/s)');
    expect(columnHeading({ label: 'step time (ms)', unit: 'ms' })).toBe('step time (ms)');
    expect(columnHeading({ label: 'examples/s', unit: 'examples/s' })).toBe('examples/s');
    expect(columnHeading({ label: 'tensors' })).toBe('tensors');
  });

  it('turns bars into rows, with a note column only when a bar has a note', () => {
    expect(barTable('Race', [{ label: 'CPU', value: 120 }], 'examples/s')).toEqual({
      caption: 'Race',
      headings: ['backend', 'examples/s'],
      rows: [{ key: 'CPU', heading: 'CPU', cells: ['120'] }],
    });
    expect(barTable('Race', [{ label: 'WebGL', value: 1500, note: '12.5× CPU' }, { label: 'CPU', value: 120 }], 'examples/s').rows[1].cells).toEqual(['120', '']);
  });
});

describe('a heading that names its unit with a source', () => {
  it('is left as it is', () => {
    expect(columnHeading({ label: 'step peak (MB, tf.profile)', unit: 'MB' })).toBe('step peak (MB, tf.profile)');
  });
});
