import type { Message } from '../../i18n/message';

/**
 * The device report as plain JSON types: what the worker collects and the pages, links and bench
 * show. Value markers (hidden, not available) are shared by every section.
 */

/** A value the browser deliberately withholds or masks (privacy, user-agent reduction). */
export const HIDDEN = 'hidden by the browser';
export type Hidden = typeof HIDDEN;

/** A value that does not apply here, and why. */
export interface NotAvailable {
  readonly status: 'not available';
  readonly reason: Message;
}

export type Reported<T> = T | Hidden | NotAvailable;

export function notAvailable(reason: Message): NotAvailable {
  return { status: 'not available', reason };
}

export function isNotAvailable(value: unknown): value is NotAvailable {
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'not available';
}

/** An empty or missing string from a browser API means the browser chose not to tell. */
export function stringOrHidden(value: string | null | undefined): Reported<string> {
  return typeof value === 'string' && value.trim() !== '' ? value : HIDDEN;
}

/** What navigator.userAgentData (Chromium only) adds to the user-agent string; every field optional. */
export interface UserAgentHints {
  brands?: BrandVersion[];
  mobile?: boolean;
  platform?: string;
  /** High-entropy values: only present when the browser granted them. */
  platformVersion?: string;
  architecture?: string;
  bitness?: string;
  fullVersionList?: BrandVersion[];
}

export interface BrandVersion {
  brand: string;
  version: string;
}

export interface ParsedUserAgent {
  browser: { name: Reported<string>; majorVersion: Reported<string>; fullVersion: Reported<string> };
  os: { name: Reported<string>; version: Reported<string>; architecture: Reported<string> };
  mobile: boolean;
}

export interface EnvironmentSection {
  userAgent: Reported<string>;
  browser: ParsedUserAgent['browser'];
  os: ParsedUserAgent['os'];
  mobile: Reported<boolean>;
  /** navigator.userAgentData (Chromium only), high-entropy values included when granted. */
  clientHints: UserAgentHints | NotAvailable;
  hardwareConcurrency: Reported<number>;
  /** navigator.deviceMemory: coarsened (rounded to a power of two, capped) by the browser. */
  deviceMemoryGiB: Reported<number>;
  /** Needed for SharedArrayBuffer, hence for the multi-threaded wasm backend. */
  crossOriginIsolated: Reported<boolean>;
}

export type FlagValue = number | boolean | string;

export interface TfjsSection {
  /** Package name → version; tf.version plus the backends it does not list. */
  versions: Record<string, string | NotAvailable>;
  currentBackend: Reported<string>;
  registeredBackends: string[];
  /** Flags evaluated or set so far (tf.env().getFlags()), sorted by name. */
  flags: Record<string, FlagValue>;
  /** Threads of the app's WebAssembly kernel pool (XNNPACK's where TensorFlow.js's kernels run alone); more than one needs a cross-origin isolated page. */
  wasmThreads: Reported<number>;
  /** XNNPACK's own thread pool, as XNNPACK reports it. Absent in reports made before it was read. */
  xnnpackThreads?: Reported<number>;
  /**
   * The app's own WebAssembly kernels run, with relaxed SIMD (fused multiply-add) or plain SIMD128; not
   * available (with the reason) where TensorFlow.js's run alone. Absent in reports made before they existed.
   */
  wasmKernels?: Reported<'relaxed' | 'plain'>;
}

/** Extensions that decide whether tfjs can render float32/float16 textures and time kernels on WebGL. */
export const WEBGL_FLOAT_EXTENSIONS = [
  'EXT_color_buffer_float',
  'EXT_color_buffer_half_float',
  'OES_texture_float_linear',
  'EXT_float_blend',
  'EXT_disjoint_timer_query_webgl2',
] as const;
export type WebGlExtensionName = (typeof WEBGL_FLOAT_EXTENSIONS)[number];

export type WebGlContextKind = 'webgl2' | 'webgl';

export interface WebGlAvailable {
  status: 'available';
  context: WebGlContextKind;
  version: Reported<string>;
  shadingLanguageVersion: Reported<string>;
  unmaskedVendor: Reported<string>;
  unmaskedRenderer: Reported<string>;
  maxTextureSize: Reported<number>;
  extensions: Record<WebGlExtensionName, Reported<boolean>>;
}

export type WebGlSection = WebGlAvailable | NotAvailable;

/** The adapter limits that bound the largest tensor and the matmul tiles the WebGPU backend can use. */
export const WEBGPU_KEY_LIMITS = [
  'maxBufferSize',
  'maxStorageBufferBindingSize',
  'maxComputeWorkgroupSizeX',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupStorageSize',
] as const;
export type WebGpuLimitName = (typeof WEBGPU_KEY_LIMITS)[number];

export interface WebGpuAvailable {
  status: 'available';
  vendor: Reported<string>;
  architecture: Reported<string>;
  device: Reported<string>;
  description: Reported<string>;
  isFallbackAdapter: Reported<boolean>;
  /** Sorted, so two reports compare line by line. */
  features: string[];
  limits: Record<WebGpuLimitName, Reported<number>>;
}

export type WebGpuSection = WebGpuAvailable | NotAvailable;

/** Bumped when a field changes meaning, so saved reports can be told apart. */
export const DEVICE_REPORT_SCHEMA_VERSION = 1;

/** Everything known about the machine a benchmark ran on; plain JSON, safe to postMessage or save. */
export interface DeviceReport {
  schemaVersion: typeof DEVICE_REPORT_SCHEMA_VERSION;
  /** ISO 8601 time of collection. */
  collectedAt: string;
  environment: EnvironmentSection;
  webgpu: WebGpuSection;
  webgl: WebGlSection;
  tfjs: TfjsSection;
}
