import type { BackendName } from '../../config/backends';
import { laneIdMessage, laneIdOf } from '../../config/lanes';
import type { GpuEngine } from '../../config/gpuEngines';
import type { Translator } from '../../i18n/translator';
import { backendColor, laneColor } from './labFormat';
import type { SweepSeries } from './SweepChart';

/** One chart line per key (named in the translator's language), in the order the keys first appear, points sorted by x. */
function seriesBy<P, K extends string>(points: readonly P[], keyOf: (p: P) => K, look: (key: K) => { label: string; color: string }, x: (p: P) => number, y: (p: P) => number): SweepSeries[] {
  const keys = [...new Set(points.map(keyOf))];
  return keys.map((key) => ({
    key,
    ...look(key),
    points: points
      .filter((p) => keyOf(p) === key)
      .map((p) => ({ x: x(p), y: y(p) }))
      .sort((a, b) => a.x - b.x),
  }));
}

/** One chart line per backend (the size sweep: no engine choice on a matrix product). */
export function seriesByBackend<P extends { backend: BackendName }>(points: readonly P[], x: (p: P) => number, y: (p: P) => number, t: Translator): SweepSeries[] {
  return seriesBy(points, (p) => p.backend, (b) => ({ label: t.t(`backend.${b}`), color: backendColor(b) }), x, y);
}

/** One chart line per lane: WebGPU named by the engine that trained on it (the batch sweep). */
export function seriesByLane<P extends { backend: BackendName; engine?: GpuEngine }>(points: readonly P[], x: (p: P) => number, y: (p: P) => number, t: Translator): SweepSeries[] {
  return seriesBy(points, laneIdOf, (lane) => ({ label: t.say(laneIdMessage(lane)), color: laneColor(lane) }), x, y);
}

/** The swept values as table rows, and the keys (backends, or lanes) as columns, in the order they first appear. */
export function pivotAxes<P, K extends string>(points: readonly P[], value: (p: P) => number, keyOf: (p: P) => K): { values: number[]; columns: K[] } {
  return { values: [...new Set(points.map(value))].sort((a, b) => a - b), columns: [...new Set(points.map(keyOf))] };
}
