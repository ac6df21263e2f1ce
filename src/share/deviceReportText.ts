import { isNotAvailable, type DeviceReport, type NotAvailable, type Reported, type WebGpuLimitName } from '../engine/protocol/deviceReport';

const INDENT = '  ';
const BYTES_PER_KIB = 1024;
/** Limits measured in bytes, shown with a readable size as well. */
const BYTE_LIMITS: ReadonlySet<WebGpuLimitName> = new Set(['maxBufferSize', 'maxStorageBufferBindingSize', 'maxComputeWorkgroupStorageSize']);

type Scalar = string | number | boolean;

/** Plain text for "copy as text": one "label: value" per line, sections separated by a blank line. */
export function formatDeviceReport(report: DeviceReport): string {
  const sections = [
    [`Device report (collected ${report.collectedAt}, schema ${report.schemaVersion})`],
    environmentLines(report),
    webGpuLines(report),
    webGlLines(report),
    tfjsLines(report),
  ];
  return sections.map((lines) => lines.join('\n')).join('\n\n') + '\n';
}

function environmentLines({ environment: env }: DeviceReport): string[] {
  const hints = env.clientHints;
  return [
    'Browser and system',
    line('User agent', env.userAgent),
    line('Browser', env.browser.name),
    line('Browser version', env.browser.majorVersion),
    line('Browser full version', env.browser.fullVersion),
    line('Operating system', env.os.name),
    line('OS version', env.os.version),
    line('CPU architecture', env.os.architecture),
    line('Mobile', env.mobile),
    isNotAvailable(hints)
      ? line('Client hints', hints)
      : line('Client hints brands', (hints.brands ?? []).map((b) => `${b.brand} ${b.version}`).join(', ') || 'none'),
    line('Logical CPU cores', env.hardwareConcurrency),
    line('Device memory (GiB, rounded by the browser)', env.deviceMemoryGiB),
    line('Cross-origin isolated', env.crossOriginIsolated),
  ];
}

function webGpuLines({ webgpu }: DeviceReport): string[] {
  if (webgpu.status === 'not available') return ['WebGPU', line('Status', webgpu)];
  const limits = Object.entries(webgpu.limits) as [WebGpuLimitName, Reported<number>][];
  return [
    'WebGPU',
    line('Status', 'available'),
    line('Adapter vendor', webgpu.vendor),
    line('Adapter architecture', webgpu.architecture),
    line('Adapter device', webgpu.device),
    line('Adapter description', webgpu.description),
    line('Fallback (software) adapter', webgpu.isFallbackAdapter),
    line(`Features (${webgpu.features.length})`, webgpu.features.join(', ') || 'none'),
    `${INDENT}Limits:`,
    ...limits.map(([name, value]) => line(name, BYTE_LIMITS.has(name) && typeof value === 'number' ? withSize(value) : value, 2)),
  ];
}

function webGlLines({ webgl }: DeviceReport): string[] {
  if (webgl.status === 'not available') return ['WebGL', line('Status', webgl)];
  return [
    'WebGL',
    line('Status', `available (${webgl.context === 'webgl2' ? 'WebGL 2' : 'WebGL 1 only'})`),
    line('Version', webgl.version),
    line('Shading language', webgl.shadingLanguageVersion),
    line('Unmasked vendor', webgl.unmaskedVendor),
    line('Unmasked renderer', webgl.unmaskedRenderer),
    line('Max texture size', webgl.maxTextureSize),
    `${INDENT}Extensions:`,
    ...Object.entries(webgl.extensions).map(([name, present]) => line(name, present, 2)),
  ];
}

function tfjsLines({ tfjs }: DeviceReport): string[] {
  return [
    'TensorFlow.js',
    line('Current backend', tfjs.currentBackend),
    line('Registered backends', tfjs.registeredBackends.join(', ') || 'none'),
    line('WebAssembly threads', tfjs.wasmThreads),
    `${INDENT}Versions:`,
    ...Object.entries(tfjs.versions).map(([name, version]) => line(name, version, 2)),
    `${INDENT}Flags:`,
    ...(Object.keys(tfjs.flags).length === 0 ? [`${INDENT.repeat(2)}none evaluated yet`] : []),
    ...Object.entries(tfjs.flags).map(([name, value]) => line(name, value, 2)),
  ];
}

function line(label: string, value: Scalar | NotAvailable, depth = 1): string {
  return `${INDENT.repeat(depth)}${label}: ${valueText(value)}`;
}

function valueText(value: Scalar | NotAvailable): string {
  if (isNotAvailable(value)) return `not available (${value.reason})`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === '') return '(empty)';
  return String(value);
}

function withSize(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let size = bytes / BYTES_PER_KIB;
  let unit = 0;
  while (size >= BYTES_PER_KIB && unit < units.length - 1) {
    size /= BYTES_PER_KIB;
    unit++;
  }
  return bytes < BYTES_PER_KIB ? `${bytes} bytes` : `${bytes} bytes (${Number(size.toFixed(1))} ${units[unit]})`;
}
