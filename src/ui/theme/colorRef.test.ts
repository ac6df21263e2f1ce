import { describe, expect, it } from 'vitest';
import { resolveColor, tokenRef } from './colorRef';
import { backendSeriesColor } from './backendSeries';

describe('colour references', () => {
  it('name a token as a CSS variable and resolve it per scheme', () => {
    expect(tokenRef('seriesBlue')).toBe('var(--series-blue)');
    expect(resolveColor('var(--series-blue)', 'light')).toBe('#2563eb');
    expect(resolveColor('var(--series-blue)', 'dark')).toBe('#60a5fa');
    expect(resolveColor('var(--text-muted)', 'dark')).toBe('#cbd5e1');
  });

  it('leave other colours and unknown variables as they are', () => {
    expect(resolveColor('#123456', 'dark')).toBe('#123456');
    expect(resolveColor('var(--nope)', 'light')).toBe('var(--nope)');
  });

  it('give every backend a series colour', () => {
    expect(resolveColor(backendSeriesColor('webgl'), 'light')).toBe('#2563eb');
    expect(new Set((['cpu', 'wasm', 'webgl', 'webgpu'] as const).map(backendSeriesColor)).size).toBe(4);
  });
});
