/** The backends the app knows about, in the order the UI lists them. */
export const BACKEND_NAMES = ['cpu', 'wasm', 'webgl', 'webgpu'] as const;
export type BackendName = (typeof BACKEND_NAMES)[number];

export const BACKEND_LABELS: Record<BackendName, string> = {
  cpu: 'CPU (plain JS)',
  wasm: 'WebAssembly SIMD',
  webgl: 'WebGL',
  webgpu: 'WebGPU',
};

export interface BackendAvailability {
  name: BackendName;
  available: boolean;
  /** Plain-words reason when unavailable, or a note (e.g. adapter) when available. */
  reason: string;
}

export function isBackendName(value: string): value is BackendName {
  return (BACKEND_NAMES as readonly string[]).includes(value);
}
