/**
 * How a shared result names its curves: `metric (series)`, the series a lane. The names are data a
 * link carries, read by results shared before the app's engine, in which `webgpu` was TensorFlow.js's
 * WebGPU: so that series keeps meaning TensorFlow.js's kernels, and the app's engine's lane gets a
 * series of its own. Pure.
 */
import { laneOf, type LaneId } from '../config/lanes';
import { isBackendName } from '../config/backends';

/** The series of WebGPU on the app's engine (`loss (webgpu app engine)`); never a backend id, so no older curve reads as it. */
export const APP_ENGINE_SERIES = 'webgpu app engine';

/** A lane's series in curve names: its backend id, except the app's engine on WebGPU. */
export function curveSeries(lane: LaneId): string {
  return lane === 'webgpu' ? APP_ENGINE_SERIES : laneOf(lane).backend;
}

/** `metric (series)`, e.g. 'loss (webgl)', 'examples/s (webgpu app engine)'. */
export function curveName(metric: string, lane: LaneId): string {
  return `${metric} (${curveSeries(lane)})`;
}

/** The lane a curve's series names (a backend id: its TensorFlow.js lane), or null for any other series. */
export function laneOfSeries(series: string): LaneId | null {
  if (series === APP_ENGINE_SERIES) return 'webgpu';
  if (!isBackendName(series)) return null;
  return series === 'webgpu' ? 'webgpu-tfjs' : series;
}
