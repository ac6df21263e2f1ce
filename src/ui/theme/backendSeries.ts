/** Each backend's chart colour, the same hue as its colour in the backend table, readable in both schemes. */
import type { BackendName } from '../../config/backends';
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
