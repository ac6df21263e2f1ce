import { msg, type Message } from '../i18n/message';
import type { SoftwareGpu } from './softwareGpu';

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
  /** Set when this GPU backend runs on a software renderer, i.e. on the CPU (config/softwareGpu.ts); absent for a hardware GPU and the CPU backends. */
  softwareGpu?: SoftwareGpu;
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

/** The software GPU this backend runs on here, or null (a hardware GPU, a CPU backend, or not detected yet). */
export function softwareGpuHere(name: BackendName, backends: readonly BackendAvailability[] | null): SoftwareGpu | null {
  return backends?.find((b) => b.name === name)?.softwareGpu ?? null;
}

/** `order` as it applies here: a software GPU is the CPU, so it moves behind WebAssembly, never ahead of it. */
export function orderHere(order: readonly BackendName[], backends: readonly BackendAvailability[] | null): BackendName[] {
  const software = order.filter((name) => softwareGpuHere(name, backends) !== null);
  if (software.length === 0) return [...order];
  const rest = order.filter((name) => !software.includes(name));
  const at = rest.indexOf(FAST_CPU);
  return at < 0 ? [...rest, ...software] : [...rest.slice(0, at + 1), ...software, ...rest.slice(at + 1)];
}

/** The first of `order` that is available here (a software GPU only after WebAssembly), or null. */
export function firstAvailable(order: readonly BackendName[], backends: readonly BackendAvailability[] | null): BackendName | null {
  return orderHere(order, backends).find((name) => backends?.some((b) => b.name === name && b.available)) ?? null;
}

/**
 * The backend a backend setting should hold here: its own when it runs here, unless it is a software
 * GPU that nobody chose (the default, not a click or a link); else the first of `order` here. A
 * software GPU is never the default nor a stand-in ahead of WebAssembly.
 */
export function backendToUse(
  chosen: BackendName,
  chosenExplicitly: boolean,
  backends: readonly BackendAvailability[] | null,
  order: readonly BackendName[] = STAND_IN_ORDER,
): BackendName {
  if (!backends?.some((b) => b.available)) return chosen;
  const here = backends.some((b) => b.name === chosen && b.available);
  if (here && (chosenExplicitly || softwareGpuHere(chosen, backends) === null)) return chosen;
  return firstAvailable(order, backends) ?? chosen;
}

/** The names of the backends available here. */
export function availableNames(backends: readonly BackendAvailability[] | null): BackendName[] {
  return (backends ?? []).filter((b) => b.available).map((b) => b.name);
}
