import { describe, expect, it } from 'vitest';
import { groupKernels } from './kernelProfile';

const KERNELS = [
  { name: 'Conv2D', kernelTimeMs: 4, bytesAdded: 1000 },
  { name: 'Relu', kernelTimeMs: 1, bytesAdded: 500 },
  { name: 'Conv2D', kernelTimeMs: 6, bytesAdded: 2000 },
  { name: 'Add', kernelTimeMs: { error: 'WebGL query timers are not supported in this environment.' }, bytesAdded: -100 },
];

describe('groupKernels', () => {
  it('groups by name with count, summed time, share and bytes, largest time first', () => {
    const { groups, totalMs } = groupKernels(KERNELS, true);
    expect(totalMs).toBe(11);
    expect(groups).toEqual([
      { name: 'Conv2D', count: 2, totalMs: 10, share: 10 / 11, bytesAdded: 3000 },
      { name: 'Relu', count: 1, totalMs: 1, share: 1 / 11, bytesAdded: 500 },
      { name: 'Add', count: 1, totalMs: 0, share: 0, bytesAdded: -100 },
    ]);
  });

  it('leaves times and shares empty when the timer is unavailable, sorting by count', () => {
    const { groups, totalMs } = groupKernels(KERNELS, false);
    expect(totalMs).toBeNull();
    expect(groups.map((g) => [g.name, g.count, g.totalMs, g.share])).toEqual([
      ['Conv2D', 2, null, null],
      ['Add', 1, null, null],
      ['Relu', 1, null, null],
    ]);
  });
});
