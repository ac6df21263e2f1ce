/** A device report as a Chromium on Linux with SwiftShader WebGPU gives it: the pure tests' input. */
import { msg } from '../../i18n/message';
import { HIDDEN, notAvailable, type DeviceReport, type FlagValue, type Reported } from './deviceReport';

export function sampleDeviceReport(overrides: { flags?: Record<string, FlagValue>; description?: Reported<string> } = {}): DeviceReport {
  return {
    schemaVersion: 1,
    collectedAt: '2025-01-02T03:04:05.000Z',
    environment: {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/139.0.0.0',
      browser: { name: 'Chromium', majorVersion: '139', fullVersion: HIDDEN },
      os: { name: 'Linux', version: HIDDEN, architecture: 'x86 (64-bit)' },
      mobile: false,
      clientHints: { brands: [{ brand: 'Chromium', version: '139' }], mobile: false, platform: 'Linux' },
      hardwareConcurrency: 2,
      deviceMemoryGiB: 8,
      crossOriginIsolated: false,
    },
    webgpu: {
      status: 'available',
      vendor: 'google',
      architecture: 'swiftshader',
      device: HIDDEN,
      description: overrides.description ?? HIDDEN,
      isFallbackAdapter: notAvailable(msg('engine.device.noFallbackFlag')),
      features: ['float32-filterable', 'timestamp-query'],
      limits: {
        maxBufferSize: 268_435_456,
        maxStorageBufferBindingSize: 134_217_728,
        maxComputeWorkgroupSizeX: 256,
        maxComputeInvocationsPerWorkgroup: 256,
        maxComputeWorkgroupStorageSize: 16_384,
      },
    },
    webgl: notAvailable(msg('engine.device.noOffscreenCanvas')),
    tfjs: {
      versions: { 'tfjs-core': '4.22.0', 'tfjs-backend-webgpu': notAvailable(msg('engine.device.webgpuVersionRegistered', { core: '4.22.0' })) },
      currentBackend: 'webgpu',
      registeredBackends: ['cpu', 'webgl', 'webgpu'],
      flags: overrides.flags ?? { WEBGPU_CPU_FORWARD: true, IS_BROWSER: true, WEBGPU_PRINT_SHADER: '' },
      wasmThreads: 2,
      xnnpackThreads: 2,
    },
  };
}
