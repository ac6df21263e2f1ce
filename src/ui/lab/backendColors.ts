import type { BackendName } from '../../config/backends';

/** One colour per backend across every lab chart, readable on a projector. */
export const BACKEND_COLORS: Record<BackendName, string> = {
  cpu: '#6b7280',
  wasm: '#ca8a04',
  webgl: '#2563eb',
  webgpu: '#16a34a',
};
