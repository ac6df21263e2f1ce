import { HIDDEN, isNotAvailable, type DeviceReport, type NotAvailable, type Reported, type WebGpuLimitName } from '../engine/protocol/deviceReport';
import { msg } from '../i18n/message';
import type { MessageId, Translator } from '../i18n/translator';

const INDENT = '  ';
const BYTES_PER_KIB = 1024;
/** Limits measured in bytes, shown with a readable size as well. */
const BYTE_LIMITS: ReadonlySet<WebGpuLimitName> = new Set(['maxBufferSize', 'maxStorageBufferBindingSize', 'maxComputeWorkgroupStorageSize']);

type Scalar = string | number | boolean;

/**
 * Plain text for "copy as text": one "label: value" per line, sections separated by a blank line;
 * labels, words and reasons in the translator's language, names the browser or the library reports
 * (adapter, limits, extensions, flags) as they came.
 */
export function formatDeviceReport(report: DeviceReport, t: Translator): string {
  const w = new Writer(t);
  const sections = [
    [t.t('lab.report.heading', { collectedAt: report.collectedAt, schema: String(report.schemaVersion) })],
    environmentLines(report, w),
    webGpuLines(report, w),
    webGlLines(report, w),
    tfjsLines(report, w),
  ];
  return sections.map((lines) => lines.join('\n')).join('\n\n') + '\n';
}

/** Writes "label: value" lines in one language. */
class Writer {
  constructor(readonly t: Translator) {}

  /** A line labelled by a message id. */
  line(label: MessageId, value: Scalar | NotAvailable, depth = 1): string {
    return this.named(this.t.t(label), value, depth);
  }

  /** A line labelled by a name the report holds (a limit, an extension, a flag, a package). */
  named(name: string, value: Scalar | NotAvailable, depth = 1): string {
    return `${INDENT.repeat(depth)}${name}: ${this.value(value)}`;
  }

  heading(label: MessageId): string {
    return `${INDENT}${this.t.t(label)}`;
  }

  none(): string {
    return this.t.t('lab.value.none');
  }

  private value(value: Scalar | NotAvailable): string {
    if (isNotAvailable(value)) return this.t.say(msg('lab.value.notAvailable', { reason: value.reason }));
    if (typeof value === 'boolean') return this.t.t(value ? 'lab.value.yes' : 'lab.value.no');
    if (value === '') return this.t.t('lab.value.empty');
    if (value === HIDDEN) return this.t.t('lab.value.hidden');
    return String(value);
  }

  withSize(bytes: number): string {
    const units = ['KiB', 'MiB', 'GiB', 'TiB'];
    let size = bytes / BYTES_PER_KIB;
    let unit = 0;
    while (size >= BYTES_PER_KIB && unit < units.length - 1) {
      size /= BYTES_PER_KIB;
      unit++;
    }
    return bytes < BYTES_PER_KIB
      ? this.t.t('lab.report.bytes', { bytes: String(bytes) })
      : this.t.t('lab.report.bytesWithSize', { bytes: String(bytes), size: String(Number(size.toFixed(1))), unit: units[unit] });
  }
}

function environmentLines({ environment: env }: DeviceReport, w: Writer): string[] {
  const hints = env.clientHints;
  return [
    w.t.t('lab.report.system'),
    w.line('lab.report.userAgent', env.userAgent),
    w.line('lab.report.browser', env.browser.name),
    w.line('lab.report.browserVersion', env.browser.majorVersion),
    w.line('lab.report.browserFullVersion', env.browser.fullVersion),
    w.line('lab.report.os', env.os.name),
    w.line('lab.report.osVersion', env.os.version),
    w.line('lab.report.cpuArchitecture', env.os.architecture),
    w.line('lab.report.mobile', env.mobile),
    isNotAvailable(hints)
      ? w.line('lab.report.clientHints', hints)
      : w.line('lab.report.clientHintsBrands', (hints.brands ?? []).map((b) => `${b.brand} ${b.version}`).join(', ') || w.none()),
    w.line('lab.report.cores', env.hardwareConcurrency),
    w.line('lab.report.deviceMemory', env.deviceMemoryGiB),
    w.line('lab.report.isolated', env.crossOriginIsolated),
  ];
}

function webGpuLines({ webgpu }: DeviceReport, w: Writer): string[] {
  if (webgpu.status === 'not available') return [w.t.t('lab.report.webgpu'), w.line('lab.report.status', webgpu)];
  const limits = Object.entries(webgpu.limits) as [WebGpuLimitName, Reported<number>][];
  return [
    w.t.t('lab.report.webgpu'),
    w.line('lab.report.status', w.t.t('lab.report.available')),
    w.line('lab.report.adapterVendor', webgpu.vendor),
    w.line('lab.report.adapterArchitecture', webgpu.architecture),
    w.line('lab.report.adapterDevice', webgpu.device),
    w.line('lab.report.adapterDescription', webgpu.description),
    w.line('lab.report.fallbackAdapter', webgpu.isFallbackAdapter),
    w.named(w.t.t('lab.report.features', { count: webgpu.features.length }), webgpu.features.join(', ') || w.none()),
    w.heading('lab.report.limits'),
    ...limits.map(([name, value]) => w.named(name, BYTE_LIMITS.has(name) && typeof value === 'number' ? w.withSize(value) : value, 2)),
  ];
}

function webGlLines({ webgl }: DeviceReport, w: Writer): string[] {
  if (webgl.status === 'not available') return [w.t.t('lab.report.webgl'), w.line('lab.report.status', webgl)];
  return [
    w.t.t('lab.report.webgl'),
    w.line('lab.report.status', w.t.t(webgl.context === 'webgl2' ? 'lab.report.webglAvailable2' : 'lab.report.webglAvailable1')),
    w.line('lab.report.version', webgl.version),
    w.line('lab.report.shadingLanguage', webgl.shadingLanguageVersion),
    w.line('lab.report.unmaskedVendor', webgl.unmaskedVendor),
    w.line('lab.report.unmaskedRenderer', webgl.unmaskedRenderer),
    w.line('lab.report.maxTexture', webgl.maxTextureSize),
    w.heading('lab.report.extensions'),
    ...Object.entries(webgl.extensions).map(([name, present]) => w.named(name, present, 2)),
  ];
}

function tfjsLines({ tfjs }: DeviceReport, w: Writer): string[] {
  return [
    w.t.t('lab.report.tfjs'),
    w.line('lab.report.currentBackend', tfjs.currentBackend),
    w.line('lab.report.registeredBackends', tfjs.registeredBackends.join(', ') || w.none()),
    w.line('lab.report.wasmThreads', tfjs.wasmThreads),
    ...(tfjs.xnnpackThreads === undefined ? [] : [w.line('lab.report.xnnpackThreads', tfjs.xnnpackThreads)]),
    ...(tfjs.wasmKernels === undefined ? [] : [w.line('lab.report.wasmKernels', tfjs.wasmKernels)]),
    w.heading('lab.report.versions'),
    ...Object.entries(tfjs.versions).map(([name, version]) => w.named(name, version, 2)),
    w.heading('lab.report.flags'),
    ...(Object.keys(tfjs.flags).length === 0 ? [`${INDENT.repeat(2)}${w.t.t('lab.report.noFlags')}`] : []),
    ...Object.entries(tfjs.flags).map(([name, value]) => w.named(name, value, 2)),
  ];
}
