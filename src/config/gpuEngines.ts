import type { BackendName } from './backends';

/**
 * Which engine trains on WebGPU: the app's own (src/engine/gpu: a model compiled once into a few fused
 * kernels, one command buffer and one submit a step) or TensorFlow.js's WebGPU backend (a kernel, a bind
 * group and a uniform buffer per operation). Every other backend runs TensorFlow.js.
 */
export const GPU_ENGINES = ['app', 'tfjs'] as const;
export type GpuEngine = (typeof GPU_ENGINES)[number];

export const GPU_ENGINE_LABELS: Record<GpuEngine, string> = {
  app: "The app's engine",
  tfjs: 'TensorFlow.js',
};

/** The race's choice: one WebGPU row per engine asked for. */
export const RACE_GPU_ENGINE_OPTIONS = ['both', 'app', 'tfjs'] as const;
export type RaceGpuEngines = (typeof RACE_GPU_ENGINE_OPTIONS)[number];

export function raceEngines(choice: RaceGpuEngines): readonly GpuEngine[] {
  return choice === 'both' ? GPU_ENGINES : [choice];
}

/** One row of a race or parity check: a backend, and on WebGPU which engine trains on it. */
export interface Lane {
  backend: BackendName;
  engine: GpuEngine;
}

/** The lanes of a race over `backends`: one per backend, WebGPU once per engine asked for (the app's first). */
export function raceLanes(backends: readonly Lane['backend'][], choice: RaceGpuEngines): Lane[] {
  return backends.flatMap((backend): Lane[] => (backend === 'webgpu' ? raceEngines(choice).map((engine) => ({ backend, engine })) : [{ backend, engine: 'tfjs' }]));
}

/** A lane's id in the page (test ids, keys): the backend's, and `webgpu-tfjs` for WebGPU on TensorFlow.js's kernels. */
export function laneId(lane: { backend: string; engine?: GpuEngine }): string {
  return lane.backend === 'webgpu' && lane.engine === 'tfjs' ? 'webgpu-tfjs' : lane.backend;
}
