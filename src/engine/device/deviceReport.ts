import { DEVICE_REPORT_SCHEMA_VERSION, type DeviceReport } from '../protocol/deviceReport';
import { collectEnvironmentSection } from './environmentInfo';
import { collectTfjsSection } from './tfjsInfo';
import { collectWebGlSection } from './webglInfo';
import { collectWebGpuSection } from './webgpuInfo';
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
