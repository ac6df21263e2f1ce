/** Each backend's chart colour, the same hue as its colour in the backend table, readable in both schemes; each lane's. */
import type { BackendName } from '../../config/backends';
import type { LaneId } from '../../config/lanes';
import { tokenRef } from './colorRef';
import type { SeriesColor } from './tokens';

const BACKEND_SERIES: Record<BackendName, SeriesColor> = {
  cpu: 'seriesGray',
  wasm: 'seriesYellow',
  webgl: 'seriesBlue',
  webgpu: 'seriesGreen',
};

/** `var(--series-…)`: an inline style follows the scheme; a chart resolves it (`resolveColor`). */
export function backendSeriesColor(backend: BackendName): string {
  return tokenRef(BACKEND_SERIES[backend]);
}

/** WebGPU on TensorFlow.js's kernels beside the app's engine's green: a hue of its own, so two WebGPU lanes never look alike. */
const LANE_SERIES: Record<LaneId, SeriesColor> = { ...BACKEND_SERIES, 'webgpu-tfjs': 'seriesTeal' };

/** A lane's chart colour (src/config/lanes.ts): its backend's, and teal for WebGPU on TensorFlow.js's kernels. */
export function laneSeriesColor(lane: LaneId): string {
  return tokenRef(LANE_SERIES[lane]);
}
