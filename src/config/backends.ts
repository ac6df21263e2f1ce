import { msg, type Message } from '../i18n/message';

/**
 * The backends the app knows, in one table: everything the pages, links, races and reports need to
 * know about a backend without loading it. How a backend is loaded, probed and given its kernels
 * lives beside it in src/engine/backends (one file per backend), keyed by the same ids.
 */

export interface BackendFacts {
  /** What the pages call it. */
  label: string;
  /** A CPU backend is a speed-up baseline; a GPU backend is measured against it. */
  device: 'cpu' | 'gpu';
  /** Ticked in the race and the sweeps unless the user (or a link) says otherwise. */
  raceByDefault: boolean;
  /** Stand-in order when a wanted backend is missing here: lower first (fastest first). */
  standInRank: number;
  /** Order for single-backend lab jobs (anatomy, profile): lower first, the GPU first. */
  singleJobRank: number;
  /** Colour of its series in every chart, readable on a projector. */
  color: string;
  /** tf.env() flags recorded next to every measurement on it. */
  reportedFlags: readonly string[];
  /** Whether TensorFlow.js 4.22 can train in 16-bit floats here, and how (or why not), in plain words. */
  float16: { supported: boolean; note: string };
  /** What losing its device means, for the message a lost run shows; null where there is no device to lose. */
  deviceName: string | null;
}

export const BACKENDS = {
  cpu: {
    label: 'CPU (plain JS)',
    device: 'cpu',
    raceByDefault: true,
    standInRank: 3,
    singleJobRank: 3,
    color: '#6b7280',
    reportedFlags: ['IS_BROWSER', 'PROD'],
    float16: { supported: false, note: "TensorFlow.js's plain-JS kernels store and compute float32 only." },
    deviceName: null,
  },
  wasm: {
    label: 'WebAssembly SIMD',
    device: 'cpu',
    raceByDefault: true,
    standInRank: 2,
    singleJobRank: 2,
    color: '#a16207',
    reportedFlags: ['WASM_HAS_SIMD_SUPPORT', 'WASM_HAS_MULTITHREAD_SUPPORT'],
    float16: { supported: false, note: "TensorFlow.js's WebAssembly kernels (XNNPACK) run in float32 only." },
    deviceName: null,
  },
  webgl: {
    label: 'WebGL',
    device: 'gpu',
    raceByDefault: true,
    standInRank: 0,
    singleJobRank: 1,
    color: '#2563eb',
    reportedFlags: [
      'WEBGL_VERSION',
      'WEBGL_CPU_FORWARD',
      'WEBGL_PACK',
      'WEBGL_RENDER_FLOAT32_ENABLED',
      'WEBGL_FORCE_F16_TEXTURES',
      'WEBGL_SIZE_UPLOAD_UNIFORM',
      'WEBGL_USE_SHAPES_UNIFORMS',
    ],
    float16: {
      supported: true,
      note: 'Every tensor a kernel writes is stored in a 16-bit float texture (WEBGL_FORCE_F16_TEXTURES on, WEBGL_RENDER_FLOAT32_ENABLED off); the shaders still compute in 32 bits, and uploads stay 32-bit until first rewritten.',
    },
    deviceName: 'WebGL context',
  },
  webgpu: {
    label: 'WebGPU',
    device: 'gpu',
    raceByDefault: true,
    standInRank: 1,
    singleJobRank: 0,
    color: '#16a34a',
    reportedFlags: ['WEBGPU_CPU_FORWARD', 'WEBGPU_USE_LOW_POWER_GPU', 'WEBGPU_DEFERRED_SUBMIT_BATCH_SIZE'],
    float16: {
      supported: false,
      note: "TensorFlow.js 4.22's WebGPU backend never asks for the 'shader-f16' feature and writes every kernel for f32 storage, so it cannot train in 16 bits.",
    },
    deviceName: 'WebGPU device',
  },
} as const satisfies Record<string, BackendFacts>;

export type BackendName = keyof typeof BACKENDS;

/** Every backend id, in the order the pages list them. */
export const BACKEND_NAMES = Object.keys(BACKENDS) as BackendName[];

export const BACKEND_LABELS: Record<BackendName, string> = Object.fromEntries(BACKEND_NAMES.map((id) => [id, BACKENDS[id].label])) as Record<BackendName, string>;

/** The plain-JS CPU: the slowest baseline, and the one every older result measured against. */
export const PLAIN_CPU: BackendName = 'cpu';
/** The fast CPU baseline (WebAssembly SIMD, threads where the page is cross-origin isolated). */
export const FAST_CPU: BackendName = 'wasm';

export interface BackendAvailability {
  name: BackendName;
  available: boolean;
  /** Why it is unavailable, or a note (e.g. adapter) when available. */
  reason: Message;
}

/** A backend's label as a message value (its generated id), said in the reader's language. */
export function backendMessage(name: BackendName): Message {
  return msg(`backend.${name}`);
}

export function isBackendName(value: unknown): value is BackendName {
  return typeof value === 'string' && Object.hasOwn(BACKENDS, value);
}

function byRank(rank: (id: BackendName) => number): BackendName[] {
  return [...BACKEND_NAMES].sort((a, b) => rank(a) - rank(b));
}

/** Stand-ins for a missing backend, fastest first. */
export const STAND_IN_ORDER: readonly BackendName[] = byRank((id) => BACKENDS[id].standInRank);
/** Single-backend lab jobs prefer the GPU. */
export const SINGLE_JOB_ORDER: readonly BackendName[] = byRank((id) => BACKENDS[id].singleJobRank);
export const GPU_BACKENDS: readonly BackendName[] = BACKEND_NAMES.filter((id) => BACKENDS[id].device === 'gpu');
export const CPU_BACKENDS: readonly BackendName[] = BACKEND_NAMES.filter((id) => BACKENDS[id].device === 'cpu');
export const RACE_DEFAULT_BACKENDS: readonly BackendName[] = BACKEND_NAMES.filter((id) => BACKENDS[id].raceByDefault);

/** The first of `order` that is available here, or null. */
export function firstAvailable(order: readonly BackendName[], backends: readonly BackendAvailability[] | null): BackendName | null {
  return order.find((name) => backends?.some((b) => b.name === name && b.available)) ?? null;
}

/** The names of the backends available here. */
export function availableNames(backends: readonly BackendAvailability[] | null): BackendName[] {
  return (backends ?? []).filter((b) => b.available).map((b) => b.name);
}
