import { collectEnvironmentSection, type EnvironmentSection } from './environmentInfo';
import { collectTfjsSection, type TfjsSection } from './tfjsInfo';
import { collectWebGlSection, type WebGlSection } from './webglInfo';
import { collectWebGpuSection, type WebGpuSection } from './webgpuInfo';

export { formatDeviceReport } from './formatDeviceReport';
export { HIDDEN, type NotAvailable, type Reported } from './reportValues';

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

/** Runs in a worker (or Node); sections that cannot be read say why instead of throwing. */
export async function collectDeviceReport(): Promise<DeviceReport> {
  const gpu = (globalThis as { navigator?: Navigator }).navigator?.gpu;
  const [environment, webgpu] = await Promise.all([collectEnvironmentSection(), collectWebGpuSection(gpu)]);
  return {
    schemaVersion: DEVICE_REPORT_SCHEMA_VERSION,
    collectedAt: new Date().toISOString(),
    environment,
    webgpu,
    webgl: collectWebGlSection(),
    tfjs: collectTfjsSection(),
  };
}
