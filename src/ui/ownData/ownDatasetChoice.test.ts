import { describe, expect, it } from 'vitest';
import type { OwnDatasetSummary } from '../../config/datasets';
import { ownDatasetChoice } from './useOwnDatasets';

const SHAPES: OwnDatasetSummary = {
  id: 'own:0123456789abcdef',
  hash: '0123456789abcdef'.repeat(4),
  name: 'Shapes',
  classNames: ['cross', 'ring', 'square'],
  format: { size: 28, channels: 1 },
  trainCount: 96,
  testCount: 24,
  createdAt: '2026-01-01T00:00:00.000Z',
  fileBytes: 95_000,
};
const label = (id: string) => `${id} (not in this browser)`;

describe('the Data set setting’s own options', () => {
  it('lists the kept sets by name and picks the chosen one', () => {
    const choice = ownDatasetChoice(SHAPES.id, { loaded: true, datasets: [SHAPES] }, label);
    expect(choice).toEqual({ options: [{ value: SHAPES.id, label: 'Shapes' }], chosen: SHAPES, missing: null });
  });

  it('calls a link’s own set missing only once the list is read, and shows it as an option that cannot be picked', () => {
    const id = 'own:00000000000000aa';
    expect(ownDatasetChoice(id, { loaded: false, datasets: [] }, label).missing).toBeNull();
    const choice = ownDatasetChoice(id, { loaded: true, datasets: [SHAPES] }, label);
    expect(choice.missing).toBe(id);
    expect(choice.options).toEqual([
      { value: SHAPES.id, label: 'Shapes' },
      { value: id, label: 'own:00000000000000aa (not in this browser)', disabled: true },
    ]);
  });

  it('leaves MNIST and Fashion-MNIST alone', () => {
    expect(ownDatasetChoice('mnist', { loaded: true, datasets: [SHAPES] }, label)).toMatchObject({ chosen: null, missing: null });
  });
});
