/** A lane's name in one language, as tables, bars, legends and exports show it (src/config/lanes.ts). */
import type { BackendName } from '../config/backends';
import type { GpuEngine } from '../config/gpuEngines';
import { laneMessage } from '../config/lanes';
import type { Translator } from '../i18n/translator';

type LaneLike = { backend: BackendName; engine?: GpuEngine };

/** "WebGL", "WebGPU · the app's engine", "WebGPU · TensorFlow.js" (no engine said: TensorFlow.js's). */
export function laneName(lane: LaneLike, t: Translator): string {
  return t.say(laneMessage(lane));
}

/** A lane's name, marked when it ran on a software GPU: "WebGPU · TensorFlow.js (software, on the CPU)". */
export function markedLane(lane: LaneLike, software: boolean, t: Translator): string {
  const name = laneName(lane, t);
  return software ? t.t('softwareGpu.named', { backend: name }) : name;
}
