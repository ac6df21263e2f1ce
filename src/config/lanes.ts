/**
 * Lanes: what a race, a parity check, a sweep, a result row or the class board compares. A lane is a
 * backend, and on WebGPU also the engine that trained on it (src/config/gpuEngines.ts), so WebGPU is
 * two lanes: `webgpu` (the app's engine) and `webgpu-tfjs` (TensorFlow.js's kernels). Every other
 * backend runs TensorFlow.js and is one lane, named by its backend id.
 */
import { BACKEND_NAMES, BACKENDS, backendMessage, type BackendName } from './backends';
import { laneId, type GpuEngine, type Lane } from './gpuEngines';
import { msg, type Message } from '../i18n/message';

/** The lane id of WebGPU on TensorFlow.js's kernels (laneId's name for it). */
export const WEBGPU_TFJS = 'webgpu-tfjs';

export type LaneId = BackendName | typeof WEBGPU_TFJS;

/** Every lane, in the backend table's order: WebGPU on the app's engine, then on TensorFlow.js's. */
export const LANE_IDS: readonly LaneId[] = BACKEND_NAMES.flatMap((b): LaneId[] => (b === 'webgpu' ? ['webgpu', WEBGPU_TFJS] : [b]));

export function isLaneId(value: unknown): value is LaneId {
  return typeof value === 'string' && (LANE_IDS as readonly string[]).includes(value);
}

/** The backend and engine a lane id names. */
export function laneOf(id: LaneId): Lane {
  return id === WEBGPU_TFJS ? { backend: 'webgpu', engine: 'tfjs' } : { backend: id, engine: id === 'webgpu' ? 'app' : 'tfjs' };
}

/**
 * The lane of something measured (a race row, a stop, a parity curve, a shared row): its engine where it
 * says one; none said is TensorFlow.js's, which is what every row made before the app's engine means.
 */
export function laneIdOf(measured: { backend: BackendName; engine?: GpuEngine }): LaneId {
  return laneId({ backend: measured.backend, engine: measured.engine ?? 'tfjs' }) as LaneId;
}

/**
 * The lane a race row or parity curve was asked to run: a row that asked for the app's engine and ran
 * on TensorFlow.js's kernels says why (`engineNote`), and still stands in the app's engine's lane.
 */
export function askedLaneIdOf(measured: { backend: BackendName; engine?: GpuEngine; engineNote?: Message }): LaneId {
  return measured.engineNote ? laneIdOf({ backend: measured.backend, engine: 'app' }) : laneIdOf(measured);
}

export function isGpuLane(id: LaneId): boolean {
  return BACKENDS[laneOf(id).backend].device === 'gpu';
}

export const GPU_LANES: readonly LaneId[] = LANE_IDS.filter(isGpuLane);

/**
 * A lane's name as a message: the backend's label, and on WebGPU its engine ("WebGPU · the app's
 * engine", "WebGPU · TensorFlow.js"); only WebGPU has a choice, so other backends need no engine words.
 */
export function laneMessage(lane: { backend: BackendName; engine?: GpuEngine }): Message {
  const backend = backendMessage(lane.backend);
  if (lane.backend !== 'webgpu') return backend;
  return msg(lane.engine === 'app' ? 'lane.app' : 'lane.tfjs', { backend });
}

/** laneMessage of a lane id. */
export function laneIdMessage(id: LaneId): Message {
  return laneMessage(laneOf(id));
}
