/**
 * The page's list of own data sets kept in this browser (what the Data set setting offers beside
 * MNIST and Fashion-MNIST, and where class names come from), filled by the own-data session once the
 * data set worker has read IndexedDB. `loaded` stays false until then, so nothing is called missing early.
 */
import type { OwnDatasetSummary } from '../../config/datasets';

export interface OwnDataListSnapshot {
  readonly loaded: boolean;
  readonly datasets: readonly OwnDatasetSummary[];
}

let snapshot: OwnDataListSnapshot = { loaded: false, datasets: [] };
const listeners = new Set<() => void>();

export const ownDataList = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): OwnDataListSnapshot => snapshot,
  set(datasets: readonly OwnDatasetSummary[]): void {
    snapshot = { loaded: true, datasets };
    listeners.forEach((l) => l());
  },
  byId: (id: string): OwnDatasetSummary | undefined => snapshot.datasets.find((d) => d.id === id),
};
