/**
 * The lab's nested device report as the flat key → value record a shared result carries, most
 * telling facts first, within the shared document's limits; library versions go apart.
 */
import { HIDDEN, isNotAvailable, type DeviceReport as LabDeviceReport, type NotAvailable } from '../engine/protocol/deviceReport';
import { MAX_DEVICE_CHARS, MAX_DEVICE_ENTRIES, MAX_DEVICE_LIST_ITEMS, MAX_DEVICE_TEXT_CHARS, MAX_VERSION_CHARS, MAX_VERSION_ENTRIES, type DeviceReport, type DeviceValue } from './resultDoc';
import type { SoftwareMap } from './softwareGpu';
import { version as APP_VERSION } from '../../package.json';
import { Translator } from '../i18n/translator';

const ENGLISH = new Translator('en');

/** Backend flags that change what a step costs, listed before the rest of tf.env(). */
const KEY_FLAGS = [
  'WEBGL_VERSION',
  'WEBGL_CPU_FORWARD',
  'WEBGL_PACK',
  'WEBGL_RENDER_FLOAT32_ENABLED',
  'WEBGL_FORCE_F16_TEXTURES',
  'WEBGL_USE_SHAPES_UNIFORMS',
  'WEBGPU_CPU_FORWARD',
  'WEBGPU_USE_LOW_POWER_GPU',
  'WEBGPU_DEFERRED_SUBMIT_BATCH_SIZE',
  'WASM_HAS_SIMD_SUPPORT',
  'WASM_HAS_MULTITHREAD_SUPPORT',
];
/** Room left under the document's device limit, characters: the validator counts a little differently. */
const DEVICE_CHARS_MARGIN = 200;
const KEY_UNSAFE = /[^A-Za-z0-9_.:\- ]/g;
const KEY_SAFE = /^[A-Za-z0-9_.:\- ]{1,64}$/;
const MAX_KEY_CHARS = 64;

export interface DeviceForShare {
  device: DeviceReport;
  versions: Record<string, string>;
  /** The software GPUs the backends' probes found here, where known; else they are judged from `device`. */
  software?: SoftwareMap;
}

type Reportable = string | number | boolean | string[] | NotAvailable | null | undefined;

function cut(text: string): string {
  return text.length > MAX_DEVICE_TEXT_CHARS ? `${text.slice(0, MAX_DEVICE_TEXT_CHARS - 1)}…` : text;
}

function valueOf(value: Reportable): DeviceValue | null {
  if (value === null || value === undefined) return null;
  // Recorded data: a shared result keeps the reason in English, whoever reads it later.
  if (isNotAvailable(value)) return cut(`not available (${ENGLISH.say(value.reason)})`);
  if (Array.isArray(value)) return value.slice(0, MAX_DEVICE_LIST_ITEMS).map(cut);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  return typeof value === 'string' ? cut(value) : value;
}

function textSize(value: DeviceValue): number {
  if (typeof value === 'string') return value.length;
  return Array.isArray(value) ? value.reduce((sum, v) => sum + v.length, 0) : 0;
}

/** Adds entries in order until the document's entry or character limit would be passed. */
class DeviceRecord {
  readonly out: DeviceReport = {};
  private count = 0;
  private chars = 0;

  add(key: string, raw: Reportable): void {
    const value = valueOf(raw);
    const safeKey = key.replace(KEY_UNSAFE, '_').slice(0, MAX_KEY_CHARS);
    if (value === null || safeKey === '' || Object.hasOwn(this.out, safeKey)) return;
    const size = safeKey.length + textSize(value);
    if (this.count + 1 > MAX_DEVICE_ENTRIES || this.chars + size > MAX_DEVICE_CHARS - DEVICE_CHARS_MARGIN) return;
    this.out[safeKey] = value;
    this.count += 1;
    this.chars += size;
  }
}

function joinReported(...parts: Reportable[]): string {
  const known = parts.filter((p) => p !== HIDDEN && !isNotAvailable(p) && p !== null && p !== undefined);
  return known.map((p) => (Array.isArray(p) ? p.join(',') : String(p))).join(' ');
}

function addEnvironment(record: DeviceRecord, report: LabDeviceReport): void {
  const env = report.environment;
  record.add('browser', joinReported(env.browser.name, env.browser.fullVersion) || env.browser.name);
  record.add('os', joinReported(env.os.name, env.os.version) || env.os.name);
  record.add('os.architecture', env.os.architecture);
  record.add('mobile', env.mobile);
  record.add('cpu.cores', env.hardwareConcurrency);
  record.add('memory.GiB', env.deviceMemoryGiB);
  record.add('crossOriginIsolated', env.crossOriginIsolated);
}

function addWebGpu(record: DeviceRecord, report: LabDeviceReport): void {
  const gpu = report.webgpu;
  if (gpu.status === 'not available') return record.add('webgpu', gpu);
  record.add('webgpu.vendor', gpu.vendor);
  record.add('webgpu.architecture', gpu.architecture);
  record.add('webgpu.device', gpu.device);
  record.add('webgpu.description', gpu.description);
  record.add('webgpu.fallbackAdapter', gpu.isFallbackAdapter);
  for (const [name, value] of Object.entries(gpu.limits)) record.add(`webgpu.${name}`, value);
  record.add('webgpu.features', gpu.features);
}

function addWebGl(record: DeviceRecord, report: LabDeviceReport): void {
  const gl = report.webgl;
  if (gl.status === 'not available') return record.add('webgl', gl);
  record.add('webgl.context', gl.context);
  record.add('webgl.version', gl.version);
  record.add('webgl.renderer', gl.unmaskedRenderer);
  record.add('webgl.vendor', gl.unmaskedVendor);
  record.add('webgl.maxTextureSize', gl.maxTextureSize);
  record.add('webgl.shadingLanguage', gl.shadingLanguageVersion);
  for (const [name, present] of Object.entries(gl.extensions)) record.add(`webgl.ext.${name}`, present);
}

function addTfjs(record: DeviceRecord, report: LabDeviceReport): void {
  const { tfjs } = report;
  record.add('tfjs.backend', tfjs.currentBackend);
  record.add('tfjs.backends', tfjs.registeredBackends);
  record.add('wasm.threads', tfjs.wasmThreads);
  if (tfjs.xnnpackThreads !== undefined) record.add('wasm.xnnpackThreads', tfjs.xnnpackThreads);
  if (tfjs.wasmKernels !== undefined) record.add('wasm.kernels', tfjs.wasmKernels);
  const names = Object.keys(tfjs.flags);
  const ordered = [...KEY_FLAGS.filter((n) => names.includes(n)), ...names.filter((n) => !KEY_FLAGS.includes(n))];
  for (const name of ordered) record.add(`flag.${name}`, tfjs.flags[name]);
}

function versionsOf(report: LabDeviceReport): Record<string, string> {
  const versions: Record<string, string> = { app: APP_VERSION };
  for (const [name, value] of Object.entries(report.tfjs.versions)) {
    if (Object.keys(versions).length >= MAX_VERSION_ENTRIES) break;
    if (typeof value === 'string' && KEY_SAFE.test(name)) versions[name] = value.slice(0, MAX_VERSION_CHARS);
  }
  return versions;
}

export function flattenDeviceReport(report: LabDeviceReport): DeviceForShare {
  const record = new DeviceRecord();
  addEnvironment(record, report);
  addWebGpu(record, report);
  addWebGl(record, report);
  // The user agent is long and mostly repeats the browser and OS above, so it comes late.
  record.add('userAgent', report.environment.userAgent);
  addTfjs(record, report);
  record.add('collectedAt', report.collectedAt);
  return { device: record.out, versions: versionsOf(report) };
}

/** What the page itself can tell when the lab's full report cannot be had (its worker busy or failing). */
export function minimalDevice(nav: { userAgent?: string; hardwareConcurrency?: number } | undefined, why: string): DeviceForShare {
  const record = new DeviceRecord();
  record.add('userAgent', nav?.userAgent || 'hidden by the browser');
  record.add('cpu.cores', typeof nav?.hardwareConcurrency === 'number' ? nav.hardwareConcurrency : null);
  record.add('report', `partial: ${why}`);
  return { device: record.out, versions: { app: APP_VERSION } };
}
