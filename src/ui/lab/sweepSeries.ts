import type { BackendName } from '../../config/backends';
import type { Translator } from '../../i18n/translator';
import { backendColor } from './labFormat';
import type { SweepSeries } from './SweepChart';

/** One chart line per backend (named in the translator's language), in the order the backends first appear, points sorted by x. */
export function seriesByBackend<P extends { backend: BackendName }>(points: readonly P[], x: (p: P) => number, y: (p: P) => number, t: Translator): SweepSeries[] {
  const backends = [...new Set(points.map((p) => p.backend))];
  return backends.map((backend) => ({
    key: backend,
    label: t.t(`backend.${backend}`),
    color: backendColor(backend),
    points: points
      .filter((p) => p.backend === backend)
      .map((p) => ({ x: x(p), y: y(p) }))
      .sort((a, b) => a.x - b.x),
  }));
}

/** The swept values as table rows, and the backends as columns. */
export function pivotAxes<P extends { backend: BackendName }>(points: readonly P[], value: (p: P) => number): { values: number[]; backends: BackendName[] } {
  return { values: [...new Set(points.map(value))].sort((a, b) => a - b), backends: [...new Set(points.map((p) => p.backend))] };
}
